import { describe, expect, it } from 'vitest';
import { isPublicAddress, webhookUrlProblem } from './destinations.js';

describe('isPublicAddress', () => {
  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111'])('allows the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '224.0.0.1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
});

describe('webhookUrlProblem', () => {
  it('accepts https on a public name in live and http://localhost in sandbox', () => {
    expect(webhookUrlProblem('live', 'https://hooks.example.com/payments')).toBeUndefined();
    expect(webhookUrlProblem('sandbox', 'http://localhost:3000/webhooks')).toBeUndefined();
    expect(webhookUrlProblem('sandbox', 'http://127.0.0.1:3000/webhooks')).toBeUndefined();
  });
  it.each([
    ['http://hooks.example.com/', /https/],
    ['https://localhost/hooks', /local host/],
    ['https://127.0.0.1/hooks', /private, loopback/],
    ['https://[::1]/hooks', /private, loopback/],
    ['https://169.254.169.254/latest/meta-data', /private, loopback/],
    ['https://10.0.0.8/hooks', /private, loopback/],
    ['https://0x7f000001/hooks', /private, loopback/], // the URL parser writes these as 127.0.0.1
    ['https://2130706433/hooks', /private, loopback/],
    ['https://0177.0.0.1/hooks', /private, loopback/],
    ['https://[::ffff:10.0.0.1]/hooks', /private, loopback/],
    ['https://user:pw@hooks.example.com/', /credentials/],
    ['ftp://hooks.example.com/', /http or https/],
    ['not a url', /absolute URL/],
  ])('refuses %s in live', (url, problem) => {
    expect(webhookUrlProblem('live', url)).toMatch(problem);
  });
});
