import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { Environment } from '../core/config.js';
import { valueAt } from '../core/body-rules.js';
import type { FieldError } from '../core/errors.js';

/** Whether an address may receive live webhooks: public unicast only (no loopback, private, link-local, metadata…). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/**
 * What is wrong with a webhook URL given in a request, or undefined. Live URLs must be https and
 * must not name a local or private host; sandbox accepts http and localhost for development.
 */
export function webhookUrlProblem(environment: Environment, value: string): string | undefined {
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

export class DestinationRefused extends Error {
  constructor(readonly address: string) {
    super(`destination address ${address} is not allowed for live webhooks (loopback, private, link-local or metadata)`);
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
    const refused = list.find((entry) => !isPublicAddress(entry.address));
    if (refused || list.length === 0) return callback(new DestinationRefused(refused?.address ?? hostname), '', 0);
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
