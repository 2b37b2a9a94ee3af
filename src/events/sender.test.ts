import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSender, failureText } from './sender.js';

let server: http.Server;
let url: string;

beforeAll(async () => {
  // Answers every webhook a second after it arrives.
  server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => setTimeout(() => response.writeHead(204).end(), 1_000));
  });
  server.keepAliveTimeout = 10_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('HttpSender', () => {
  it('gives the receiver its whole timeout from the connection, not from the wait for a free socket', async () => {
    // Nearly a second to spare for each answer on a loaded machine, yet less than the 2 s the last
    // third of the deliveries waits for a socket: three times as many as the agent's sockets to one host.
    const sender = new HttpSender(1_900);
    const outcomes = await Promise.all(
      Array.from({ length: 192 }, (_, index) => sender.send({ url, environment: 'sandbox', headers: { 'webhook-id': `evt_${index}` }, body: '{}' })),
    );
    expect(outcomes.filter((outcome) => outcome.statusCode !== 204)).toEqual([]);
    expect(Math.max(...outcomes.map((outcome) => outcome.durationMs))).toBeGreaterThan(1_900);
  });

  it('times out a receiver that takes longer than the timeout once connected', async () => {
    const outcome = await new HttpSender(100).send({ url, environment: 'sandbox', headers: {}, body: '{}' });
    expect(outcome).toMatchObject({ statusCode: null, error: 'no answer within 0.1 s' });
  });
});

describe('HttpSender, live', () => {
  const tls = { key: readFileSync(new URL('../../test/helpers/tls/localhost.key', import.meta.url)), cert: readFileSync(new URL('../../test/helpers/tls/localhost.crt', import.meta.url)) };
  let secure: https.Server;
  let port: number;
  let connections = 0;
  let requests = 0;

  beforeAll(async () => {
    secure = https.createServer(tls, (request, response) => {
      requests++;
      request.resume();
      request.on('end', () => response.writeHead(204).end());
    });
    secure.on('secureConnection', () => connections++);
    secure.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
    port = (secure.address() as { port: number }).port;
  });
  afterAll(async () => {
    secure.closeAllConnections();
    await new Promise((resolve) => secure.close(resolve));
  });

  it('checks the address a name resolves to as it connects, and never reuses a connection a sandbox delivery made', async () => {
    const sender = new HttpSender(5_000, { ca: tls.cert });
    const url = `https://localhost:${port}/hooks`;
    // The sandbox reaches localhost; its connection stays open for reuse.
    expect(await sender.send({ url, environment: 'sandbox', headers: {}, body: '{}' })).toMatchObject({ statusCode: 204, error: null });
    expect({ connections, requests }).toEqual({ connections: 1, requests: 1 });
    // The same host in live: the name now resolves to loopback (as a rebound name would), and is refused.
    const live = await sender.send({ url, environment: 'live', headers: {}, body: '{}' });
    expect(live).toMatchObject({ statusCode: null, error: `localhost resolves to an address not allowed for live webhooks (loopback, private, link-local or metadata)` });
    expect({ connections, requests }).toEqual({ connections: 1, requests: 1 });
  });

  it.each(['https://[::7f00:1]/hooks', 'https://[::ffff:a00:1]/hooks', 'https://[64:ff9b::a9fe:a9fe]/hooks', 'https://[2002:7f00:1::1]/hooks', 'https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hooks'])(
    'refuses the literal %s, which embeds a private IPv4 address, without connecting',
    async (url) => {
      const outcome = await new HttpSender(5_000).send({ url, environment: 'live', headers: {}, body: '{}' });
      expect(outcome).toMatchObject({ statusCode: null, error: expect.stringMatching(/^destination address .* is not allowed for live webhooks/) });
    },
  );
});

describe('failureText', () => {
  const url = new URL('https://hooks.example.com:8443/payments');
  it.each([
    [Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:8443'), { code: 'ECONNREFUSED' }), 'hooks.example.com:8443 refused the connection'],
    [Object.assign(new Error('getaddrinfo ENOTFOUND hooks.example.com'), { code: 'ENOTFOUND' }), 'hooks.example.com:8443 could not be resolved'],
    [Object.assign(new Error('connect ETIMEDOUT 10.0.0.5:8443'), { code: 'ETIMEDOUT' }), 'hooks.example.com:8443 could not be reached'],
    [Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), 'hooks.example.com:8443 closed the connection before answering'],
    [Object.assign(new Error("Hostname/IP does not match certificate's altnames: IP: 10.0.0.5 is not in the cert's list"), { code: 'ERR_TLS_CERT_ALTNAME_INVALID' }), 'the TLS connection to hooks.example.com:8443 failed (ERR_TLS_CERT_ALTNAME_INVALID)'],
    [Object.assign(new Error('self-signed certificate'), { code: 'DEPTH_ZERO_SELF_SIGNED_CERT' }), 'the TLS connection to hooks.example.com:8443 failed (DEPTH_ZERO_SELF_SIGNED_CERT)'],
    [Object.assign(new Error('connect EADDRNOTAVAIL 10.0.0.5:8443 - Local (0.0.0.0:0)'), { code: 'EADDRNOTAVAIL' }), 'the request to hooks.example.com:8443 failed (EADDRNOTAVAIL)'],
    [new Error('something about 10.0.0.5'), 'the request to hooks.example.com:8443 failed'],
  ])('says what happened without the address: %s', (error, text) => {
    expect(failureText(error, url)).toBe(text);
  });
});
