import { describe, expect, it } from 'vitest';
import { isPublicAddress, webhookUrlProblem } from './destinations.js';

describe('isPublicAddress', () => {
  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '2606:4700:4700::1111',
    '::ffff:808:808', // IPv4-mapped 8.8.8.8
    '::808:808', // IPv4-compatible 8.8.8.8
    '::ffff:0:808:808', // IPv4-translated 8.8.8.8
    '64:ff9b::808:808', // NAT64 of 8.8.8.8
    '2002:808:808::1', // 6to4 of 8.8.8.8
    '2001:0:4136:e378:8000:63bf:f7f7:f7f7', // Teredo: server 65.54.227.120, client 8.8.8.8
  ])('allows the public address %s', (address) => {
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
    '::',
    '224.0.0.1',
    // IPv6 that embeds a private IPv4 address is judged by it:
    '::7f00:1', // IPv4-compatible 127.0.0.1 (how the URL parser writes [::127.0.0.1])
    '::127.0.0.1',
    '::a00:5', // IPv4-compatible 10.0.0.5
    '::a9fe:a9fe', // IPv4-compatible 169.254.169.254
    '::ffff:a9fe:a9fe', // IPv4-mapped 169.254.169.254
    '::ffff:0:7f00:1', // IPv4-translated 127.0.0.1
    '64:ff9b::7f00:1', // NAT64 127.0.0.1
    '64:ff9b::a00:5', // NAT64 10.0.0.5
    '64:ff9b::a9fe:a9fe', // NAT64 169.254.169.254
    '64:ff9b:1::808:808', // local-use NAT64 (RFC 8215): refused whatever it embeds
    '2002:7f00:1::1', // 6to4 127.0.0.1
    '2002:c0a8:101::1', // 6to4 192.168.1.1
    '2002:a9fe:a9fe::', // 6to4 169.254.169.254
    '2001:0:4136:e378:8000:63bf:80ff:fffe', // Teredo, client 127.0.0.1
    '2001:0:4136:e378:8000:63bf:f5ff:fffa', // Teredo, client 10.0.0.5
    '2001:0:a00:5:8000:63bf:f7f7:f7f7', // Teredo, server 10.0.0.5
    // other IPv6 outside global unicast:
    '100::1',
    '2001:db8::1',
    'fec0::1',
    '::1:0:0:1',
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
  it("judges a URL by each environment's rules, whichever was asked first (each remembers its own answers)", () => {
    for (const url of ['http://127.0.0.1:3000/hooks', 'https://localhost/hooks', 'http://hooks.example.com/']) {
      expect(webhookUrlProblem('sandbox', url), url).toBeUndefined();
      expect(webhookUrlProblem('live', url), url).toBeDefined();
      expect(webhookUrlProblem('sandbox', url), url).toBeUndefined();
    }
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
    ['https://[::7f00:1]/hooks', /private, loopback/],
    ['https://[::127.0.0.1]/hooks', /private, loopback/],
    ['https://[::ffff:0:127.0.0.1]/hooks', /private, loopback/],
    ['https://[64:ff9b::127.0.0.1]/hooks', /private, loopback/],
    ['https://[64:ff9b:1::a00:1]/hooks', /private, loopback/],
    ['https://[2002:a9fe:a9fe::1]/hooks', /private, loopback/],
    ['https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hooks', /private, loopback/],
    ['https://user:pw@hooks.example.com/', /credentials/],
    ['ftp://hooks.example.com/', /http or https/],
    ['not a url', /absolute URL/],
  ])('refuses %s in live', (url, problem) => {
    expect(webhookUrlProblem('live', url)).toMatch(problem);
  });
});
