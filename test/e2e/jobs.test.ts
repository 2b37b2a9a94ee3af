import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureJob, rescheduleJob } from '../../src/core/jobs.js';
import { startServer, type TestServer } from '../helpers/harness.js';

let server: TestServer;

beforeAll(async () => {
  server = await startServer({ JOB_WORKER: 'off' });
});
afterAll(() => server?.close());

it('keeps one pending job per subject however often it is scheduled again on one connection (past the prepared statement going generic)', async () => {
  const job = (minutes: number) => ({ environment: 'sandbox' as const, kind: 'test.repeat', subjectId: 'subject-1', dueAt: new Date(server.clock.now().getTime() + minutes * 60_000) });
  await server.app.database.db.transaction().execute(async (trx) => {
    for (let round = 1; round <= 12; round++) {
      await rescheduleJob(trx, job(round), server.clock.now());
      await ensureJob(trx, job(100 + round), server.clock.now());
    }
  });
  const pending = await server.app.database.db.selectFrom('scheduled_jobs').select('due_at').where('kind', '=', 'test.repeat').where('state', '=', 'pending').execute();
  expect(pending.map((row) => row.due_at.getTime())).toEqual([job(12).dueAt.getTime()]);
});
