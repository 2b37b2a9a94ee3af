import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { recordEvent } from '../helpers/events.js';
import { ROOT, runScript, stopStarted } from '../helpers/processes.js';
import { eventually, startReceiver, type Receiver } from '../helpers/receiver.js';
import { PaymentsClient } from '../../packages/client/src/index.js';

let server: TestServer;
let platform: TestPlatform;
/** The server's public URL (its tokens' audience): localhost, while it listens on 127.0.0.1. */
let url: string;
let home: string;
let receiver: Receiver | undefined;

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
  url = server.config.baseUrl;
  home = await mkdtemp(path.join(os.tmpdir(), 'payments-cli-'));
});
afterAll(async () => {
  await server?.close();
  await rm(home, { recursive: true, force: true });
});
afterEach(async () => {
  await stopStarted();
  await receiver?.close();
  receiver = undefined;
});

interface Run {
  code: number | null;
  output: string;
}

let profiles = 0;
/** A profile file of its own for each test that logs in. */
const newProfile = () => path.join(home, `profile-${++profiles}.json`);

/** The CLI as a user runs it: a process of its own, in a clean environment (no profile unless given). */
async function cli(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const proc = runScript('src/cli/main.ts', args, { PAYMENTS_CONFIG: path.join(home, 'none.json'), ...env }, home);
  const code = await proc.exited;
  return { code, output: proc.output() };
}

const sandboxFlags = () => ['--url', url, '--client-id', platform.sandbox.clientId, '--client-secret', platform.sandbox.clientSecret];
const sandboxEnv = () => ({ PAYMENTS_URL: url, PAYMENTS_CLIENT_ID: platform.sandbox.clientId, PAYMENTS_CLIENT_SECRET: platform.sandbox.clientSecret });

const client = () => new PaymentsClient({ baseUrl: server.url, audience: `${url}/sandbox`, ...platform.sandbox });

describe('help and usage', () => {
  it('lists the commands, prints every command’s help, and exits 2 on wrong usage', async () => {
    const overview = await cli(['--help']);
    expect(overview.code).toBe(0);
    const names = ['login', 'token', 'payments', 'branding', 'events', 'clock', 'webhook-faults', 'clients', 'keys'];
    for (const name of names) expect(overview.output).toMatch(new RegExp(`^  ${name}\\s+\\S`, 'm'));
    for (const name of names) {
      const help = await cli([name, '--help']);
      expect(help.code, help.output).toBe(0);
      expect(help.output).toMatch(/^Usage:/);
    }
    const unknown = await cli(['refundz', 'list']);
    expect(unknown.code).toBe(2);
    expect(unknown.output).toContain('Unknown command refundz.');
    const subcommand = await cli(['events', 'delete', 'evt_x', ...sandboxFlags()]);
    expect(subcommand.code).toBe(2);
    expect(subcommand.output).toContain('Unknown subcommand delete; one of list, show, resend');
    const flag = await cli(['payments', 'list', '--colour', 'red', ...sandboxFlags()]);
    expect(flag.code).toBe(2);
    expect(flag.output).toMatch(/Unknown option '--colour'/);
    expect((await cli([])).code).toBe(2);
  }, 180_000);

  it('runs as the package’s `payments` executable', async () => {
    const run = await promisify(execFile)(process.execPath, [path.join(ROOT, 'bin/payments.js'), 'clock', '--help'], { cwd: home });
    expect(run.stdout).toContain('payments clock advance DURATION');
  }, 180_000);
});

