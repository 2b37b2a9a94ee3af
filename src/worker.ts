import { existsSync } from 'node:fs';
import pino from 'pino';
import { loadConfig } from './core/config.js';
import { openDatabase } from './core/db.js';
import { systemClock } from './core/clock.js';
import { DeliveryWorker } from './events/worker.js';
import { HttpSender } from './events/sender.js';

/** A process that only delivers webhooks; run as many as needed beside the API processes. */
if (existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
const log = pino({ level: config.logLevel });
const database = await openDatabase(config);
const worker = new DeliveryWorker(database, systemClock, new HttpSender(), log);
await worker.start();
log.info('webhook delivery worker started');

async function shutdown(): Promise<void> {
  await worker.stop();
  await database.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown());
process.on('SIGINT', () => void shutdown());
