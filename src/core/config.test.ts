import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('shutdown settings', () => {
  it('defaults to a 10 s bound, no drain and half the bound for webhook attempts in flight', () => {
    expect(loadConfig({}).shutdown).toEqual({ timeoutSeconds: 10, drainSeconds: 0, webhookWaitSeconds: 5 });
    expect(loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '3' }).shutdown).toEqual({ timeoutSeconds: 3, drainSeconds: 0, webhookWaitSeconds: 1 });
  });

  it('takes waits that end before the bound', () => {
    const env = { SHUTDOWN_TIMEOUT_SECONDS: '3', SHUTDOWN_DRAIN_SECONDS: '2', SHUTDOWN_WEBHOOK_WAIT_SECONDS: '0' };
    expect(loadConfig(env).shutdown).toEqual({ timeoutSeconds: 3, drainSeconds: 2, webhookWaitSeconds: 0 });
  });

  it('refuses waits that the bound would cut short, and a bound of 0', () => {
    expect(() => loadConfig({ SHUTDOWN_DRAIN_SECONDS: '10' })).toThrow(/SHUTDOWN_DRAIN_SECONDS must be less than SHUTDOWN_TIMEOUT_SECONDS \(10\)/);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '4', SHUTDOWN_WEBHOOK_WAIT_SECONDS: '4' })).toThrow(/SHUTDOWN_WEBHOOK_WAIT_SECONDS must be less/);
    expect(() => loadConfig({ SHUTDOWN_TIMEOUT_SECONDS: '0' })).toThrow(/SHUTDOWN_TIMEOUT_SECONDS must be at least 1/);
  });
});

describe('metrics settings', () => {
  it('serves metrics to nobody by default; a token, a listener of their own (on 127.0.0.1 unless told), or both', () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, listen: undefined });
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(16) }).metrics).toEqual({ token: 'a'.repeat(16), listen: undefined });
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ token: undefined, listen: { host: '127.0.0.1', port: 9464 } });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.2' }).metrics.listen).toEqual({ host: '10.0.0.2', port: 9464 });
  });

  it('refuses a guessable metrics token', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });
});

describe('HTTP limits and body shape', () => {
  it('defaults to what a reverse proxy expects', () => {
    const config = loadConfig({});
    expect(config.http).toEqual({ headersTimeoutSeconds: 20, requestTimeoutSeconds: 60, keepAliveTimeoutSeconds: 72, connectionTimeoutSeconds: 60, maxHeaderBytes: 16_384, maxConnectionsPerAddress: 256 });
    expect(config.bodyShape).toEqual({ maxMembers: 1000, maxDepth: 16 });
  });

  it('takes each from its variable, 0 turning off the connection timeout and the connection cap', () => {
    const config = loadConfig({
      HTTP_HEADERS_TIMEOUT_SECONDS: '5',
      HTTP_REQUEST_TIMEOUT_SECONDS: '5',
      HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: '3',
      HTTP_CONNECTION_TIMEOUT_SECONDS: '0',
      HTTP_MAX_HEADER_BYTES: '8192',
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0',
      BODY_MAX_MEMBERS: '50',
      BODY_MAX_DEPTH: '4',
    });
    expect(config.http).toEqual({ headersTimeoutSeconds: 5, requestTimeoutSeconds: 5, keepAliveTimeoutSeconds: 3, connectionTimeoutSeconds: 0, maxHeaderBytes: 8192, maxConnectionsPerAddress: 0 });
    expect(config.bodyShape).toEqual({ maxMembers: 50, maxDepth: 4 });
  });

  it('refuses a headers timeout past the request timeout, and 0 where a bound is needed', () => {
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_SECONDS: '61' })).toThrow(/HTTP_HEADERS_TIMEOUT_SECONDS must not exceed HTTP_REQUEST_TIMEOUT_SECONDS \(60\)/);
    for (const name of ['HTTP_HEADERS_TIMEOUT_SECONDS', 'HTTP_REQUEST_TIMEOUT_SECONDS', 'HTTP_KEEP_ALIVE_TIMEOUT_SECONDS', 'HTTP_MAX_HEADER_BYTES', 'BODY_MAX_MEMBERS', 'BODY_MAX_DEPTH']) {
      expect(() => loadConfig({ [name]: '0' }), name).toThrow(new RegExp(`${name} must be at least 1`));
    }
  });
});

