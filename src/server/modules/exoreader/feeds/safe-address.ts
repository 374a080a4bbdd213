// The server fetches addresses that people type: without this check, a feed address could make
// it read its own admin ports, the cloud's metadata service or the office's router for them.
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { FeedError } from './parse-feed.ts';

// The only IPv6 addresses routed on the Internet; the rest (and ::/8 with IPv4 inside) is not.
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

/**
 * Whether `ip` is an address on the public Internet. Loopback, private, link-local, unique-local,
 * carrier-grade NAT, multicast, documentation and other reserved ranges are not, nor are IPv6
 * addresses that carry one of them (IPv4-mapped); an unreadable address is not either.
 */
export function isPublicAddress(ip: string): boolean {
  const text = ip.trim().replace(/^\[(.*)\]$/, '$1');
  if (!ipaddr.isValid(text)) return false;
  let address = ipaddr.parse(text);
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
    address = (address as ipaddr.IPv6).toIPv4Address();
  }
  if (address.range() !== 'unicast') return false;
  return address.kind() === 'ipv4' || (address as ipaddr.IPv6).match(GLOBAL_UNICAST);
}

export interface HostCheckOptions {
  /** A server on a home or office network may read feeds there, when its administrator says so. */
  allowPrivate: boolean;
  /** Every address the name resolves to; DNS by default. */
  lookup?: (host: string) => Promise<string[]>;
}

/** The refusals a person reads on their subscription, whoever finds them (this check, the fetch's lookup). */
export const privateAddressError = (host: string) =>
  new FeedError(
    'private_address',
    `${host} is on a private network, not the Internet: this server does not read feeds there.`,
  );
export const unknownHostError = (host: string, cause?: unknown) =>
  new FeedError('unknown_host', `No server answers to the name ${host}.`, cause === undefined ? undefined : { cause });

async function systemLookup(host: string): Promise<string[]> {
  return (await dnsLookup(host, { all: true })).map((answer) => answer.address);
}

/**
 * Refuses a host that is, or resolves to, an address off the public Internet. Every answer is
 * checked, not the first: a name with one public and one private address would be fetched from
 * either. A name can resolve elsewhere by the time the fetch connects: the fetcher also checks
 * the connected socket's remote address with isPublicAddress.
 */
export async function assertPublicHost(hostname: string, options: HostCheckOptions): Promise<void> {
  if (options.allowPrivate) return;
  const host = hostname.trim().replace(/^\[(.*)\]$/, '$1');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await (options.lookup ?? systemLookup)(host);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOTFOUND' && code !== 'ENODATA') throw error;
      throw unknownHostError(host, error);
    }
  }
  if (addresses.length === 0) throw unknownHostError(host);
  if (!addresses.every(isPublicAddress)) throw privateAddressError(host);
}
