import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadConfig, ENVIRONMENTS, type Environment } from './core/config.js';
import { openDatabase } from './core/db.js';
import { systemClock } from './core/clock.js';
import { ClientService } from './auth/service.js';
import { listClients } from './auth/repository.js';
import { generateKey, resealAll, startingWithKeys } from './core/encryption-keys.js';

const USAGE = `Usage:
  npm run cli -- clients create --environment sandbox|live [--scopes "payments:read …"] [--platform acc_…] [--platform-name "Acme"] [--name label]
      Creates a client (and a new platform unless --platform is given); prints the secret once.
  npm run cli -- clients list [--environment sandbox|live]
  npm run cli -- clients revoke CLIENT_ID
      No new token for the client; its tokens are refused within 5 seconds by every API process.
  npm run cli -- keys generate
      Prints a new encryption key (for ENCRYPTION_KEY).
  npm run cli -- keys rotate
      Seals everything sealed with a previous key (ENCRYPTION_PREVIOUS_KEYS) with the current one (ENCRYPTION_KEY).
`;

async function keys(command: string | undefined): Promise<number> {
  if (command === 'generate') {
    process.stdout.write(`${generateKey()}\n`);
    return 0;
  }
  if (command !== 'rotate') {
    process.stderr.write(USAGE);
    return 2;
  }
  const database = await startingWithKeys(() => openDatabase(loadConfig()));
  try {
    const counts = await resealAll(database.db.withoutPlugins(), database.cipher);
    for (const [column, count] of Object.entries(counts)) process.stdout.write(`${column}: ${count} sealed again\n`);
    process.stdout.write(`Everything is sealed with key ${database.cipher.current.id}; previous keys may be dropped.\n`);
    return 0;
  } finally {
    await database.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [area, command, ...rest] = argv;
  if (existsSync('.env')) process.loadEnvFile('.env');
  if (area === 'keys') return keys(command);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: command === 'revoke',
    options: {
      environment: { type: 'string' },
      scopes: { type: 'string' },
      platform: { type: 'string' },
      'platform-name': { type: 'string' },
      name: { type: 'string' },
    },
  });
  if (area !== 'clients' || !['create', 'list', 'revoke'].includes(command ?? '') || (command === 'revoke' && positionals.length !== 1)) {
    process.stderr.write(USAGE);
    return 2;
  }
  const environment = values.environment as Environment | undefined;
  if (environment !== undefined && !ENVIRONMENTS.includes(environment)) {
    process.stderr.write(`--environment must be sandbox or live\n${USAGE}`);
    return 2;
  }
  const database = await startingWithKeys(() => openDatabase(loadConfig()));
  try {
    if (command === 'list') {
      for (const client of await listClients(database.db, environment)) {
        process.stdout.write(`${client.id}\t${client.environment}\tplatform ${client.platform_id}\t${client.revoked_at ? 'revoked' : 'active'}\t${client.scopes.join(' ')}\n`);
      }
      return 0;
    }
    if (command === 'revoke') {
      const [clientId] = positionals as [string];
      const revoked = await new ClientService(database.db, systemClock).revoke(clientId);
      process.stdout.write(revoked ? `Revoked ${clientId}.\n` : `No active client ${clientId}.\n`);
      return revoked ? 0 : 1;
    }
    if (!environment) {
      process.stderr.write(`--environment is required\n${USAGE}`);
      return 2;
    }
    const created = await new ClientService(database.db, systemClock).create({
      environment,
      scopes: values.scopes?.split(/[\s,]+/).filter(Boolean),
      platformId: values.platform,
      platformName: values['platform-name'],
      name: values.name,
    });
    process.stdout.write(
      [
        `platform_id:   ${created.platformId}`,
        `environment:   ${created.environment}`,
        `client_id:     ${created.clientId}`,
        `client_secret: ${created.clientSecret}`,
        `scopes:        ${created.scopes.join(' ')}`,
        'The secret is stored only as a hash: this is the only time it is shown.',
        '',
      ].join('\n'),
    );
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
