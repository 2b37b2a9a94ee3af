import { randomUUID } from 'node:crypto';
import { rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startServer, type Response, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { payByCard } from '../helpers/money.js';
import { CSV, PNG, listAll, pngFile, upload, type UploadParts } from '../helpers/documents.js';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

/** A fresh platform's sandbox token, so each test counts only its own documents. */
async function freshToken(): Promise<string> {
  return (await server.platform()).token();
}

const logo: UploadParts = { type: 'company_logo', tags: ['brand'], file: pngFile() };
const withKey = (key: string) => ({ 'idempotency-key': key });

function expectProblem(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect(response.body.code).toBe(code);
}

describe('what works', () => {
  it('replays the first answer for the same key and the same upload, creating one document', async () => {
    const token = await freshToken();
    const key = randomUUID();
    const first = await upload(server, token, logo, withKey(key));
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();

    const retry = await upload(server, token, logo, withKey(key));
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    expect(await listAll(server, token)).toEqual([first.body.id]);
  });

  it('creates exactly one document for two concurrent uploads with one key', async () => {
    const token = await freshToken();
    const key = randomUUID();
    const answers = await Promise.all([upload(server, token, logo, withKey(key)), upload(server, token, logo, withKey(key))]);
    const created = answers.filter((answer) => answer.status === 201 && answer.headers.get('idempotent-replayed') === null);
    expect(created).toHaveLength(1);
    const other = answers.find((answer) => answer !== created[0])!;
    if (other.status === 201) {
      expect(other.headers.get('idempotent-replayed')).toBe('true');
      expect(other.body).toEqual(created[0]!.body);
    } else {
      expectProblem(other, 409, 'idempotency_in_flight');
    }
    expect(await listAll(server, token)).toEqual([created[0]!.body.id]);
  });

  it('scopes a key to the client: another platform and the live client may reuse it', async () => {
    const key = randomUUID();
    const platform = await server.platform();
    const sandbox = await upload(server, await platform.token(), logo, withKey(key));
    const live = await upload(server, await platform.token('live'), logo, withKey(key));
    const stranger = await upload(server, await freshToken(), logo, withKey(key));
    for (const answer of [sandbox, live, stranger]) {
      expect(answer.status).toBe(201);
      expect(answer.headers.get('idempotent-replayed')).toBeNull();
    }
    expect(new Set([sandbox.body.id, live.body.id, stranger.body.id]).size).toBe(3);
  });

  it('does not keep an answer given before the request was authenticated (401)', async () => {
    const key = randomUUID();
    const refused = await upload(server, 'not-a-token', logo, withKey(key));
    expect(refused.status).toBe(401);
    const accepted = await upload(server, await freshToken(), logo, withKey(key));
    expect(accepted.status).toBe(201);
    expect(accepted.headers.get('idempotent-replayed')).toBeNull();
  });

  it('accepts a key of 255 characters', async () => {
    const response = await upload(server, await freshToken(), logo, withKey('k'.repeat(255)));
    expect(response.status).toBe(201);
  });

  it('forgets a key after 24 hours', async () => {
    const platform = await server.platform();
    const key = randomUUID();
    const first = await upload(server, await platform.token(), logo, withKey(key));
    server.clock.advance(24 * 60 * 60);
    try {
      // A token issued at the new time: the first one has expired.
      const later = await upload(server, await platform.token('sandbox', 'documents:read_write'), logo, withKey(key));
      expect(later.status).toBe(201);
      expect(later.headers.get('idempotent-replayed')).toBeNull();
      expect(later.body.id).not.toBe(first.body.id);
    } finally {
      server.clock.advance(-24 * 60 * 60);
    }
  });
});

describe('what is refused', () => {
  it.each([
    { change: 'the bytes', other: { ...logo, file: { ...pngFile(), bytes: Buffer.concat([PNG, Buffer.from([0])]) } } },
    { change: 'the file name', other: { ...logo, file: pngFile('other.png') } },
    { change: 'the declared Content-Type', other: { ...logo, file: { ...pngFile(), contentType: 'image/jpeg' } } },
    { change: 'the type', other: { ...logo, type: 'other' } },
    { change: 'the tags', other: { ...logo, tags: ['brand', 'new'] } },
  ])('answers 422 idempotency_key_reused when $change differs, and creates nothing', async ({ other }) => {
    const token = await freshToken();
    const key = randomUUID();
    const first = await upload(server, token, logo, withKey(key));
    expect(first.status).toBe(201);
    expectProblem(await upload(server, token, other, withKey(key)), 422, 'idempotency_key_reused');
    expect(await listAll(server, token)).toEqual([first.body.id]);
  });

  it('answers 409 with Retry-After while the first request holds the key in the database, then replays it', async () => {
    const token = await freshToken();
    const key = randomUUID();
    const first = await upload(server, token, logo, withKey(key));
    expect(first.status).toBe(201);
    // The claim lives in the database: mark it as still running, as another API process would hold it.
    const { db } = server.app.database;
    const setState = (state: 'in_flight' | 'done') => db.updateTable('idempotency_keys').set({ state }).where('key', '=', key).executeTakeFirstOrThrow();
    expect(Number((await setState('in_flight')).numUpdatedRows)).toBe(1);

    const during = await upload(server, token, logo, withKey(key));
    expectProblem(during, 409, 'idempotency_in_flight');
    expect(during.headers.get('retry-after')).toBe('1');
    expect(during.headers.get('idempotent-replayed')).toBeNull();
    // Another body under the same key is still a misuse of the key, in flight or not.
    expectProblem(await upload(server, token, { ...logo, type: 'other' }, withKey(key)), 422, 'idempotency_key_reused');

    await setState('done');
    const after = await upload(server, token, logo, withKey(key));
    expect(after.status).toBe(201);
    expect(after.headers.get('idempotent-replayed')).toBe('true');
    expect(after.body).toEqual(first.body);
    expect(await listAll(server, token)).toEqual([first.body.id]);
  });

  it('refuses a key of 256 characters and an empty key with 400', async () => {
    const token = await freshToken();
    for (const key of ['k'.repeat(256), '']) {
      const response = await upload(server, token, logo, withKey(key));
      expectProblem(response, 400, 'validation_error');
      expect(response.body.errors).toEqual([expect.objectContaining({ pointer: '/headers/idempotency-key' })]);
    }
    expect(await listAll(server, token)).toEqual([]);
  });

  it('keeps a refused upload (4xx) under its key: the retry replays the 400, a corrected body is 422', async () => {
    const token = await freshToken();
    const key = randomUUID();
    const invalid: UploadParts = { type: 'company_logo', file: { bytes: CSV, filename: 'logo.csv', contentType: 'text/csv' } };
    const first = await upload(server, token, invalid, withKey(key));
    expectProblem(first, 400, 'validation_error');

    const retry = await upload(server, token, invalid, withKey(key));
    expectProblem(retry, 400, 'validation_error');
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);

    expectProblem(await upload(server, token, logo, withKey(key)), 422, 'idempotency_key_reused');
    expect(await listAll(server, token)).toEqual([]);
  });

  it('does not keep a 5xx: once storage works again, the retry with the key runs the upload', async () => {
    const token = await freshToken();
    const key = randomUUID();
    const blobs = path.join(server.config.dataDir, 'blobs');
    await rename(blobs, `${blobs}.aside`);
    await writeFile(blobs, 'a file where the blob directory should be');
    try {
      expectProblem(await upload(server, token, logo, withKey(key)), 500, 'internal_error');
    } finally {
      await rm(blobs);
      await rename(`${blobs}.aside`, blobs);
    }
    const retry = await upload(server, token, logo, withKey(key));
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(await listAll(server, token)).toEqual([retry.body.id]);
  });
});

