import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type TestServer } from '../helpers/harness.js';

/** Short limits, so that a test sees them act; Node's own defaults would take 60 s and more. */
const LIMITS = { HTTP_HEADERS_TIMEOUT_SECONDS: '1', HTTP_REQUEST_TIMEOUT_SECONDS: '2', HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '1' };
/** Far above the limits above, far below Node's defaults: a connection still open then was not closed by them. */
const CLOSED_WITHIN_MS = 20_000;

let server: TestServer;
let capped: TestServer;
let token: string;

/** Every line the server logs, parsed. */
const logLines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
    callback();
  },
});

beforeAll(async () => {
  [server, capped] = await Promise.all([
    startServer({ ...LIMITS, LOG_LEVEL: 'info' }, { logger: { stream: logStream } }),
    startServer({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '4' }),
  ]);
  token = await (await server.platform()).token('sandbox');
}, 180_000);
afterAll(() => Promise.all([server?.close(), capped?.close()]));

const portOf = (target: TestServer) => Number(new URL(target.url).port);

/** A raw connection: what it has received, and whether (and when) the server closed it. */
class RawConnection {
  readonly socket: net.Socket;
  received = '';
  readonly closed: Promise<string>;
  readonly connected: Promise<void>;

  constructor(target: TestServer) {
    this.socket = net.connect(portOf(target), '127.0.0.1');
    this.socket.on('data', (data) => (this.received += data.toString()));
    this.socket.on('error', () => undefined); // a reset is a close as well
    this.connected = new Promise((resolve) => this.socket.once('connect', () => resolve()));
    this.closed = new Promise((resolve) => this.socket.once('close', () => resolve(this.received)));
  }

  /** Resolves with what was received once the server closes the connection; fails if it is still open after CLOSED_WITHIN_MS. */
  async closedByServer(): Promise<string> {
    let timer: NodeJS.Timeout | undefined;
    const open = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`still open after ${CLOSED_WITHIN_MS} ms; received ${JSON.stringify(this.received)}`)), CLOSED_WITHIN_MS)));
    try {
      return await Promise.race([this.closed, open]);
    } finally {
      clearTimeout(timer);
    }
  }
}

function sendRaw(target: TestServer, text: string): RawConnection {
  const connection = new RawConnection(target);
  connection.socket.write(text);
  return connection;
}

/** An HTTP answer as received on a raw connection: status, headers and the parsed problem body. */
function parseAnswer(raw: string) {
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) as Record<string, unknown> };
}

function expectRawProblem(raw: string, status: number, code: string) {
  const answer = parseAnswer(raw);
  expect(answer.status, raw).toBe(status);
  expect(answer.headers['content-type']).toBe('application/problem+json');
  expect(answer.headers['trace-id']).toMatch(/^[0-9a-f]{32}$/);
  expect(answer.body).toMatchObject({ type: `https://payments.dev/problems/${code}`, status, code, title: expect.any(String), detail: expect.any(String), trace_id: answer.headers['trace-id'] });
}

