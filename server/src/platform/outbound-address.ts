import { lookup as systemLookup } from 'node:dns/promises';
import type { LookupAddress, LookupOptions } from 'node:dns';
import ipaddr from 'ipaddr.js';

/**
 * Where the server may connect on a customer's say-so (webhook endpoints, issue 33 §1). A target is
 * judged by the addresses it reaches, never by how its URL is written: `[::ffff:127.0.0.1]`,
 * `2130706433`, `0177.0.0.1`, `127.1` and a name that resolves to 127.0.0.1 are all this machine.
 * Names are judged twice: when the URL is saved, and again by the look-up of the connection itself
 * (`guardedLookup`), so a name whose answer changes afterwards (DNS rebinding) is refused too.
 */

/** Every address a host name resolves to, as the connection would see them. Tests replace it. */
export type ResolveHost = (hostname: string) => Promise<string[]>;

/** The operating system's resolver (`getaddrinfo`: /etc/hosts, then DNS), every address it answers. */
export const systemResolveHost: ResolveHost = async (hostname) =>
  (await systemLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** IPv6 global unicast (RFC 4291 §2.4, IANA): anything outside it is not a public Internet host. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');

/**
 * Why `address` is not a public Internet address (`loopback`, `private`, `linkLocal`,
 * `carrierGradeNat`, `uniqueLocal`, `multicast`, `unspecified`, `reserved`, …), or null when it is
 * one. IPv4-mapped IPv6 (`::ffff:7f00:1`) is judged as the IPv4 address it carries; IPv6 must be
 * global unicast and none of the ranges that embed an IPv4 address (6to4, Teredo, NAT64).
 */
export function nonPublicRange(address: string): string | null {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    // `process` turns an IPv4-mapped IPv6 address into the IPv4 address it means.
    parsed = ipaddr.process(address.replace(/^\[|\]$/g, ''));
  } catch {
    return 'invalid';
  }
  const range = parsed.range();
  if (range !== 'unicast') return range;
  if (parsed.kind() === 'ipv6' && !(parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_V6)) return 'reserved';
  return null;
}

/** The literal address a URL's hostname is, without brackets, or null for a name. */
export function addressOfHostname(hostname: string): string | null {
  const bare = hostname.replace(/^\[|\]$/g, '');
  // The WHATWG URL parser has already turned every IPv4 spelling (decimal, octal, hex, short)
  // into four decimal parts, and IPv6 comes in brackets.
  if (hostname.startsWith('[') || ipaddr.IPv4.isValidFourPartDecimal(bare)) return bare;
  return null;
}

/** `localhost` and its subdomains are this machine whatever any resolver says (RFC 6761 §6.3). */
function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** What a host reaches: its addresses, and the first that is not public (if any). */
export type HostVerdict =
  | { kind: 'public'; addresses: string[] }
  | { kind: 'not-public'; addresses: string[]; range: string }
  | { kind: 'unresolved'; reason: string };

/** Judges a URL's hostname: a literal as itself, `localhost` as loopback, a name by every address. */
export async function judgeHost(hostname: string, resolve: ResolveHost): Promise<HostVerdict> {
  const literal = addressOfHostname(hostname);
  if (literal !== null) {
    const range = nonPublicRange(literal);
    return range
      ? { kind: 'not-public', addresses: [literal], range }
      : { kind: 'public', addresses: [literal] };
  }
  let addresses: string[];
  if (isLocalhostName(hostname)) {
    addresses = await resolve(hostname).catch(() => ['127.0.0.1']);
    return {
      kind: 'not-public',
      addresses: addresses.length > 0 ? addresses : ['127.0.0.1'],
      range: 'loopback',
    };
  }
  try {
    addresses = await resolve(hostname);
  } catch (error) {
    return { kind: 'unresolved', reason: (error as { code?: string }).code ?? String(error) };
  }
  if (addresses.length === 0) return { kind: 'unresolved', reason: 'ENOTFOUND' };
  for (const address of addresses) {
    const range = nonPublicRange(address);
    if (range) return { kind: 'not-public', addresses, range };
  }
  return { kind: 'public', addresses };
}

/** Whether the host is this machine (plain http is allowed to it outside production). */
export function isLoopbackHost(hostname: string): boolean {
  if (isLocalhostName(hostname)) return true;
  const literal = addressOfHostname(hostname);
  if (literal === null) return false;
  return nonPublicRange(literal) === 'loopback';
}

/** The error a refused connection fails with (its `code` reaches the delivery log). */
export class TargetNotPublicError extends Error {
  readonly code = 'ETARGETNOTPUBLIC';
  constructor(hostname: string, range: string) {
    super(`refused: ${hostname} is not a public address (${range})`);
    this.name = 'TargetNotPublicError';
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for `net.connect` (through an http(s) `Agent`) that resolves with `resolve` and, unless
 * `allowPrivate`, refuses every name with a non-public address among its answers: the check happens
 * in the very look-up the socket connects with, so no later answer can slip past it. (A literal
 * address never reaches a look-up: check it with `judgeHost` before connecting.)
 */
export function guardedLookup(resolve: ResolveHost, options: { allowPrivate: boolean }) {
  return (hostname: string, lookupOptions: LookupOptions, callback: LookupCallback): void => {
    const family =
      lookupOptions.family === 'IPv4' ? 4 : lookupOptions.family === 'IPv6' ? 6 : lookupOptions.family;
    judgeHost(hostname, resolve).then(
      (verdict) => {
        if (verdict.kind === 'unresolved') {
          const error: NodeJS.ErrnoException = new Error(`getaddrinfo ${verdict.reason} ${hostname}`);
          error.code = verdict.reason;
          callback(error, '');
          return;
        }
        if (verdict.kind === 'not-public' && !options.allowPrivate) {
          callback(new TargetNotPublicError(hostname, verdict.range), '');
          return;
        }
        const answers = verdict.addresses
          .map((address) => ({ address, family: ipaddr.parse(address).kind() === 'ipv6' ? 6 : 4 }))
          .filter((answer) => !family || answer.family === family);
        if (answers.length === 0) {
          const error: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
          error.code = 'ENOTFOUND';
          callback(error, '');
          return;
        }
        if (lookupOptions.all) callback(null, answers);
        else callback(null, answers[0]!.address, answers[0]!.family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, ''),
    );
  };
}