describe('the key and its answer commit with the change', () => {
  const api = async (platform: TestPlatform, method: string, pathname: string, body?: unknown, key?: string) =>
    server.request(method, `/sandbox${pathname}`, { token: await platform.token(), body, headers: key ? withKey(key) : {} });
  const refundBody = (paymentId: string) => ({ payment_id: paymentId, description: 'Returned goods', routing: { platform: { amount_minor: 700 } } });
  const paymentBody = (reference: string) => ({ amount_minor: 1_500, currency: 'EUR', reference, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' } });
  const keyRows = (key: string) => server.app.database.db.selectFrom('idempotency_keys').selectAll().where('key', '=', key).execute();

  /** Makes the database refuse, inside the change's transaction, to keep the answer of keys starting with `refuse-`: as if the process died before committing. */
  async function refusingToKeep<T>(steps: () => Promise<T>): Promise<T> {
    const { db } = server.app.database;
    await sql`CREATE FUNCTION refuse_to_keep() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.state = 'done' AND NEW.key LIKE 'refuse-%' THEN RAISE EXCEPTION 'injected failure before commit'; END IF;
        RETURN NEW;
      END $$`.execute(db);
    await sql`CREATE TRIGGER refuse_to_keep BEFORE INSERT OR UPDATE ON idempotency_keys FOR EACH ROW EXECUTE FUNCTION refuse_to_keep()`.execute(db);
    try {
      return await steps();
    } finally {
      await sql`DROP TRIGGER refuse_to_keep ON idempotency_keys`.execute(db);
      await sql`DROP FUNCTION refuse_to_keep()`.execute(db);
    }
  }

  it('stores the answer with the refund: the key row holds exactly the body answered', async () => {
    const platform = await server.platform();
    const paymentId = await payByCard(server, platform, { amount_minor: 2_000 });
    const key = randomUUID();
    const created = await api(platform, 'POST', '/refunds', refundBody(paymentId), key);
    expect(created.status, created.text).toBe(201);
    const [row] = await keyRows(key);
    expect(row).toMatchObject({ state: 'done', response_status: 201 });
    expect(JSON.parse(row!.response_body!)).toEqual(created.body);
  });

  it('leaves nothing of a refund whose transaction fails after taking its key, and runs its retry once', async () => {
    const platform = await server.platform();
    const paymentId = await payByCard(server, platform, { amount_minor: 2_000 });
    const key = `refuse-${randomUUID()}`;
    const failed = await refusingToKeep(() => api(platform, 'POST', '/refunds', refundBody(paymentId), key));
    expectProblem(failed, 500, 'internal_error');
    expect((await api(platform, 'GET', `/refunds?payment_id=${paymentId}`)).body.data).toEqual([]);
    expect((await api(platform, 'GET', `/payments/${paymentId}`)).body.routing.platform.refundable_amount).toBe(2_000);
    expect((await api(platform, 'GET', '/events?type=refund_initiated')).body.data).toEqual([]);
    expect(await keyRows(key)).toEqual([]);

    const retry = await api(platform, 'POST', '/refunds', refundBody(paymentId), key);
    expect(retry.status, retry.text).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    const replay = await api(platform, 'POST', '/refunds', refundBody(paymentId), key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(retry.body);
    expect((await api(platform, 'GET', `/refunds?payment_id=${paymentId}`)).body.data.map((row: { id: string }) => row.id)).toEqual([retry.body.id]);
    expect((await api(platform, 'GET', `/payments/${paymentId}`)).body.routing.platform.refundable_amount).toBe(1_300);
  });

  it('leaves nothing of a batched initiation whose statement fails with its key, and runs its retry once', async () => {
    const platform = await server.platform();
    const key = `refuse-${randomUUID()}`;
    const reference = `batch-${key.slice(-8)}`;
    const failed = await refusingToKeep(() => api(platform, 'POST', '/payments', paymentBody(reference), key));
    expectProblem(failed, 500, 'internal_error');
    expect((await api(platform, 'GET', `/payments?reference=${reference}`)).body.data).toEqual([]);
    expect(await keyRows(key)).toEqual([]);
    const retry = await api(platform, 'POST', '/payments', paymentBody(reference), key);
    expect(retry.status, retry.text).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect((await api(platform, 'GET', `/payments?reference=${reference}`)).body.data.map((row: { id: string }) => row.id)).toEqual([retry.body.id]);
  });

  /** Concurrent requests with one key: one ran, every other replayed its answer. */
  function expectOneAnswer(answers: Response[]) {
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(201);
      expect(answer.body).toEqual(answers[0]!.body);
    }
    expect(answers.filter((answer) => answer.headers.get('idempotent-replayed') === null)).toHaveLength(1);
  }

  it('answers concurrent refunds with one key with one refund, every answer the same', async () => {
    const platform = await server.platform();
    const paymentId = await payByCard(server, platform, { amount_minor: 2_000 });
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => api(platform, 'POST', '/refunds', refundBody(paymentId), key)));
    expectOneAnswer(answers);
    expect((await api(platform, 'GET', `/refunds?payment_id=${paymentId}`)).body.data).toHaveLength(1);
    expect((await api(platform, 'GET', `/payments/${paymentId}`)).body.routing.platform.refundable_amount).toBe(1_300);
  });

  it('answers concurrent initiations with one key (one batch) with one payment, every answer the same', async () => {
    const platform = await server.platform();
    const key = randomUUID();
    const reference = `concurrent-${key.slice(0, 8)}`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => api(platform, 'POST', '/payments', paymentBody(reference), key)));
    expectOneAnswer(answers);
    expect((await api(platform, 'GET', `/payments?reference=${reference}`)).body.data).toHaveLength(1);
  });

  it('refuses a concurrent request with the same key and another body (422), creating one refund', async () => {
    const platform = await server.platform();
    const paymentId = await payByCard(server, platform, { amount_minor: 2_000 });
    const key = randomUUID();
    const other = { ...refundBody(paymentId), routing: { platform: { amount_minor: 300 } } };
    const answers = await Promise.all([api(platform, 'POST', '/refunds', refundBody(paymentId), key), api(platform, 'POST', '/refunds', other, key)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 422]);
    expect((await api(platform, 'GET', `/refunds?payment_id=${paymentId}`)).body.data).toHaveLength(1);
  });

  it('tells apart requests to different objects under one key: completing another refund with the key is 422, and does not replay', async () => {
    const platform = await server.platform();
    const paymentId = await payByCard(server, platform, { amount_minor: 2_000 });
    const [first, second] = [await api(platform, 'POST', '/refunds', refundBody(paymentId)), await api(platform, 'POST', '/refunds', refundBody(paymentId))];
    const key = randomUUID();
    const completed = await api(platform, 'POST', `/simulations/refunds/${first.body.id}/complete`, undefined, key);
    expect(completed.status, completed.text).toBe(200);
    expectProblem(await api(platform, 'POST', `/simulations/refunds/${second.body.id}/complete`, undefined, key), 422, 'idempotency_key_reused');
    expect((await api(platform, 'GET', `/refunds/${second.body.id}`)).body.status).toBe('initiated');
    const replay = await api(platform, 'POST', `/simulations/refunds/${first.body.id}/complete`, undefined, key);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(completed.body);
  });

  it('replays the sandbox clock moved with a key instead of moving it again', async () => {
    const platform = await server.platform();
    const key = randomUUID();
    const moved = await api(platform, 'POST', '/simulations/clock/advance', { seconds: 60 }, key);
    expect(moved.status, moved.text).toBe(200);
    const again = await api(platform, 'POST', '/simulations/clock/advance', { seconds: 60 }, key);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(moved.body);
    const now = server.app.environmentClock.now('sandbox', platform.platformId).getTime();
    expect(now - Date.parse(moved.body.now)).toBeLessThan(60_000);
  });
});
