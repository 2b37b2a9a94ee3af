import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { completeSteps, startApplication, step, submitApplication, type StartedApplication } from '../helpers/onboarding.js';
import { eventually, startReceiver, type Receiver } from '../helpers/receiver.js';

let server: TestServer;
let platform: TestPlatform;
let receiver: Receiver;

beforeAll(async () => {
  server = await startServer({ JOB_WORKER: 'off' }); // the tests run due jobs themselves, on their clock
  platform = await server.platform();
  receiver = await startReceiver();
});
afterAll(async () => {
  await server?.close();
  await receiver?.close();
});

const HOUR = 3600;
const actionRequired = { email: 'ada@example.com', first_name: 'Ada', last_name: 'Actionrequired' };

function start(overrides: Record<string, unknown> = {}, owner: TestPlatform = platform) {
  return startApplication(server, owner, { urls: { webhook: receiver.url }, ...overrides });
}

function eventTypesOf(id: string): string[] {
  return receiver.received.map((entry) => JSON.parse(entry.body)).filter((event) => event.data.id === id).map((event) => event.type);
}

async function webhooksOf(id: string, count: number): Promise<string[]> {
  return eventually(async () => eventTypesOf(id).length >= count && eventTypesOf(id));
}

async function read(application: StartedApplication, owner: TestPlatform = platform) {
  return server.request('GET', `/sandbox/applications/${application.id}`, { token: await owner.token() });
}

async function decide(id: string, body: unknown, options: { owner?: TestPlatform; path?: string; scope?: string; environment?: 'live' | 'sandbox' } = {}) {
  const owner = options.owner ?? platform;
  const environment = options.environment ?? 'sandbox';
  const prefix = options.path ?? '/sandbox';
  return server.request('POST', `${prefix}/simulations/applications/${id}/decision`, { token: await owner.token(environment, options.scope), body });
}

describe('what works', () => {
  it('succeeds one hour after submit on the clock and sends application_succeeded to the webhook', async () => {
    const application = await start();
    await submitApplication(server, application);
    const submittedAt = server.clock.now();

    server.clock.advance(HOUR - 1);
    await server.app.services.jobs.runDue();
    expect((await read(application)).body.status).toBe('submitted');

    server.clock.advance(1);
    await server.app.services.jobs.runDue();
    const decided = await read(application);
    expect(decided.body).toMatchObject({ status: 'succeeded', decided_at: new Date(submittedAt.getTime() + HOUR * 1000).toISOString() });
    expect(await webhooksOf(application.id, 3)).toEqual(['application_started', 'application_submitted', 'application_succeeded']);
    const event = receiver.received.map((entry) => JSON.parse(entry.body)).find((e) => e.type === 'application_succeeded' && e.data.id === application.id);
    expect(event.data).toEqual({ id: application.id, merchant_id: application.merchantId, reference: 'merchant-1' });

    // The applicant sees the outcome and still cannot change anything.
    const state = await step(server, application, 'GET', '');
    expect(state.body.status).toBe('succeeded');
    expect(state.body.workflow).toEqual({ previous: 'app:submit', next: null, complete: true });
    expect((await step(server, application, 'POST', '/submit')).status).toBe(409);
  });

  it('asks for action when the applicant is called Actionrequired, and emits application_action_required', async () => {
    const application = await start({ applicant: actionRequired });
    await submitApplication(server, application, actionRequired);
    server.clock.advance(HOUR);
    await server.app.services.jobs.runDue();
    expect((await read(application)).body.status).toBe('action_required');
    expect(await webhooksOf(application.id, 3)).toEqual(['application_started', 'application_submitted', 'application_action_required']);
    const listed = await server.request('GET', '/sandbox/applications?status=action_required', { token: await platform.token() });
    expect(listed.body.data.map((item: { id: string }) => item.id)).toContain(application.id);
  });

  it('forces an outcome now from the sandbox; the hour later then changes nothing', async () => {
    const application = await start();
    await submitApplication(server, application);
    const forced = await decide(application.id, { outcome: 'action_required' });
    expect(forced.status, forced.text).toBe(200);
    expect(forced.body).toMatchObject({ id: application.id, status: 'action_required', decided_at: server.clock.now().toISOString() });
    const again = await decide(application.id, { outcome: 'succeeded' });
    expect(again.body.status).toBe('succeeded');
    expect(await webhooksOf(application.id, 4)).toEqual(['application_started', 'application_submitted', 'application_action_required', 'application_succeeded']);

    server.clock.advance(HOUR);
    await server.app.services.jobs.runDue();
    expect((await read(application)).body.status).toBe('succeeded');
    const stored = await server.app.database.db.selectFrom('events').select('type').where('object_id', '=', application.id).execute();
    expect(stored.map((row) => row.type).sort()).toEqual(['application_action_required', 'application_started', 'application_submitted', 'application_succeeded']);
  });
});

