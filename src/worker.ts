import { existsSync } from 'node:fs';
import { loadConfigOrExit } from './core/config.js';
import { buildApp, startingLogger } from './server.js';
import { stopOnSignals } from './core/shutdown.js';
import { generatedKeyLines, startingWithKeys } from './core/encryption-keys.js';
import { startWhenDatabaseAnswers } from './core/starting.js';

/**
 * A process that only works in the background: webhook delivery and scheduled jobs. Run as many
 * as needed beside API processes started with WEBHOOK_WORKER=off JOB_WORKER=off; they coordinate
 * through the database. It builds the same services as the API but listens on no port.
 */
if (existsSync('.env')) process.loadEnvFile('.env');
const loaded = await startingWithKeys(async () => loadConfigOrExit());
// METRICS_PORT is the API process's: a worker beside it on the same machine would find the port taken.
const config = { ...loaded, webhookWorker: true, jobWorker: true, metrics: { ...loaded.metrics, listen: undefined } };
// A database away while the worker starts is waited for, however long.
const startLog = startingLogger(config);
const { app, database, close } = await startingWithKeys(() => startWhenDatabaseAnswers(() => buildApp({ config }), startLog));
for (const line of generatedKeyLines(database.generatedKey)) process.stdout.write(`${line}\n`);
app.log.info('background worker started: webhook delivery and scheduled jobs');

stopOnSignals(app.log, config.shutdown.timeoutSeconds, close);
