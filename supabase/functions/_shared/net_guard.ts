/**
 * Where outgoing requests (webhook deliveries and tests) may go. Private, shared, link-local (with
 * the cloud metadata service, 169.254.169.254), multicast, reserved and unspecified addresses are
 * refused, whether written as an address or reached through a name that resolves to one, and again
 * at every redirect. Loopback is refused too, except where the functions run against a local stack
 * (the project URL is itself loopback), so a developer can point a webhook at a receiver of their
 * own; a hosted project keeps the guard strict with nothing to configure. An allow-list (addresses
 * or CIDR ranges) opens exceptions.
 *
 * The names are resolved here, every address they give is checked, and the request is then sent over
 * a connection to a checked address (`pinnedFetch`): the name is kept for the Host header and for
 * TLS (server name and certificate), so a DNS answer that changes between the check and the connect
 * (rebinding) cannot move the request elsewhere.
 */
import { pinnedFetch } from './pinned_fetch.ts';

export interface GuardOptions {
  allowLoopback: boolean;
  /** Addresses or CIDR ranges let through whatever they are. */
  allowed: readonly string[];
  resolve?: (hostname: string) => Promise<string[]>;
  /** Root certificates trusted beside the system's (PEM): a receiver behind a private CA; the tests' own. */
  caCerts?: readonly string[];
}

type Range = [bigint, number, string];

function v4ToBigInt(ip: string): bigint | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let n = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    n = (n << 8n) | BigInt(Number(part));
  }
  return n;
}