describe('login and token', () => {
  it('logs in with flags (no question asked), writes the profile 0600, and later commands use it', async () => {
    const profile = newProfile();
    const login = await cli(['login', ...sandboxFlags()], { PAYMENTS_CONFIG: profile });
    expect(login.code, login.output).toBe(0);
    expect(login.output).toContain(`Logged in to ${url} (sandbox) as ${platform.sandbox.clientId}`);
    expect((await stat(profile)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(profile, 'utf8'))).toEqual({ url, sandbox: { client_id: platform.sandbox.clientId, client_secret: platform.sandbox.clientSecret } });

    const token = await cli(['token'], { PAYMENTS_CONFIG: profile });
    expect(token.code, token.output).toBe(0);
    const printed = token.output.trim();
    expect(printed).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect((await server.request('GET', `/sandbox/accounts/${platform.platformId}`, { token: printed })).status).toBe(200);

    // A live login is kept beside the sandbox one.
    const live = await cli(['login', '--live', '--client-id', platform.live.clientId, '--client-secret', platform.live.clientSecret], { PAYMENTS_CONFIG: profile });
    expect(live.code, live.output).toBe(0);
    const saved = JSON.parse(await readFile(profile, 'utf8'));
    expect(Object.keys(saved).sort()).toEqual(['live', 'sandbox', 'url']);
    const liveToken = await cli(['token', '--live', '--json'], { PAYMENTS_CONFIG: profile });
    expect(liveToken.code, liveToken.output).toBe(0);
    const answer = JSON.parse(liveToken.output);
    expect(answer).toMatchObject({ environment: 'live', audience: url });
    expect((await server.request('GET', `/accounts/${platform.platformId}`, { token: answer.access_token })).status).toBe(200);
  }, 180_000);

  it('takes the server and credentials from the environment, and refuses with a reason', async () => {
    const token = await cli(['token'], sandboxEnv());
    expect(token.code, token.output).toBe(0);
    expect(token.output.trim()).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const profile = newProfile();
    const wrong = await cli(['login', ...sandboxFlags().slice(0, 4), '--client-secret', 'wrong'], { PAYMENTS_CONFIG: profile });
    expect(wrong.code).toBe(1);
    expect(wrong.output).toContain('[invalid_client, HTTP 401]');
    expect(wrong.output).toContain('Wrong client credentials');
    await expect(stat(profile)).rejects.toThrow();

    const otherEnvironment = await cli(['token', '--url', url, '--client-id', platform.live.clientId, '--client-secret', platform.live.clientSecret]);
    expect(otherEnvironment.code).toBe(1);
    expect(otherEnvironment.output).toContain('This looks like a live client: add --live.');

    const nowhere = await cli(['token', ...sandboxFlags().slice(2), '--url', `http://127.0.0.1:${await freePort()}`]);
    expect(nowhere.code).toBe(1);
    expect(nowhere.output).toContain('Is the server running?');

    const nothing = await cli(['payments', 'list', '--url', url]);
    expect(nothing.code).toBe(2);
    expect(nothing.output).toContain('No sandbox client credentials');
  }, 180_000);
});

describe('the sandbox clock', () => {
  it('shows the clock and moves it by a duration; sandbox only', async () => {
    const before = Date.parse((await client().sandbox.clock.show()).now);
    const show = await cli(['clock', 'show', ...sandboxFlags()]);
    expect(show.code, show.output).toBe(0);
    expect(show.output).toMatch(/^Sandbox clock of this platform: \d{4}-\d\d-\d\dT/);

    const advance = await cli(['clock', 'advance', '2d', '--json', ...sandboxFlags()]);
    expect(advance.code, advance.output).toBe(0);
    const moved = JSON.parse(advance.output);
    expect(Date.parse(moved.now) - before).toBeGreaterThanOrEqual(2 * 86_400_000);
    expect(moved.jobs_run).toEqual(expect.any(Number));

    const human = await cli(['clock', 'advance', '1h30m', ...sandboxFlags()]);
    expect(human.code, human.output).toBe(0);
    expect(human.output).toMatch(/^Sandbox clock of this platform moved 1h 30m forward to \S+ \(2d [^)]+ ahead of real time\); \d+ scheduled job\(s\) ran\.$/m);

    for (const bad of ['2', '2w', '-1d', '0s']) {
      const refused = await cli(['clock', 'advance', bad, ...sandboxFlags()]);
      expect(refused.code, bad).toBe(2);
    }
    const live = await cli(['clock', 'show', '--live', ...sandboxFlags()]);
    expect(live.code).toBe(2);
    expect(live.output).toContain('leave out --live');
  }, 180_000);
});

