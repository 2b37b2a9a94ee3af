import { describe, expect, it } from 'vitest';
import { ADYEN_TEST_CHECKOUT_URL, readAdyenConfig } from './config.js';

const complete = { ADYEN_API_KEY: 'AQE1-key', ADYEN_MERCHANT_ACCOUNT: 'PlatformECOM', ADYEN_HMAC_KEY: '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056' };

describe('readAdyenConfig', () => {
  it('reads the settings, Adyen’s test endpoint by default, the HMAC key hex-decoded', () => {
    const config = readAdyenConfig(complete);
    expect(config).toEqual({
      apiKey: 'AQE1-key', merchantAccount: 'PlatformECOM', checkoutUrl: ADYEN_TEST_CHECKOUT_URL,
      hmacKey: Buffer.from(complete.ADYEN_HMAC_KEY, 'hex'),
    });
    expect(config.hmacKey).toHaveLength(32);
  });

  it('takes another Checkout URL, its trailing slash dropped so the version appears once', () => {
    expect(readAdyenConfig({ ...complete, ADYEN_CHECKOUT_URL: 'http://127.0.0.1:4010/v71/' }).checkoutUrl).toBe('http://127.0.0.1:4010/v71');
  });

  it('names every missing variable in one line', () => {
    expect(() => readAdyenConfig({})).toThrow(/^Adyen settings: ADYEN_API_KEY is required; ADYEN_MERCHANT_ACCOUNT is required; ADYEN_HMAC_KEY is required$/);
  });

  it('names a malformed HMAC key or URL, and never repeats the API key', () => {
    let message = '';
    try {
      readAdyenConfig({ ...complete, ADYEN_HMAC_KEY: 'not-hex', ADYEN_CHECKOUT_URL: 'checkout-test.adyen.com' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('ADYEN_HMAC_KEY must be the hex key');
    expect(message).toContain('ADYEN_CHECKOUT_URL must be an http(s) URL');
    expect(message).not.toContain('\n');
    expect(message).not.toContain(complete.ADYEN_API_KEY);
    expect(() => readAdyenConfig({ ...complete, ADYEN_HMAC_KEY: 'ABC' })).toThrow(/ADYEN_HMAC_KEY/);
    expect(() => readAdyenConfig({ ...complete, ADYEN_CHECKOUT_URL: 'https://x.example/v71?a=1' })).toThrow(/query or fragment/);
  });
});