function v6ToBigInt(ip: string): bigint | null {
  let text = ip.toLowerCase().replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4Tail) {
    const v4 = v4ToBigInt(v4Tail[1]);
    if (v4 === null) return null;
    text = text.slice(0, -v4Tail[1].length) + `${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) return null;
  const groups = [...head, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  let n = 0n;
  for (const group of groups) {
    if (!/^[0-9a-f]{1,4}$/.test(group)) return null;
    n = (n << 16n) | BigInt(parseInt(group, 16));
  }
  return n;
}

export function parseIp(ip: string): { version: 4 | 6; value: bigint } | null {
  const v4 = v4ToBigInt(ip);
  if (v4 !== null) return { version: 4, value: v4 };
  const v6 = ip.includes(':') ? v6ToBigInt(ip) : null;
  return v6 === null ? null : { version: 6, value: v6 };
}

function range(cidr: string, what: string): { version: 4 | 6; range: Range } {
  const [address, bits] = cidr.split('/');
  const parsed = parseIp(address);
  if (!parsed) throw new TypeError(`not an address: ${cidr}`);
  const width = parsed.version === 4 ? 32 : 128;
  return { version: parsed.version, range: [parsed.value, bits === undefined ? width : Number(bits), what] };
}

function inRange(value: bigint, version: 4 | 6, [net, bits]: Range): boolean {
  const width = version === 4 ? 32 : 128;
  const shift = BigInt(width - bits);
  return value >> shift === net >> shift;
}

const LOOPBACK = [range('127.0.0.0/8', 'a loopback address'), range('::1/128', 'a loopback address')];
const REFUSED = [
  range('0.0.0.0/8', 'an unspecified address'),
  range('10.0.0.0/8', 'a private address'),
  range('100.64.0.0/10', 'a shared (carrier-grade NAT) address'),
  range('169.254.0.0/16', 'a link-local or metadata address'),
  range('172.16.0.0/12', 'a private address'),
  range('192.0.0.0/24', 'a reserved address'),
  range('192.168.0.0/16', 'a private address'),
  range('198.18.0.0/15', 'a benchmarking address'),
  range('224.0.0.0/3', 'a multicast or reserved address'),
  range('::/128', 'an unspecified address'),
  range('fc00::/7', 'a private address'),
  range('fe80::/10', 'a link-local address'),
  range('ff00::/8', 'a multicast address'),
];

/** Why an address may not be reached, or null when it may. */
export function addressRefusal(ip: string, options: GuardOptions): string | null {
  let parsed = parseIp(ip);
  if (!parsed) return `${ip} is not an address`;
  // An IPv4-mapped IPv6 address (::ffff:a.b.c.d) is that IPv4 address.
  if (parsed.version === 6 && parsed.value >> 32n === 0xffffn) parsed = { version: 4, value: parsed.value & 0xffffffffn };
  const { version, value } = parsed;
  for (const entry of options.allowed) {
    const allowed = range(entry, 'allowed');
    if (allowed.version === version && inRange(value, version, allowed.range)) return null;
  }
  for (const loopback of LOOPBACK) {
    if (loopback.version === version && inRange(value, version, loopback.range)) return options.allowLoopback ? null : `${ip} is a loopback address`;
  }
  for (const refused of REFUSED) {
    if (refused.version === version && inRange(value, version, refused.range)) return `${ip} is ${refused.range[2]}`;
  }
  return null;
}

async function resolveWithDns(hostname: string): Promise<string[]> {
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return ['127.0.0.1', '::1'];
  const answers = await Promise.allSettled([Deno.resolveDns(hostname, 'A'), Deno.resolveDns(hostname, 'AAAA')]);
  return answers.flatMap((a) => (a.status === 'fulfilled' ? a.value : []));
}

/** A URL checked: why it may not be requested (its scheme, or any address its host stands for), or the address to connect to. */
export async function checkUrl(url: URL, options: GuardOptions): Promise<{ refusal: string } | { address: string }> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { refusal: `${url.protocol} is not http or https` };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = parseIp(host) ? [host] : await (options.resolve ?? resolveWithDns)(host);
  if (addresses.length === 0) return { refusal: `${host} does not resolve to an address` };
  for (const address of addresses) {
    const refusal = addressRefusal(address, options);
    if (refusal) return { refusal: host === address ? refusal : `${host} resolves to ${refusal}` };
  }
  return { address: addresses[0] };
}

/** Why a URL may not be requested (its scheme, or any address its host stands for), or null. */
export async function urlRefusal(url: URL, options: GuardOptions): Promise<string | null> {
  const checked = await checkUrl(url, options);
  return 'refusal' in checked ? checked.refusal : null;
}

/** How guardedFetch sends one checked request; tests pass their own. */
export type Sender = (url: URL, init: RequestInit, address: string) => Promise<Response>;

export class RefusedAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedAddressError';
  }
}

/**
 * fetch, with the guard before the request and before following each redirect (at most `maxRedirects`),
 * each request sent to the address the guard checked.
 */
export async function guardedFetch(input: string, init: RequestInit, options: GuardOptions, maxRedirects = 3, sender?: Sender): Promise<Response> {
  const send: Sender = sender ?? ((url, request, address) => pinnedFetch(url, request, address, options.caCerts));
  let url = new URL(input);
  for (let hop = 0; ; hop++) {
    const checked = await checkUrl(url, options);
    if ('refusal' in checked) throw new RefusedAddressError(checked.refusal);
    const res = await send(url, { ...init, redirect: 'manual' }, checked.address);
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) return res;
    await res.body?.cancel();
    if (hop >= maxRedirects) throw new RefusedAddressError(`more than ${maxRedirects} redirects`);
    url = new URL(location, url);
  }
}

/** The guard as a function's environment sets it: loopback only when the project itself is local. */
export function guardOptionsFromEnv(projectUrl: string | undefined, allowList: string | undefined): GuardOptions {
  let allowLoopback = false;
  try {
    const host = new URL(projectUrl ?? '').hostname.replace(/^\[|\]$/g, '');
    allowLoopback = host === 'localhost' || (parseIp(host) !== null && addressRefusal(host, { allowLoopback: false, allowed: [] })?.includes('loopback') === true);
  } catch {
    allowLoopback = false;
  }
  const allowed = (allowList ?? '').split(/[\s,]+/).filter(Boolean);
  return { allowLoopback, allowed };
}