describe('an application that needs action', () => {
  it('is submitted again after a forced action_required, and decided an hour after that second submit', async () => {
    const application = await start();
    await submitApplication(server, application);
    expect((await decide(application.id, { outcome: 'action_required' })).status).toBe(200);
    let moved = 0;
    const later = (seconds: number) => {
      server.clock.advance(seconds);
      moved += seconds;
    };
    later(HOUR / 2);
    try {
      const resubmitted = await step(server, application, 'POST', '/submit');
      expect(resubmitted.status, resubmitted.text).toBe(200);
      expect(resubmitted.body.status).toBe('submitted');
      later(HOUR / 2); // the first submit's hour: no decision yet
      await server.app.services.jobs.runDue();
      expect((await read(application)).body.status).toBe('submitted');
      later(HOUR / 2);
      await server.app.services.jobs.runDue();
      expect((await read(application)).body.status).toBe('succeeded');
      expect(await webhooksOf(application.id, 5)).toEqual(['application_started', 'application_submitted', 'application_action_required', 'application_submitted', 'application_succeeded']);
    } finally {
      server.clock.advance(-moved);
    }
  });
});

describe("the merchant account's onboarding state", () => {
  async function account(id: string, owner: TestPlatform) {
    const response = await server.request('GET', `/sandbox/accounts/${id}`, { token: await owner.token() });
    expect(response.status).toBe(200);
    return response.body;
  }

  it('shows the application and its status, and enables payouts once it succeeded with a payout account', async () => {
    const owner = await server.platform();
    const application = await start({}, owner);
    expect(await account(application.merchantId, owner)).toMatchObject({ type: 'merchant', onboarding: { application_id: application.id, status: 'initiated' }, payouts_enabled: false });
    await submitApplication(server, application);
    expect(await account(application.merchantId, owner)).toMatchObject({ onboarding: { application_id: application.id, status: 'submitted' }, payouts_enabled: false });
    await decide(application.id, { outcome: 'succeeded' }, { owner });
    expect(await account(application.merchantId, owner)).toMatchObject({ onboarding: { application_id: application.id, status: 'succeeded' }, payouts_enabled: true });

    const list = await server.request('GET', '/sandbox/accounts', { token: await owner.token() });
    const byType = (type: string) => list.body.data.filter((item: { type: string }) => item.type === type);
    expect(byType('merchant')).toEqual([expect.objectContaining({ id: application.merchantId, onboarding: { application_id: application.id, status: 'succeeded' }, payouts_enabled: true })]);
    expect(byType('platform')).toEqual([expect.objectContaining({ onboarding: null, payouts_enabled: false })]);
  });

  it('keeps payouts disabled while action is required', async () => {
    const owner = await server.platform();
    const application = await start({ applicant: actionRequired }, owner);
    await submitApplication(server, application, actionRequired);
    server.clock.advance(HOUR);
    await server.app.services.jobs.runDue();
    expect(await account(application.merchantId, owner)).toMatchObject({ onboarding: { status: 'action_required' }, payouts_enabled: false });
  });

  it('pages merchant accounts with their onboarding state', async () => {
    const owner = await server.platform();
    const created = [await start({}, owner), await start({}, owner)];
    const first = await server.request('GET', '/sandbox/accounts?first=1', { token: await owner.token() });
    expect(first.body.data).toHaveLength(1);
    const rest = await server.request('GET', `/sandbox/accounts?first=10&after=${encodeURIComponent(first.body.cursor)}`, { token: await owner.token() });
    const seen = [...first.body.data, ...rest.body.data].filter((item: { type: string }) => item.type === 'merchant');
    expect(seen.map((item: { onboarding: { application_id: string } }) => item.onboarding.application_id).sort()).toEqual(created.map((item) => item.id).sort());
  });
});

describe('what is refused', () => {
  it('does not decide an application that is not submitted, nor one that already succeeded', async () => {
    const application = await start();
    await completeSteps(server, application);
    const early = await decide(application.id, { outcome: 'succeeded' });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('conflict');
    await step(server, application, 'POST', '/submit');
    expect((await decide(application.id, { outcome: 'succeeded' })).status).toBe(200);
    const late = await decide(application.id, { outcome: 'action_required' });
    expect(late.status).toBe(409);
    expect(late.body.detail).toContain('already succeeded');
  });

  it.each([
    ['an unknown outcome', { outcome: 'rejected' }, '/outcome'],
    ['no outcome', {}, '/outcome'],
  ])('refuses %s with 400', async (_name, body, pointer) => {
    const application = await start();
    const response = await decide(application.id, body);
    expect(response.status).toBe(400);
    expect(response.body.errors.map((e: { pointer: string }) => e.pointer)).toContain(pointer);
  });
});

describe('who may not see it', () => {
  it('is not a route of the live API', async () => {
    const application = await start();
    const response = await decide(application.id, { outcome: 'succeeded' }, { path: '', environment: 'live' });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('route_not_found');
  });

  it("answers 404 for another platform's application", async () => {
    const application = await start();
    await submitApplication(server, application);
    const response = await decide(application.id, { outcome: 'succeeded' }, { owner: await server.platform() });
    expect(response.status).toBe(404);
    expect((await read(application)).body.status).toBe('submitted');
  });

  it('requires the onboarding:initiate scope and a sandbox token', async () => {
    const application = await start();
    const scoped = await decide(application.id, { outcome: 'succeeded' }, { scope: 'payments:read' });
    expect(scoped.status).toBe(403);
    expect(scoped.body.code).toBe('insufficient_scope');
    expect((await decide(application.id, { outcome: 'succeeded' }, { environment: 'live' })).status).toBe(401);
  });
});
