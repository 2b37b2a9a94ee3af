import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { freePort, startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { payByCard } from '../helpers/money.js';
import { runScript, stopStarted, type Started } from '../helpers/processes.js';
import { eventually } from '../helpers/receiver.js';

let server: TestServer;
let platform: TestPlatform;
let home: string;
const closing: (() => Promise<void>)[] = [];

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
  home = await mkdtemp(path.join(os.tmpdir(), 'payments-listen-'));
});
afterAll(async () => {
  await server?.close();
  await rm(home, { recursive: true, force: true });
});
afterEach(async () => {
  await stopStarted();
  for (const close of closing.splice(0)) await close();
});

interface VerifiedEvent {
  event_id: string;
  type: string;
  data: { id: string; reference?: string };
}

/** A developer's local endpoint: verifies every webhook with the standardwebhooks package (400 if it fails). */
async function verifyingReceiver() {
  const verified: VerifiedEvent[] = [];
  const refused: string[] = [];
  let secret = '';
  const receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        verified.push(new Webhook(secret).verify(body, request.headers as Record<string, string>) as VerifiedEvent);
        response.writeHead(204).end();
      } catch (error) {
        refused.push(String(error));
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  closing.push(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
  return {
    url: `http://127.0.0.1:${(receiver.address() as { port: number }).port}/webhooks`,
    verified,
    refused,
    useSecret: (value: string) => (secret = value),
  };
}

function startListening(args: string[]): Started {
  const credentials = ['--url', server.config.baseUrl, '--client-id', platform.sandbox.clientId, '--client-secret', platform.sandbox.clientSecret];
  return runScript('src/cli/main.ts', ['listen', ...args, ...credentials], { PAYMENTS_CONFIG: path.join(home, 'none.json') }, home);
}

async function listening(args: string[], receiver: Awaited<ReturnType<typeof verifyingReceiver>>) {
  const cli = startListening(['--forward-to', receiver.url, ...args]);
  const [, secret] = await cli.waitFor(/signed with (whsec_\S+)/);
  receiver.useSecret(secret!);
  await cli.waitFor(/Ready: waiting for events/);
  return cli;
}

/** The platform's sandbox events, oldest first. */
async function recordedIds(): Promise<string[]> {
  const response = await server.request('GET', '/sandbox/events?first=100', { token: await platform.token() });
  return response.body.data.map((event: { event_id: string }) => event.event_id).reverse();
}

it('forwards the events of API calls signed as webhooks, prints a line for each, resumes after the stream drops, stops on Ctrl-C', async () => {
  const receiver = await verifyingReceiver();
  const before = (await recordedIds()).length;
  const cli = await listening([], receiver);

  await payByCard(server, platform, { amount_minor: 1_000, reference: 'listen-1' });
  await payByCard(server, platform, { amount_minor: 1_000, reference: 'listen-2' }, '4000000000000002');
  await eventually(async () => receiver.verified.length >= 2, 20_000);
  await cli.waitFor(/payment_failed\s+evt_\w+\s+-> 204 in \d+ ms/);
  expect(cli.output()).toMatch(/^\d\d:\d\d:\d\d {2}payment_succeeded\s+evt_\w{26} {2}-> 204 in \d+ ms$/m);

  // The server ends the stream (as a restart would): the CLI reconnects after the last event it forwarded.
  await server.app.services.streams.close();
  await payByCard(server, platform, { amount_minor: 1_000, reference: 'listen-3' });
  await cli.waitFor(/Reconnected after evt_\w+/);
  await payByCard(server, platform, { amount_minor: 1_000, reference: 'listen-4' });
  await eventually(async () => receiver.verified.length >= 4, 20_000);

  expect(receiver.refused).toEqual([]);
  expect(receiver.verified.map((event) => [event.type, event.data.reference])).toEqual([
    ['payment_succeeded', 'listen-1'],
    ['payment_failed', 'listen-2'],
    ['payment_succeeded', 'listen-3'],
    ['payment_succeeded', 'listen-4'],
  ]);
  expect(receiver.verified.map((event) => event.event_id)).toEqual((await recordedIds()).slice(before));
  for (const event of receiver.verified) expect(cli.output()).toContain(`${event.event_id}  -> 204 in `);

  cli.child.kill('SIGINT');
  expect(await cli.exited).toBe(0);
  expect(cli.output()).toContain('Stopped.');
});

it('forwards only the types asked for, and says where the local endpoint failed', async () => {
  const receiver = await verifyingReceiver();
  const cli = await listening(['--events', 'payment_failed'], receiver);
  await payByCard(server, platform, { amount_minor: 1_000, reference: 'typed-1' });
  await payByCard(server, platform, { amount_minor: 1_000, reference: 'typed-2' }, '4000000000000002');
  await eventually(async () => receiver.verified.length >= 1, 20_000);
  await cli.waitFor(/payment_failed/);
  expect(receiver.verified.map((event) => event.data.reference)).toEqual(['typed-2']);
  expect(cli.output()).not.toContain('payment_succeeded');

  // Nothing listens there: the line says so, and listening goes on.
  const unreachable = startListening(['--forward-to', `http://127.0.0.1:${await freePort()}/webhooks`]);
  await unreachable.waitFor(/Ready/);
  await payByCard(server, platform, { amount_minor: 1_000, reference: 'typed-3' });
  await unreachable.waitFor(/payment_succeeded\s+evt_\w+\s+-> failed \(ECONNREFUSED\) in \d+ ms/);
});

it('refuses wrong usage', async () => {
  const missing = startListening([]);
  expect(await missing.exited).toBe(2);
  expect(missing.output()).toContain('--forward-to');
  const badSecret = startListening(['--forward-to', 'http://localhost:3000/webhooks', '--secret', 'nope']);
  expect(await badSecret.exited).toBe(2);
});
