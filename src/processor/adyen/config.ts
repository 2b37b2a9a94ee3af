/** Adyen's test endpoint of the Checkout API; live accounts have their own prefixed URL. */
export const ADYEN_TEST_CHECKOUT_URL = 'https://checkout-test.adyen.com/v71';

export interface AdyenConfig {
  /** ADYEN_API_KEY: sent as X-API-Key on every Checkout API call. */
  apiKey: string;
  /** ADYEN_MERCHANT_ACCOUNT: the merchant account every payment and refund is booked on. */
  merchantAccount: string;
  /** ADYEN_CHECKOUT_URL: the Checkout API's base URL, version included, without a trailing slash. */
  checkoutUrl: string;
  /** ADYEN_HMAC_KEY: the notification HMAC key, hex-decoded. */
  hmacKey: Buffer;
}

type Env = Record<string, string | undefined>;

/**
 * Reads the Adyen settings from an environment. Every missing or malformed variable is named in the
 * one-line message of the Error thrown, so an operator fixes them all at once.
 */
export function readAdyenConfig(env: Env): AdyenConfig {
  const problems: string[] = [];
  const required = (name: string): string => {
    const value = env[name]?.trim();
    if (!value) problems.push(`${name} is required`);
    return value ?? '';
  };
  const apiKey = required('ADYEN_API_KEY');
  const merchantAccount = required('ADYEN_MERCHANT_ACCOUNT');
  const checkoutUrl = readCheckoutUrl(env.ADYEN_CHECKOUT_URL, problems);
  const hmacKey = readHmacKey(required('ADYEN_HMAC_KEY'), problems);
  if (problems.length > 0) throw new Error(`Adyen settings: ${problems.join('; ')}`);
  return { apiKey, merchantAccount, checkoutUrl, hmacKey };
}

function readCheckoutUrl(raw: string | undefined, problems: string[]): string {
  const value = raw?.trim() || ADYEN_TEST_CHECKOUT_URL;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    problems.push(`ADYEN_CHECKOUT_URL must be an http(s) URL, got "${value}"`);
    return value;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') problems.push(`ADYEN_CHECKOUT_URL must be an http(s) URL, got "${value}"`);
  else if (url.search || url.hash) problems.push(`ADYEN_CHECKOUT_URL must not carry a query or fragment, got "${value}"`);
  // The operation's path is appended to it, so a trailing slash would double; the version stays once, in the URL.
  return value.replace(/\/+$/, '');
}

function readHmacKey(raw: string, problems: string[]): Buffer {
  if (raw && !/^(?:[0-9a-fA-F]{2})+$/.test(raw)) problems.push('ADYEN_HMAC_KEY must be the hex key shown in the Customer Area');
  return Buffer.from(raw, 'hex');
}