describe('webhook faults', () => {
  it("shows, sets and turns off the platform's webhook faults; sandbox only", async () => {
    const shown = await cli(['webhook-faults', 'show', ...sandboxFlags()]);
    expect(shown.code, shown.output).toBe(0);
    expect(shown.output).toContain('Webhook faults: off');

    const set = await cli(['webhook-faults', 'set', '--duplicate', '20%', '--reorder', '0.5', '--reorder-window', '10s', '--delay', '0.1', '--delay-by', '2m', '--json', ...sandboxFlags()]);
    expect(set.code, set.output).toBe(0);
    const faults = { duplicate_ratio: 0.2, reorder_ratio: 0.5, reorder_window_seconds: 10, delay_ratio: 0.1, delay_seconds: 120 };
    expect(JSON.parse(set.output)).toEqual(faults);
    expect(await client().sandbox.webhookFaults.show()).toEqual(faults);
    const human = await cli(['webhook-faults', 'show', ...sandboxFlags()]);
    expect(human.output).toMatch(/^Duplicated:\s+20% of deliveries sent twice$/m);
    expect(human.output).toMatch(/^Delayed:\s+10% sent 2m late$/m);

    const bad = await cli(['webhook-faults', 'set', '--duplicate', '1.5', ...sandboxFlags()]);
    expect(bad.code).toBe(2);
    const refused = await cli(['webhook-faults', 'set', '--delay', '0.5', ...sandboxFlags()]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('delay_seconds');

    const off = await cli(['webhook-faults', 'off', ...sandboxFlags()]);
    expect(off.code, off.output).toBe(0);
    expect(await client().sandbox.webhookFaults.show()).toEqual({ duplicate_ratio: 0, reorder_ratio: 0, reorder_window_seconds: 0, delay_ratio: 0, delay_seconds: 0 });
    const live = await cli(['webhook-faults', 'show', '--live', ...sandboxFlags()]);
    expect(live.code).toBe(2);
  }, 180_000);
});

describe('branding', () => {
  it("shows and sets the platform's branding, reports the contrast correction, and returns a member to what it inherits", async () => {
    const set = await cli(['branding', 'set', '--name', 'Ticketwelt', '--primary', '#ffeb3b', '--format', 'platform_primary', ...sandboxFlags()]);
    expect(set.code, set.output).toBe(0);
    expect(set.output).toMatch(/^Name:\s+Ticketwelt$/m);
    expect(set.output).toMatch(/^Format:\s+platform_primary$/m);
    expect(set.output).toMatch(/^Contrast links_and_focus:\s+#ffeb3b shown as #[0-9a-f]{6} \([\d.]+:1, needs 4\.5:1\)$/m);

    const reset = await cli(['branding', 'set', '--inherit', 'name', '--inherit', 'primary', '--inherit', 'format', '--json', ...sandboxFlags()]);
    expect(reset.code, reset.output).toBe(0);
    const inherited = JSON.parse(reset.output);
    expect(inherited).toMatchObject({ name: 'Test platform', format: 'merchant_primary' });
    expect(inherited.contrast_adjustments.map((adjustment: { use: string }) => adjustment.use)).not.toContain('links_and_focus');
    const shown = await cli(['branding', 'show', ...sandboxFlags()]);
    expect(shown.output).toMatch(/^Name:\s+Test platform \(inherited\)$/m);

    for (const wrong of [['set'], ['set', '--format', 'shop_first'], ['set', '--name', 'A', '--inherit', 'name'], ['set', '--inherit', 'colour']]) {
      expect((await cli(['branding', ...wrong, ...sandboxFlags()])).code, wrong.join(' ')).toBe(2);
    }
    const invalid = await cli(['branding', 'set', '--primary', 'green', ...sandboxFlags()]);
    expect(invalid.code).toBe(1);
    expect(invalid.output).toContain('validation_error');
  }, 180_000);
});

describe('payments and events', () => {
  it('lists payments in an aligned table or as JSON, shows one, and explains an unknown one', async () => {
    const owner = await server.platform();
    const api = new PaymentsClient({ baseUrl: server.url, audience: `${url}/sandbox`, ...owner.sandbox });
    const ids: string[] = [];
    for (const [index, amount] of [1050, 250_000, 7].entries()) {
      server.clock.advance(1);
      const created = await api.payments.create({ amount_minor: amount, currency: 'EUR', reference: `cli-${index}`, integration: { type: 'hosted' }, urls: { redirect: 'https://shop.example/return' } });
      ids.push(created.id);
    }
    const flags = ['--url', url, '--client-id', owner.sandbox.clientId, '--client-secret', owner.sandbox.clientSecret];
    const listed = await cli(['payments', 'list', ...flags]);
    expect(listed.code, listed.output).toBe(0);
    const lines = listed.output.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+STATUS\s+AMOUNT\s+METHOD\s+REFERENCE\s+INITIATED$/);
    expect(lines.slice(1).map((line) => line.split(/\s+/)[0])).toEqual([...ids].reverse());
    // Columns line up: each starts at the same offset on every line, amounts right-aligned.
    const status = lines[0]!.indexOf('STATUS');
    for (const line of lines.slice(1)) expect(line.slice(status)).toMatch(/^initiated\s/);
    expect(lines.slice(1).map((line) => line.match(/\s(\d+\.\d\d EUR)/)?.[1])).toEqual(['0.07 EUR', '2500.00 EUR', '10.50 EUR']);
    const amountEnds = lines.slice(1).map((line) => line.indexOf(' EUR'));
    expect(new Set(amountEnds).size).toBe(1);

    const limited = await cli(['payments', 'list', '--limit', '2', '--json', ...flags]);
    expect(limited.code, limited.output).toBe(0);
    expect(JSON.parse(limited.output).map((payment: { id: string }) => payment.id)).toEqual([ids[2], ids[1]]);

    const show = await cli(['payments', 'show', ids[0]!, ...flags]);
    expect(show.code, show.output).toBe(0);
    expect(show.output).toMatch(new RegExp(`^ID:\\s+${ids[0]}$`, 'm'));
    expect(show.output).toMatch(/^Amount:\s+10\.50 EUR$/m);
    expect(show.output).toMatch(/^Reference:\s+cli-0$/m);

    const unknown = await cli(['payments', 'show', 'pay_00000000000000000000000000', ...flags]);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toMatch(/\[not_found, HTTP 404\] \(trace \S+\)/);
    const missing = await cli(['payments', 'show', ...flags]);
    expect(missing.code).toBe(2);
  }, 180_000);

  it('lists events, shows one with its deliveries, and resends it', async () => {
    receiver = await startReceiver();
    const eventId = await recordEvent(server, { platformId: platform.platformId, destination: receiver.url, type: 'payment_failed' });
    await receiver.waitFor(1, 20_000);
    await eventually(async () => (await client().events.get(eventId)).deliveries[0]?.status === 'succeeded', 20_000);

    const listed = await cli(['events', 'list', '--type', 'payment_failed', ...sandboxFlags()]);
    expect(listed.code, listed.output).toBe(0);
    expect(listed.output).toMatch(/^ID\s+TYPE\s+OCCURRED\s+DELIVERY$/m);
    expect(listed.output).toMatch(new RegExp(`^${eventId}\\s+payment_failed\\s+\\S+\\s+succeeded$`, 'm'));

    const show = await cli(['events', 'show', eventId, ...sandboxFlags()]);
    expect(show.code, show.output).toBe(0);
    expect(show.output).toMatch(/^Type:\s+payment_failed$/m);
    expect(show.output).toContain(receiver.url);
    expect(show.output).toMatch(/succeeded\s+1\s+HTTP 200 in \d+ ms/);

    const json = await cli(['events', 'show', eventId, '--json', ...sandboxFlags()]);
    expect(JSON.parse(json.output)).toMatchObject({ event_id: eventId, type: 'payment_failed' });

    const resend = await cli(['events', 'resend', eventId, ...sandboxFlags()]);
    expect(resend.code, resend.output).toBe(0);
    expect(resend.output).toContain(`Redelivering ${eventId} (payment_failed) to ${receiver.url}`);
    const [, again] = await receiver.waitFor(2, 20_000);
    expect(JSON.parse(again!.body).event_id).toBe(eventId);
  }, 180_000);
});
