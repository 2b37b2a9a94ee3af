import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpSender } from './sender.js';

let server: http.Server;
let url: string;

beforeAll(async () => {
  // Answers every webhook 300 ms after it arrives.
  server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => setTimeout(() => response.writeHead(204).end(), 300));
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
    const sender = new HttpSender(500);
    // Three times as many as the agent's sockets to one host: the last third waits about 600 ms for a socket.
    const outcomes = await Promise.all(
      Array.from({ length: 192 }, (_, index) => sender.send({ url, environment: 'sandbox', headers: { 'webhook-id': `evt_${index}` }, body: '{}' })),
    );
    expect(outcomes.filter((outcome) => outcome.statusCode !== 204)).toEqual([]);
    expect(Math.max(...outcomes.map((outcome) => outcome.durationMs))).toBeGreaterThan(500);
  });

  it('times out a receiver that takes longer than the timeout once connected', async () => {
    const outcome = await new HttpSender(100).send({ url, environment: 'sandbox', headers: {}, body: '{}' });
    expect(outcome).toMatchObject({ statusCode: null, error: 'no answer within 0.1 s' });
  });
});
