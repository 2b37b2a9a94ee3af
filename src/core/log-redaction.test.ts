import { describe, expect, it } from 'vitest';
import { redactSecrets } from './log-redaction.js';

const JWT = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJjbGlfMSJ9.c2lnbmF0dXJlLWJ5dGVz';

describe('redactSecrets', () => {
  it.each(['access_token', 'token', 'refresh_token', 'id_token', 'client_secret', 'secret', 'password', 'new_password', 'api_key', 'apikey', 'key', 'code', 'signature', 'client%5Fsecret'])(
    'hides the value of the query parameter %s',
    (name) => {
      const line = JSON.stringify({ msg: 'incoming request', req: { url: `/sandbox/events/stream?types=a,b&${name}=s3cr3t-VALUE&limit=5` } });
      const redacted = redactSecrets(line);
      expect(redacted).not.toContain('s3cr3t-VALUE');
      expect(redacted).toContain('types=a,b&');
      expect(redacted).toContain('&limit=5');
      expect(JSON.parse(redacted).req.url).toBe(`/sandbox/events/stream?types=a,b&${name}=[redacted]&limit=5`);
    },
  );

  it('hides a form body quoted in a message', () => {
    const redacted = redactSecrets(JSON.stringify({ msg: 'Unexpected token: "grant_type=client_credentials&client_secret=s3cr3t-VALUE" is not valid JSON' }));
    expect(redacted).not.toContain('s3cr3t-VALUE');
    expect(redacted).toContain('grant_type=client_credentials');
  });

  it.each(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key', 'webhook-secret', 'client_secret', 'password', 'cvv', 'card_number', 'resource_token'])(
    'hides the field or header %s at any depth, whatever its value',
    (name) => {
      for (const value of ['s3cr3t-VALUE', ['a=s3cr3t-VALUE', 'b=s3cr3t-VALUE'], 4242424242]) {
        const line = JSON.stringify({ err: { request: { headers: { [name]: value, accept: 'text/html' } } } });
        const redacted = redactSecrets(line);
        expect(redacted).not.toMatch(/s3cr3t-VALUE|4242424242/);
        expect(JSON.parse(redacted).err.request.headers).toEqual({ [name]: '[redacted]', accept: 'text/html' });
      }
    },
  );

  it('hides a member of JSON quoted in a message', () => {
    const redacted = redactSecrets(JSON.stringify({ msg: `body was ${JSON.stringify({ client_id: 'cli_1', client_secret: 's3cr3t-VALUE' })}` }));
    expect(redacted).not.toContain('s3cr3t-VALUE');
    expect(JSON.parse(redacted).msg).toBe('body was {"client_id":"cli_1","client_secret":"[redacted]"}');
  });

  it('hides a JWT anywhere: in a path, a message, a header or a value of any name', () => {
    for (const text of [`/pay/${JWT}/x`, `token ${JWT} refused`, `Bearer ${JWT}`, `state=${JWT}`, `${JWT.slice(0, -10)}`]) {
      const redacted = redactSecrets(JSON.stringify({ msg: text }));
      expect(redacted).not.toContain('eyJzdWIiOiJjbGlfMSJ9');
      expect(() => JSON.parse(redacted)).not.toThrow();
    }
  });

  it('keeps what is not secret: error codes, idempotency keys, ids, counts, ordinary URLs', () => {
    const line = JSON.stringify({
      code: 'validation_failed',
      status: 400,
      idempotency_key: 'order-17',
      sessions: 2,
      tokenize: true,
      req: { url: '/hpp/payments/pay_01J/tokenize?lang=de&page=2' },
      msg: 'a=b, status_code=500, keys=3',
    });
    expect(redactSecrets(line)).toBe(line);
  });
});