describe('what works', () => {
  it('answers a complete request on a raw connection, then closes it once idle past the keep-alive timeout', async () => {
    const connection = sendRaw(server, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const received = await connection.closedByServer();
    expect(received).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(received).toMatch(/keep-alive/i);
  });

  it('answers a request with headers of 15 KB (under the 16 KB limit)', async () => {
    const response = await fetch(`${server.url}/healthz`, { headers: { 'x-padding': 'a'.repeat(15_000) } });
    expect(response.status).toBe(200);
  });
});

describe('what is refused', () => {
  it.each([
    ['part of the request line', 'GET /heal'],
    ['the request line and part of its headers', 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nAccept: '],
    ['no byte at all', ''],
  ])('closes a connection that sends %s and then waits, answering 408 as a problem', async (_name, text) => {
    const received = await sendRaw(server, text).closedByServer();
    expectRawProblem(received, 408, 'request_timeout');
  });

  it('closes a connection whose body stops short of its Content-Length, answering 408 as a problem', async () => {
    const connection = sendRaw(server, `POST /sandbox/payments HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"amount_minor":`);
    expectRawProblem(await connection.closedByServer(), 408, 'request_timeout');
  });

  it('answers headers of 20 KB with 431 as a problem', async () => {
    const response = await fetch(`${server.url}/healthz`, { headers: { 'x-padding': 'a'.repeat(20_000) } });
    expect(response.status).toBe(431);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({ status: 431, code: 'headers_too_large', trace_id: response.headers.get('trace-id') });
  });

  it.each([
    ['a request line that is not HTTP', 'NOT HTTP AT ALL\r\n\r\n'],
    ['a header name with a space', 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nBad Header: 1\r\n\r\n'],
    ['a header without a colon', 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nNoColon\r\n\r\n'],
    ['a control character in a header value', 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Value: a\u0001b\r\n\r\n'],
    ['two Content-Length headers that disagree', 'POST /oauth/token HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n{}'],
  ])('answers %s with 400 as a problem', async (_name, text) => {
    expectRawProblem(await sendRaw(server, text).closedByServer(), 400, 'malformed_request');
  });

  it('closes the connections of one address past HTTP_MAX_CONNECTIONS_PER_ADDRESS at once, and takes new ones when some close', async () => {
    const held: RawConnection[] = [];
    for (let index = 0; index < 4; index++) {
      const connection = new RawConnection(capped);
      await connection.connected;
      held.push(connection);
    }
    const fifth = new RawConnection(capped);
    expect(await fifth.closedByServer()).toBe('');
    // The four held are served.
    held[0]!.socket.write('GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await vi.waitFor(() => expect(held[0]!.received).toMatch(/^HTTP\/1\.1 200 OK/), { timeout: 10_000 });
    // One closes: a new one is taken and served.
    held[3]!.socket.destroy();
    await held[3]!.closed;
    await vi.waitFor(async () => {
      const again = sendRaw(capped, 'GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
      expect(await again.closedByServer()).toMatch(/^HTTP\/1\.1 200 OK/);
    }, { timeout: 10_000 });
    for (const connection of held) connection.socket.destroy();
  });
});

describe('a client that abandons its body', () => {
  /** The log lines of the request to `path`, found by its trace id. */
  function linesOf(path: string) {
    const incoming = logLines.find((line) => line.msg === 'incoming request' && (line.req as { url?: string } | undefined)?.url === path);
    return incoming ? logLines.filter((line) => line.trace_id === incoming.trace_id) : [];
  }

  it.each([
    ['the API', '/sandbox/payments?abandoned=api', 'application/json', '{"amount_minor": 1'],
    ['the dashboard', '/dashboard/sign-in?abandoned=dashboard', 'application/x-www-form-urlencoded', '_csrf=x&email=a'],
    ['a page callback', '/hpp/callbacks/3ds?abandoned=callback', 'application/json', '{"payment_id": "pay_'],
  ])('is logged at info as a closed connection on %s, not as a database outage or an error', async (_name, path, contentType, half) => {
    const connection = sendRaw(server, `POST ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: ${contentType}\r\nContent-Length: 1000\r\n\r\n${half}`);
    await vi.waitFor(() => expect(linesOf(path).length).toBeGreaterThan(0), { timeout: 10_000 });
    connection.socket.destroy();
    await vi.waitFor(
      () => expect(linesOf(path)).toContainEqual(expect.objectContaining({ level: 30, msg: 'The client closed the connection before its request arrived in full' })),
      { timeout: 10_000 },
    );
    expect(linesOf(path).filter((line) => Number(line.level) >= 40)).toEqual([]);
    expect(logLines.filter((line) => String(line.msg).includes('database is not reachable'))).toEqual([]);
  });
});
