import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Environment } from '../core/config.js';
import { valueAt } from '../core/body-rules.js';
import type { FieldError } from '../core/errors.js';
import { memoized } from '../core/memo.js';

/** Global unicast IPv6 (2000::/3): everything else is local, reserved or a transition prefix. */
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

function ipv4Of(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/**
 * The IPv4 addresses an IPv6 address stands for, where its prefix says it embeds them: IPv4-mapped
 * (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), NAT64's
 * well-known prefix (64:ff9b::/96), 6to4 (2002::/16: bits 16–47) and Teredo (2001::/32: the server,
 * bits 32–63, and the client, the last 32 bits inverted). Undefined for any other address.
 */
export function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] | undefined {
  const [a, b, c, d, e, f, g, h] = address.parts as [number, number, number, number, number, number, number, number];
  const last = ipv4Of(g, h);
  if (a === 0 && b === 0 && c === 0 && d === 0 && ((e === 0 && (f === 0 || f === 0xffff)) || (e === 0xffff && f === 0))) return [last];
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) return [last];
  if (a === 0x2002) return [ipv4Of(b, c)];
  if (a === 0x2001 && b === 0) return [ipv4Of(c, d), ipv4Of(~g & 0xffff, ~h & 0xffff)];
  return undefined;
}

/**
 * Whether an address may receive live webhooks: public unicast only (no loopback, private,
 * link-local, metadata…). An IPv6 address that embeds IPv4 addresses is judged by them; other
 * IPv6 must be global unicast (so the local-use NAT64 prefix 64:ff9b:1::/48, whose translator
 * reaches the operator's own networks, is refused).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const ipv6 = parsed as ipaddr.IPv6;
  const embedded = embeddedIPv4(ipv6);
  if (embedded) return embedded.every((ipv4) => ipv4.range() === 'unicast');
  return ipv6.match(GLOBAL_UNICAST) && ipv6.range() === 'unicast';
}

/**
 * What is wrong with a webhook URL given in a request, or undefined. Live URLs must be https and
 * must not name a local or private host; sandbox accepts http and localhost for development.
 */
export function webhookUrlProblem(environment: Environment, value: string): string | undefined {
  return checkedUrls[environment](value);
}

/** Each environment's answers remembered: a platform sends the same webhook URL with every payment. */
const checkedUrls: Record<Environment, (value: string) => string | undefined> = {
  live: memoized((value) => urlProblem('live', value)),
  sandbox: memoized((value) => urlProblem('sandbox', value)),
};

function urlProblem(environment: Environment, value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http or https URL';
  if (url.username || url.password) return 'must not carry credentials';
  if (value.length > 2048) return 'must be at most 2048 characters';
  if (environment === 'sandbox') return undefined;
  if (url.protocol !== 'https:') return 'must be https in the live environment';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host.endsWith('.internal')) {
    return 'must not point at a local host in the live environment';
  }
  // The URL parser writes every IPv4 form (hex, octal, one number) as dotted decimal, IPv6 with colons:
  // only such hosts need the (costly) address parser.
  const literal = /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':');
  if (literal && ipaddr.isValid(host) && !isPublicAddress(host)) return 'must not point at a private, loopback or link-local address in the live environment';
  return undefined;
}

const NOT_ALLOWED = 'not allowed for live webhooks (loopback, private, link-local or metadata)';

/** A live destination refused; the text names the host the platform gave, never an address it resolved to. */
export class DestinationRefused extends Error {
  constructor(host: string, resolved: boolean) {
    super(resolved ? `${host} resolves to an address ${NOT_ALLOWED}` : `destination address ${host} is ${NOT_ALLOWED}`);
    this.name = 'DestinationRefused';
  }
}

/**
 * A DNS lookup for live deliveries that refuses non-public addresses. The connection is made to
 * the address checked here, so a name that re-resolves to a private address (DNS rebinding) is
 * refused too.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as LookupAddress[];
    if (list.length === 0 || list.some((entry) => !isPublicAddress(entry.address))) return callback(new DestinationRefused(hostname, true), '', 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
    const first = list[0]!;
    return callback(null, first.address, first.family);
  });
};

/**
 * The rules of a request body's urls that a schema cannot say: the webhook URL's (webhookUrlProblem),
 * and in live an https redirect. A body rule (core/body-rules): the body may have any shape.
 */
export function urlsProblems(environment: Environment, body: unknown): FieldError[] {
  const errors: FieldError[] = [];
  const webhook = valueAt(body, 'urls', 'webhook');
  const problem = typeof webhook === 'string' ? webhookUrlProblem(environment, webhook) : undefined;
  if (problem) errors.push({ pointer: '/urls/webhook', code: 'url_not_allowed', detail: problem });
  const redirect = valueAt(body, 'urls', 'redirect');
  if (environment === 'live' && typeof redirect === 'string' && !redirect.startsWith('https://')) errors.push({ pointer: '/urls/redirect', code: 'https_required', detail: 'must be https in the live environment' });
  return errors;
}
