import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE, freePort, requester } from '../helpers/harness.js';
import { ROOT, runShell, stopStarted, type Started } from '../helpers/processes.js';

/** The README's quickstart: its shell blocks, in order, each a list of command lines (continuations joined). */
async function quickstartBlocks(): Promise<string[][]> {
  const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Quickstart'), readme.indexOf('\n## ', readme.indexOf('## Quickstart') + 1));
  return [...section.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!.replace(/\\\n\s*/g, '').trim().split('\n'));
}

/** Every command runs as written, with this test's ports and the values the reader copies in. */
function asTyped(command: string, values: Record<string, string>): string {
  return Object.entries(values).reduce((line, [written, actual]) => line.replaceAll(written, actual), command);
}

// The quickstart uses the embedded database: it runs in that pass only.
describe.runIf(DATABASE === 'pglite')('the README quickstart', () => {
  let home: string;
  let data: string;
  const env = () => ({ HOME: home, DATA_DIR: data, LOG_LEVEL: 'warn' });
  let values: Record<string, string>;

  /** Runs command lines in one shell and answers what it printed; the shell's own variables (TOKEN) are handed on. */
  async function typed(lines: string[], shellVariables: Record<string, string> = {}): Promise<string> {
    const prelude = Object.entries(shellVariables).map(([name, value]) => `${name}='${value}'`);
    const shell = runShell(['set -euo pipefail', ...prelude, ...lines.map((line) => asTyped(line, values))].join('\n'), env(), ROOT);
    const code = await shell.exited;
    expect(code, shell.output()).toBe(0);
    return shell.output();
  }

  beforeAll(async () => {
    home = await mkdtemp(path.join(os.tmpdir(), 'quickstart-home-'));
    data = await mkdtemp(path.join(os.tmpdir(), 'quickstart-data-'));
  });
  afterAll(async () => {
    await stopStarted();
    await rm(home, { recursive: true, force: true });
    await rm(data, { recursive: true, force: true });
  });

  it('runs as written: start, login, listen, a payment paid on its page, its webhook, a refund, the clock and the payout', { timeout: 300_000 }, async () => {
    const [start, login, receive, create, show, refund] = await quickstartBlocks();
    expect(start).toEqual(['npm ci && npm start']);
    const apiPort = String(await freePort());
    const receiverPort = String(await freePort());
    values = { 'localhost:8080': `localhost:${apiPort}`, 'localhost:3000': `localhost:${receiverPort}`, 'listen(3000)': `listen(${receiverPort})` };

    // 1. The dependencies are installed already: the server as `npm start` starts it.
    const server = runShell('npm start', { ...env(), PORT: apiPort }, ROOT);
    const clientId = (await server.waitFor(/client_id:\s+(\S+)/, 120_000))[1]!;
    const clientSecret = (await server.waitFor(/client_secret:\s+(\S+)/))[1]!;
    await server.waitFor(/Encryption key made for this data/);
    values = { ...values, CLIENT_ID: clientId, CLIENT_SECRET: clientSecret };

    // 2. Login and the clock.
    expect(await typed(login!)).toMatch(/\d{4}-\d{2}-\d{2}T/);

    // 3. The local endpoint and listen, in the background.
    expect(receive).toHaveLength(2);
    const receiver = runShell(asTyped(receive![0]!.replace(/ &$/, ''), values), env(), ROOT);
    const listen: Started = runShell(asTyped(receive![1]!, values), env(), ROOT);
    await listen.waitFor(/whsec_/, 60_000);

    // 4. A payment, with a token from the CLI.
    const created = await typed([...create!, 'echo "TOKEN=$TOKEN"']);
    const payment = JSON.parse(created.slice(created.indexOf('{'), created.lastIndexOf('}') + 1)) as { id: string; _links: { hosted_page: { href: string } } };
    const token = /TOKEN=(\S+)/.exec(created)![1]!;
    values = { ...values, PAYMENT_ID: payment.id };

    // 5. The buyer pays on the page (its API, as the page's script calls it), with the README's card.
    const page = new URL(payment._links.hosted_page.href);
    const hpp = requester(`http://127.0.0.1:${apiPort}`);
    const pageToken = page.searchParams.get('token')!;
    expect((await hpp('POST', `/hpp/payments/${payment.id}/start`, { token: pageToken, body: {} })).status).toBe(200);
    const card = await hpp('POST', `/hpp/payments/${payment.id}/tokenize`, {
      token: pageToken,
      body: { type: 'card', value: '4242424242424242', issuer: 'visa', token_data: { expiry_month: 12, expiry_year: 2099, cvv: '123' } },
    });
    const paid = await hpp('POST', `/hpp/payments/${payment.id}/authorize`, { token: pageToken, body: { token: card.body.token } });
    expect(paid.body.status, paid.text).toBe('captured');
    await listen.waitFor(/payment_succeeded.*-> 200/, 60_000);
    await receiver.waitFor(/"type":"payment_succeeded"/);
    const shown = await typed(show!);
    expect(shown).toContain(payment.id);
    expect(shown).toContain('captured');
    expect(shown).toContain('payment_succeeded');

    // 6. The refund, a day, the payout, another day.
    const moved = await typed(refund!, { TOKEN: token });
    expect(moved).toMatch(/"id":"rfd_\w+".*"status":"initiated"/);
    expect(moved).toMatch(/\{"data":\[\{"id":"[0-9a-f]{32}"/); // the payout of the payment's transfer
    expect(moved).toContain('refund_completed');
    expect(moved).toContain('transfer_completed');
    await listen.waitFor(/transfer_completed.*-> 200/, 60_000);
    await listen.waitFor(/refund_completed.*-> 200/, 60_000);
  });
});
