import { existsSync } from 'node:fs';
import { loadConfigOrExit } from './core/config.js';
import { buildApp, startingLogger } from './server.js';
import { listClients } from './auth/repository.js';
import { stopOnSignals } from './core/shutdown.js';
import { generatedKeyLines, needsRotation, startingWithKeys } from './core/encryption-keys.js';
import { StartingListener, startWhenDatabaseAnswers } from './core/starting.js';

if (existsSync('.env')) process.loadEnvFile('.env');
const config = await startingWithKeys(async () => loadConfigOrExit());
// The port answers at once (readiness 503) while the start waits for the database, however long it is away.
const starting = await StartingListener.open(config);
const startLog = startingLogger(config);
const { app, database, services, close } = await startingWithKeys(() => startWhenDatabaseAnswers(() => buildApp({ config }), startLog));
// At once: webhook delivery and scheduled jobs run already.
stopOnSignals(app.log, config.shutdown.timeoutSeconds, close);

/** A newcomer gets working sandbox credentials on the very first start, printed once. */
async function announceCredentials(): Promise<string[]> {
  const sandboxClients = await listClients(database.db, 'sandbox');
  if (sandboxClients.length === 0) {
    const created = await services.clients.create({ environment: 'sandbox', platformName: 'Demo platform', name: 'first start' });
    return [
      'Sandbox credentials (the secret is shown only now; keep it):',
      `  client_id:     ${created.clientId}`,
      `  client_secret: ${created.clientSecret}`,
      `  audience:      ${config.sandboxBaseUrl}`,
    ];
  }
  return [
    `Sandbox clients: ${sandboxClients.map((client) => client.id).join(', ')}`,
    '  (secrets were shown when created; `npm run cli -- clients create --environment sandbox` makes another)',
  ];
}

/**
 * A read for the start's announcement, once the server serves: a database that drops meanwhile (a
 * restart, a failover) costs the line, never the running server.
 */
async function orWithout<T>(what: string, read: () => Promise<T>, without: T): Promise<T> {
  try {
    return await read();
  } catch (error) {
    app.log.warn({ err: error }, `${what}: the database did not answer at the start`);
    return without;
  }
}

await app.listen(starting.handOver());
const lines = [
  `Payments API on ${config.baseUrl} (sandbox ${config.sandboxBaseUrl}), database: ${database.kind === 'pglite' ? `embedded in ${config.dataDir}` : 'PostgreSQL'}`,
  `API reference: ${config.baseUrl}/docs`,
  ...(await orWithout('sandbox credentials', announceCredentials, [])),
  ...generatedKeyLines(database.generatedKey),
  `Get a token: curl -s ${config.authUrl}/oauth/token -H 'content-type: application/json' -d '{"grant_type":"client_credentials","client_id":"…","client_secret":"…","audience":"${config.sandboxBaseUrl}"}'`,
];
process.stdout.write(`${lines.join('\n')}\n`);
if (await orWithout('encryption key rotation', () => needsRotation(database.db, database.cipher), false)) {
  app.log.warn('some data is still sealed with a previous encryption key: run `npm run cli -- keys rotate`, then drop the old key');
}
