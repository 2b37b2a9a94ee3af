import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { moneyViolations } from '../../../chaos/invariants.js';
import { startServer, type Response, type TestPlatform, type TestServer } from '../harness.js';
import { LocalAdyen, TEST_ADYEN } from './server.js';

/** An Adyen account as Adyen's Customer Area shows it (the HMAC key in hexadecimal). */
export interface AdyenAccount {
  apiKey: string;
  merchantAccount: string;
  hmacKeyHex: string;
}

const TEST_ACCOUNT: AdyenAccount = { apiKey: TEST_ADYEN.apiKey, merchantAccount: TEST_ADYEN.merchantAccount, hmacKeyHex: TEST_ADYEN.hmacKey.toString('hex') };

/** The settings of a server whose Adyen is this local one; jobs run when the test says so (the sandbox clock's advance, or runDue). */
export function adyenSettings(adyen: LocalAdyen): Record<string, string> {
  return {
    ...adyen.serverEnv(),
    // Long enough for the local Adyen to compile its schemas on a loaded machine, short enough for a lost answer.
    ADYEN_TIMEOUT_MS: '15000',
    JOB_WORKER: 'off',
  };
}

/**
 * A test file's local Adyen and the server taking payments with it (PROCESSOR=adyen, `env` adds or
 * overrides), Adyen's webhooks sent to its notification route: started before the file's tests,
 * closed after them. After each test, nothing Adyen's OpenAPI documents refuse was sent or answered,
 * and the money's invariants hold.
 */
export function useLocalAdyen(account: AdyenAccount = TEST_ACCOUNT, env: Record<string, string> = {}) {
  const state = {
    /** The platform's sandbox API. */
    api: async (method: string, path: string, body?: unknown) => state.server.request(method, `/sandbox${path}`, { token: await state.platform.token('sandbox'), body }),
    /** The types of an object's events, oldest first. */
    eventTypes: async (objectId: string): Promise<string[]> => (await state.api('GET', `/events?object_id=${objectId}`)).body.data.map((event: { type: string }) => event.type).reverse(),
  } as { adyen: LocalAdyen; server: TestServer; platform: TestPlatform; api: (method: string, path: string, body?: unknown) => Promise<Response>; eventTypes: (objectId: string) => Promise<string[]> };
  beforeAll(async () => {
    state.adyen = await LocalAdyen.start({ apiKey: account.apiKey, merchantAccount: account.merchantAccount, hmacKey: Buffer.from(account.hmacKeyHex, 'hex') });
    state.server = await startServer({ ...adyenSettings(state.adyen), ...env });
    state.platform = await state.server.platform();
    state.adyen.notificationUrl = `${state.server.url}/processor/adyen/notifications`;
  });
  afterAll(async () => {
    await state.server?.close();
    await state.adyen?.close();
  });
  afterEach(async () => {
    expect(state.adyen.violations.splice(0)).toEqual([]);
    expect(await moneyViolations(state.server.app.database.db)).toEqual({});
  });
  return state;
}
