import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { runScript, stopStarted } from '../helpers/processes.js';

let server: TestServer;
let platform: TestPlatform;
let home: string;

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
  home = await mkdtemp(path.join(os.tmpdir(), 'payments-trigger-'));
});
afterAll(async () => {
  await server?.close();
  await rm(home, { recursive: true, force: true });
});
afterEach(() => stopStarted());

interface Printed {
  scenario: string;
  object: string;
  id: string;
  status: string;
}

async function trigger(args: string[]) {
  const credentials = ['--url', server.config.baseUrl, '--client-id', platform.sandbox.clientId, '--client-secret', platform.sandbox.clientSecret];
  const cli = runScript('src/cli/main.ts', ['trigger', ...args, ...credentials], { PAYMENTS_CONFIG: path.join(home, 'none.json') }, home);
  const code = await cli.exited;
  return { code, output: cli.output() };
}

async function eventTypesOf(objectId: string): Promise<string[]> {
  const response = await server.request('GET', `/sandbox/events?object_id=${objectId}`, { token: await platform.token() });
  expect(response.status).toBe(200);
  return response.body.data.map((event: { type: string }) => event.type).reverse();
}

/** The last status printed for each object of a scenario, in the order they were first printed. */
function objectsOf(printed: Printed[], scenario: string, object: string): { id: string; status: string }[] {
  const latest = new Map<string, string>();
  for (const line of printed) if (line.scenario === scenario && line.object === object) latest.set(line.id, line.status);
  return [...latest].map(([id, status]) => ({ id, status }));
}

it('runs every scenario through the API, prints what it creates, and the expected events exist', { timeout: 180_000 }, async () => {
  const scenarios = [
    'card-succeeded',
    'card-declined',
    '3ds-passed',
    '3ds-failed',
    'sepa-completed',
    'sepa-unpaid',
    'refund-completed',
    'buyer-refund',
    'payout-paid',
    'application-succeeded',
    'application-action-required',
    'mit-series',
  ];
  const run = await trigger([...scenarios, '--json']);
  expect(run.code, run.output).toBe(0);
  const printed: Printed[] = run.output
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));

  const payments = (scenario: string) => objectsOf(printed, scenario, 'payment');
  const expectPayment = async (scenario: string, status: string, events: string[]) => {
    const [payment] = payments(scenario);
    expect(payment, scenario).toMatchObject({ status });
    expect(await eventTypesOf(payment!.id), scenario).toEqual(events);
  };
  await expectPayment('card-succeeded', 'captured', ['payment_succeeded']);
  await expectPayment('card-declined', 'declined', ['payment_failed']);
  await expectPayment('3ds-passed', 'captured', ['payment_succeeded']);
  await expectPayment('3ds-failed', 'authentication_failed', ['payment_authentication_failed']);
  await expectPayment('sepa-completed', 'completed', ['payment_succeeded']);
  await expectPayment('sepa-unpaid', 'not_completed', ['payment_failed']);

  const [refund] = objectsOf(printed, 'refund-completed', 'refund');
  expect(refund).toMatchObject({ status: 'completed' });
  expect(await eventTypesOf(refund!.id)).toEqual(['refund_initiated', 'refund_completed']);
  const [buyerRefund] = objectsOf(printed, 'buyer-refund', 'refund');
  expect(await eventTypesOf(buyerRefund!.id)).toContain('refund_initiated_from_buyer');

  const payouts = objectsOf(printed, 'payout-paid', 'payout');
  expect(payouts.length).toBeGreaterThan(0);
  for (const payout of payouts) {
    expect(payout.status).toBe('paid');
    const read = await server.request('GET', `/sandbox/payouts/${payout.id}`, { token: await platform.token() });
    for (const transfer of read.body.transfers) expect(await eventTypesOf(transfer.transfer_id)).toEqual(['transfer_started', 'transfer_updated', 'transfer_completed']);
  }

  const [accepted] = objectsOf(printed, 'application-succeeded', 'application');
  expect(accepted).toMatchObject({ status: 'succeeded' });
  expect(await eventTypesOf(accepted!.id)).toContain('application_succeeded');
  const [actionRequired] = objectsOf(printed, 'application-action-required', 'application');
  expect(actionRequired).toMatchObject({ status: 'action_required' });
  expect(await eventTypesOf(actionRequired!.id)).toContain('application_action_required');

  const series = payments('mit-series');
  expect(series).toHaveLength(4); // the initial payment and three charges
  for (const charge of series.slice(1)) {
    expect(charge.status).toBe('captured');
    expect(await eventTypesOf(charge.id)).toEqual(['payment_succeeded']);
  }
});

it('lists the scenarios in its help, and refuses unknown ones and live', async () => {
  const help = await trigger(['--help']);
  expect(help.code).toBe(0);
  for (const name of ['card-succeeded', '3ds-failed', 'sepa-unpaid', 'buyer-refund', 'payout-paid', 'application-action-required', 'mit-series']) expect(help.output).toContain(name);
  const unknown = await trigger(['card-exploded']);
  expect(unknown.code).toBe(2);
  expect(unknown.output).toContain('Unknown scenario card-exploded');
  const live = await trigger(['card-succeeded', '--live']);
  expect(live.code).toBe(2);
  expect(live.output).toContain('sandbox only');
});
