/**
 * Where webhooks may go. A caller-supplied URL must not turn the service into a proxy into its own
 * network: HTTPS only, and never to loopback, private, link-local, carrier-grade NAT, multicast or cloud
 * metadata addresses, checked when the URL is submitted and again at every connection (so DNS changes
 * after submission cannot redirect a delivery). A setting allows private targets for tests and
 * self-hosting on a private network.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { promises as dns } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { buildConnector } from 'undici';

export class WebhookTargetError extends Error {
  override name = 'WebhookTargetError';
}

/** Only globally routable unicast addresses are acceptable targets. */
export function isForbiddenAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() !== 'unicast';
}

/** Checks the URL's form and, unless private targets are allowed, every address its host resolves to. */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookTargetError('must be an absolute URL');
  }
  if (url.protocol !== 'https:') throw new WebhookTargetError('must use https');
  if (url.username || url.password) throw new WebhookTargetError('must not carry credentials');
  if (allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = ipaddr.isValid(host) ? [host] : (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    throw new WebhookTargetError(`host ${host} does not resolve`);
  }
  const forbidden = addresses.find(isForbiddenAddress);
  if (forbidden) throw new WebhookTargetError(`host ${host} resolves to ${forbidden}, a loopback, private, link-local or metadata address`);
  return url;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** The resolver behind a connection (the system's, or one a test controls to change its answers). */
export type Resolver = (hostname: string, options: { all: true }, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

const systemResolver: Resolver = (hostname, options, callback) => dnsLookup(hostname, options, callback);

/**
 * A `lookup` for socket connections that refuses forbidden addresses: the address actually connected
 * to is the one that was checked, whatever the name resolved to when the URL was submitted.
 */
export function guardedLookup(allowPrivate: boolean, resolve: Resolver = systemResolver) {
  return (hostname: string, options: object, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as LookupAddress[];
      const bad = allowPrivate ? undefined : list.find((a) => isForbiddenAddress(a.address));
      if (bad) return callback(Object.assign(new WebhookTargetError(`refused to connect to ${bad.address}`), { code: 'EFORBIDDEN' }), []);
      const wantsAll = (options as { all?: boolean }).all;
      if (wantsAll) return callback(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
      callback(null, first.address, first.family);
    });
  };
}

/**
 * Wraps a socket connector so an IP-literal host is checked too: Node never calls `lookup` for a host
 * that is already an address, so `guardedLookup` alone lets `https://127.0.0.1/` (or `2130706433`,
 * `[::ffff:7f00:1]`, which URL parsing turns into such literals) connect.
 */
export function guardedConnector(allowPrivate: boolean, connect: buildConnector.connector): buildConnector.connector {
  return (options, callback) => {
    const host = options.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate && isIP(host) && isForbiddenAddress(host)) {
      return callback(Object.assign(new WebhookTargetError(`refused to connect to ${host}`), { code: 'EFORBIDDEN' }), null);
    }
    connect(options, callback);
  };
}
