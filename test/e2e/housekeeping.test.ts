import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUSEKEEPING_JOB } from '../../src/operations/housekeeping.js';
import { startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

let server: TestServer;
let platform: TestPlatform;

beforeAll(async () => {
  // Jobs run only when the test says so: a background pass between two clock moves would run
  // the housekeeping at another time than the one the assertions count on.
  server = await startServer({ JOB_WORKER: 'off' });
  platform = await server.platform();
});
afterAll(() => server?.close());

const db = () => server.app.database.db;

async function initiate(key: string): Promise<string> {
  const response = await server.request('POST', '/payments', {
    token: await platform.token('live'),
    headers: { 'idempotency-key': key },
    body: { amount_minor: 1_000, currency: 'EUR', reference: 'housekeeping', payment_method: { type: 'card' }, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' } },
  });
  expect(response.status).toBe(201);
  return response.body.id;
}

const idempotencyKeys = (key: string) => db().selectFrom('idempotency_keys').select('key').where('key', '=', key).execute();
const jobsOf = (paymentId: string) => db().selectFrom('scheduled_jobs').select(['state']).where('subject_id', '=', paymentId).execute();
const pendingHousekeeping = () =>
  db().selectFrom('scheduled_jobs').select(['due_at']).where('kind', '=', HOUSEKEEPING_JOB).where('environment', '=', 'live').where('state', '=', 'pending').execute();

describe('what works', () => {
  it('deletes idempotency keys past their 24 hours and jobs done more than a week ago, keeping the rest, once a day', async () => {
    const oldKey = randomUUID();
    const oldPayment = await initiate(oldKey);
    server.clock.advance(2 * HOUR); // the payment's page expires: its expiry job runs and is done
    await server.app.services.jobs.runDue();
    expect(await jobsOf(oldPayment)).toEqual([{ state: 'done' }]);

    server.clock.advance(7 * DAY);
    const recentKey = randomUUID();
    const recentPayment = await initiate(recentKey);
    server.clock.advance(2 * HOUR);
    await server.app.services.jobs.runDue();

    expect(await idempotencyKeys(oldKey)).toEqual([]);
    expect(await jobsOf(oldPayment)).toEqual([]);
    expect(await idempotencyKeys(recentKey)).toHaveLength(1);
    expect(await jobsOf(recentPayment)).toEqual([{ state: 'done' }]);
    // After a week away it ran once, not once per missed day, and comes back in a day.
    const [next, ...others] = await pendingHousekeeping();
    expect(others).toEqual([]);
    expect(new Date(next!.due_at).getTime()).toBe(server.clock.now().getTime() + DAY * 1000);
  });
});
