import type { Environment } from '../core/config.js';
import { parseCommandArgs, runSubcommand, type Command } from './command.js';
import { withDatabase } from './database.js';
import type { Database } from '../core/db.js';
import { UsageError, type CliContext } from './context.js';

/** The client service and repository, loaded when a subcommand runs (see withDatabase). */
async function clients() {
  const [{ ClientService }, { listClients }, { systemClock }, { ENVIRONMENTS }] = await Promise.all([
    import('../auth/service.js'),
    import('../auth/repository.js'),
    import('../core/clock.js'),
    import('../core/config.js'),
  ]);
  return { service: (db: Database['db']) => new ClientService(db, systemClock), listClients, ENVIRONMENTS };
}

async function environmentOf(value: string | undefined): Promise<Environment | undefined> {
  const { ENVIRONMENTS } = await clients();
  if (value !== undefined && !ENVIRONMENTS.includes(value as Environment)) throw new UsageError('--environment must be sandbox or live');
  return value as Environment | undefined;
}

async function create(args: string[], context: CliContext): Promise<number> {
  const { values } = parseCommandArgs(
    args,
    { environment: { type: 'string' }, scopes: { type: 'string' }, platform: { type: 'string' }, 'platform-name': { type: 'string' }, name: { type: 'string' } },
    { min: 0, max: 0 },
  );
  const environment = await environmentOf(values.environment);
  if (!environment) throw new UsageError('--environment is required');
  const { service } = await clients();
  const created = await withDatabase((database) =>
    service(database.db).create({
      environment,
      scopes: values.scopes?.split(/[\s,]+/).filter(Boolean),
      platformId: values.platform,
      platformName: values['platform-name'],
      name: values.name,
    }),
  );
  context.print(
    [
      `platform_id:   ${created.platformId}`,
      `environment:   ${created.environment}`,
      `client_id:     ${created.clientId}`,
      `client_secret: ${created.clientSecret}`,
      `scopes:        ${created.scopes.join(' ')}`,
      'The secret is stored only as a hash: this is the only time it is shown.',
    ].join('\n'),
  );
  return 0;
}

async function list(args: string[], context: CliContext): Promise<number> {
  const { values } = parseCommandArgs(args, { environment: { type: 'string' } }, { min: 0, max: 0 });
  const environment = await environmentOf(values.environment);
  const { listClients } = await clients();
  for (const client of await withDatabase((database) => listClients(database.db, environment))) {
    context.print(`${client.id}\t${client.environment}\tplatform ${client.platform_id}\t${client.revoked_at ? 'revoked' : 'active'}\t${client.scopes.join(' ')}`);
  }
  return 0;
}

async function revoke(args: string[], context: CliContext): Promise<number> {
  const { positionals } = parseCommandArgs(args, {}, { min: 1, max: 1 });
  const clientId = positionals[0]!;
  const { service } = await clients();
  const revoked = await withDatabase((database) => service(database.db).revoke(clientId));
  context.print(revoked ? `Revoked ${clientId}.` : `No active client ${clientId}.`);
  return revoked ? 0 : 1;
}

export const clientsCommand: Command = {
  name: 'clients',
  summary: 'Create, list and revoke API clients (on the database: DATABASE_URL or DATA_DIR)',
  usage: `Usage:
  payments clients create --environment sandbox|live [--scopes "payments:read …"] [--platform acc_…] [--platform-name "Acme"] [--name label]
      Creates a client (and a new platform unless --platform is given); prints the secret once.
  payments clients list [--environment sandbox|live]
  payments clients revoke CLIENT_ID
      No new token for the client; its tokens are refused within 5 seconds by every API process.

Works on the database directly (DATABASE_URL, else the embedded database in DATA_DIR; .env is read),
never through the API.`,
  run: (args, context) => runSubcommand(args, context, { create, list, revoke }),
};
