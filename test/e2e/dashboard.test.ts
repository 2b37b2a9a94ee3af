import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestPlatform, type TestServer } from '../helpers/harness.js';
import { dashboardUser } from '../helpers/dashboard.js';
import { payByCard } from '../helpers/money.js';

let server: TestServer;
let platform: TestPlatform;

beforeAll(async () => {
  server = await startServer();
  platform = await server.platform();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('smoke', () => {
  it('shows pages', async () => {
    const id = await payByCard(server, platform, { amount_minor: 2500 });
    const { client } = await dashboardUser(server, platform.platformId, 'admin');
    console.log((await client.get('/dashboard')).text.slice(0, 4000));
    const page = await client.get(`/dashboard/payments/${id}`);
    console.log(page.status, page.text.slice(-5000));
    console.log((await client.get('/dashboard/payments?status=captured')).status);
  }, 60_000);
});