describe('processor settings', () => {
  const adyen = { ADYEN_API_KEY: 'key', ADYEN_MERCHANT_ACCOUNT: 'Platform', ADYEN_HMAC_KEY: '44782DEF547AAA06' };

  it('takes the simulator in both environments by default, PROCESSOR for both, and LIVE_/SANDBOX_PROCESSOR for one', () => {
    expect(loadConfig({}).processors).toEqual({ live: 'simulator', sandbox: 'simulator' });
    expect(loadConfig({ PROCESSOR: 'adyen', SANDBOX_PROCESSOR: 'simulator', ...adyen }).processors).toEqual({ live: 'adyen', sandbox: 'simulator' });
    expect(loadConfig({ LIVE_PROCESSOR: 'adyen', ...adyen }).processors).toEqual({ live: 'adyen', sandbox: 'simulator' });
  });

  it("collects SEPA Direct Debits with the environment's processor unless SEPA_PROCESSOR (or LIVE_/SANDBOX_SEPA_PROCESSOR) says otherwise", () => {
    expect(loadConfig({ PROCESSOR: 'adyen', ...adyen }).sepaProcessors).toEqual({ live: 'adyen', sandbox: 'adyen' });
    expect(loadConfig({ PROCESSOR: 'adyen', SEPA_PROCESSOR: 'simulator', ...adyen }).sepaProcessors).toEqual({ live: 'simulator', sandbox: 'simulator' });
    expect(loadConfig({ LIVE_PROCESSOR: 'adyen', SANDBOX_SEPA_PROCESSOR: 'adyen', ...adyen }).sepaProcessors).toEqual({ live: 'adyen', sandbox: 'adyen' });
    // Adyen for SEPA alone needs its settings too.
    expect(() => loadConfig({ LIVE_SEPA_PROCESSOR: 'adyen' })).toThrow('The adyen processor needs ADYEN_API_KEY, ADYEN_MERCHANT_ACCOUNT, ADYEN_HMAC_KEY');
    expect(() => loadConfig({ SEPA_PROCESSOR: 'gocardless' })).toThrow('SEPA_PROCESSOR must be one of simulator, adyen, got "gocardless"');
  });

  it("reads Adyen's settings only when an environment uses it, its test endpoint by default", () => {
    expect(loadConfig(adyen).adyen).toBeUndefined();
    expect(loadConfig({ SANDBOX_PROCESSOR: 'adyen', ...adyen }).adyen).toEqual({ apiKey: 'key', merchantAccount: 'Platform', checkoutUrl: 'https://checkout-test.adyen.com/v71', hmacKey: '44782DEF547AAA06', timeoutMs: 30_000 });
    expect(loadConfig({ PROCESSOR: 'adyen', ...adyen, ADYEN_CHECKOUT_URL: 'http://127.0.0.1:9999/v71/' }).adyen?.checkoutUrl).toBe('http://127.0.0.1:9999/v71');
    expect(loadConfig({ PROCESSOR: 'adyen', ...adyen, ADYEN_TIMEOUT_MS: '5000' }).adyen?.timeoutMs).toBe(5_000);
  });

  it('refuses an unknown processor, and Adyen without its settings (named) or with an HMAC key that is not hex', () => {
    expect(() => loadConfig({ PROCESSOR: 'stripe' })).toThrow('PROCESSOR must be one of simulator, adyen, got "stripe"');
    expect(() => loadConfig({ LIVE_PROCESSOR: 'adyen', ADYEN_API_KEY: 'key' })).toThrow('The adyen processor needs ADYEN_MERCHANT_ACCOUNT, ADYEN_HMAC_KEY');
    expect(() => loadConfig({ PROCESSOR: 'adyen', ...adyen, ADYEN_HMAC_KEY: 'not-hex' })).toThrow('ADYEN_HMAC_KEY must be hexadecimal');
  });
});
