import { parseCommandArgs, runSubcommand, type Command } from './command.js';
import type { CliContext } from './context.js';
import { withDatabase } from './database.js';

async function generate(args: string[], context: CliContext): Promise<number> {
  parseCommandArgs(args, {}, { min: 0, max: 0 });
  const { generateKey } = await import('../core/encryption-keys.js');
  context.print(generateKey());
  return 0;
}

async function rotate(args: string[], context: CliContext): Promise<number> {
  parseCommandArgs(args, {}, { min: 0, max: 0 });
  const [{ resealAll }, { blobStoreFor }, { sealDocuments }] = await Promise.all([
    import('../core/encryption-keys.js'),
    import('../documents/blob-store.js'),
    import('../documents/sealing.js'),
  ]);
  const { counts, keyId } = await withDatabase(async (database, config) => {
    const columns = await resealAll(database.db.withoutPlugins(), database.cipher);
    const documents = await sealDocuments(database.db, blobStoreFor(config, database.cipher));
    return { counts: documents > 0 ? { ...columns, documents } : columns, keyId: database.cipher.current.id };
  });
  for (const [what, count] of Object.entries(counts)) context.print(`${what}: ${count} sealed again`);
  context.print(`Everything is sealed with key ${keyId}; previous keys may be dropped.`);
  return 0;
}

/** The keys data is sealed with at rest (README, "Secrets and personal data at rest"); on the database itself. */
export const keysCommand: Command = {
  name: 'keys',
  summary: 'Make an encryption key, or seal the data again with the current one',
  usage: `Usage:
  payments keys generate
      Prints a new encryption key (for ENCRYPTION_KEY).
  payments keys rotate
      Seals everything sealed with a previous key (ENCRYPTION_PREVIOUS_KEYS), stored documents
      included, with the current one (ENCRYPTION_KEY), beside running processes; then the previous
      keys may be dropped.
      Opens the database itself (DATABASE_URL or DATA_DIR, .env read), as \`clients\` does.`,
  run: (args, context) => runSubcommand(args, context, { generate, rotate }),
};
