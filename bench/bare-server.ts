/**
 * A bare baseline of bench/baselines.ts in a process of its own, as BENCH_OUTSIDE=1 runs it: on the
 * PostgreSQL server of DATABASE_URL, in the bench's schema (BENCH_SCHEMA), listening on a free port
 * that it prints. The bench stops it with a signal, and drops the schema itself.
 *
 *   node --import tsx bench/bare-server.ts payments|lifecycle
 */
import { BASELINES, type BaselineName } from './baselines.js';
import { listening, postgresBaseline } from './server.js';

const name = process.argv[2] ?? '';
if (!Object.hasOwn(BASELINES, name)) throw new Error(`bare-server.ts takes a baseline's name: ${Object.keys(BASELINES).join(', ')}`);
const { url } = await listening(await BASELINES[name as BaselineName](postgresBaseline()));
process.stdout.write(`bare baseline on ${url}\n`);
