import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/harness.js';
import { TYPES_FILE, typesFromOpenApi } from '../../packages/client/scripts/types-from-openapi.js';

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

describe('the typed client', () => {
  it('has types generated from the document the server serves at /openapi.json', async () => {
    const served = await server.request('GET', '/openapi.json');
    expect(served.status).toBe(200);
    const committed = await readFile(TYPES_FILE, 'utf8');
    const generated = await typesFromOpenApi(served.body);
    expect(committed === generated, 'packages/client/src/openapi.d.ts differs from /openapi.json: run `npm run client:types` and commit the result').toBe(true);
  });
});
