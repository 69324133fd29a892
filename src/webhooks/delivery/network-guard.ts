import { lookup as dnsLookup, LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * What a webhook may not reach (DESIGN.md, "network guard"; docs/notifications.md): every address
 * that is not the public internet — private, loopback, link-local (the cloud metadata address
 * 169.254.169.254 among them), CGNAT, unspecified, documentation, benchmarking, multicast and
 * reserved ranges, unique-local IPv6 (fd00:ec2::254, the EC2 metadata address over IPv6, is one),
 * and the translated IPv6 forms of IPv4 (NAT64, 6to4). An IPv4-mapped or IPv4-compatible IPv6
 * address is judged as the IPv4 address it carries (`embeddedIpv4`), allowed networks included.
 */
const REFUSED: ReadonlyArray<[string, number, 'ipv4' | 'ipv6']> = [
  ['0.0.0.0', 8, 'ipv4'], // "this network", 0.0.0.0 (unspecified)
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'], // CGNAT
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'], // link-local, cloud metadata
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'], // IETF protocol assignments
  ['192.0.2.0', 24, 'ipv4'],
  ['192.88.99.0', 24, 'ipv4'], // 6to4 relay anycast
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'], // benchmarking
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'], // multicast
  ['240.0.0.0', 4, 'ipv4'], // reserved, broadcast
  ['::', 128, 'ipv6'], // unspecified
  ['::1', 128, 'ipv6'], // loopback
  ['64:ff9b::', 96, 'ipv6'], // NAT64
  ['64:ff9b:1::', 48, 'ipv6'], // local NAT64
  ['100::', 64, 'ipv6'], // discard
  ['2001::', 23, 'ipv6'], // IETF protocol assignments (Teredo among them)
  ['2001:db8::', 32, 'ipv6'], // documentation
  ['2002::', 16, 'ipv6'], // 6to4: carries an IPv4 address
  ['fc00::', 7, 'ipv6'], // unique local (fd00:ec2::254)
  ['fe80::', 10, 'ipv6'], // link-local
  ['fec0::', 10, 'ipv6'], // site-local (deprecated)
  ['ff00::', 8, 'ipv6'], // multicast
];

const refused = new BlockList();
for (const [address, prefix, family] of REFUSED) refused.addSubnet(address, prefix, family);

/** Thrown when a URL or an address may not be called; `message` says why, for a 400 or a delivery's log. */
export class RefusedDestination extends Error {}

/** Thrown when a host name does not resolve (now: DNS may answer at the next attempt); `message` says why. */
export class UnresolvedDestination extends Error {}

/** Parses WEBHOOK_ALLOWED_NETWORKS (CIDRs) into a BlockList; a malformed entry throws naming it. */
export function allowedNetworks(cidrs: readonly string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [address, prefix] = cidr.split('/');
    const family = isIP(address);
    const bits = Number(prefix);
    if (!family || !Number.isInteger(bits) || bits < 0 || bits > (family === 4 ? 32 : 128)) throw new Error(`Not a CIDR: ${cidr}`);
    list.addSubnet(address, bits, family === 4 ? 'ipv4' : 'ipv6');
  }
  return list;
}

const REFUSED_KIND = 'a private, loopback, link-local or reserved address';

/** Why this IP address may not be called, or null when it may (a public address, or one inside `allowed`). */
export function addressProblem(address: string, allowed: BlockList): string | null {
  const family = isIP(address);
  if (family === 0) return `${address} is not an IP address`;
  const ipv4 = family === 6 ? embeddedIpv4(address) : null;
  if (ipv4) return addressProblem(ipv4, allowed) && `${address} (${ipv4}) is ${REFUSED_KIND}`;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  if (allowed.check(address, type)) return null;
  if (refused.check(address, type)) return `${address} is ${REFUSED_KIND}`;
  return null;
}

/**
 * The IPv4 address inside an IPv4-mapped (`::ffff:a.b.c.d`) or IPv4-compatible (`::a.b.c.d`)
 * IPv6 address, or null (`::` and `::1` are not compatible forms). A mapped address reaches that
 * IPv4 host through a dual-stack socket, and a compatible one names it: judged as anything else,
 * `[::ffff:127.0.0.1]` would pass where `127.0.0.1` does not, or the reverse.
 */
export function embeddedIpv4(ipv6: string): string | null {
  const hextets = expandIpv6(ipv6);
  if (hextets.slice(0, 5).some((h) => h !== 0)) return null;
  const [high, low] = [hextets[6], hextets[7]];
  const mapped = hextets[5] === 0xffff;
  const compatible = hextets[5] === 0 && (high !== 0 || low > 1);
  return mapped || compatible ? `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}` : null;
}

/** The eight 16-bit groups of an IPv6 address, any notation (the URL parser writes it in hexadecimal, `::` at most once). */
function expandIpv6(ipv6: string): number[] {
  const canonical = new URL(`http://[${ipv6}]/`).hostname.slice(1, -1);
  const [head, tail] = canonical.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  if (tail === undefined) return groups(head);
  const [first, last] = [groups(head), groups(tail)];
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

export interface UrlRules {
  /** Only https (production). */
  requireHttps: boolean;
  allowed: BlockList;
}

/**
 * The URL alone: http(s), https in production, no credentials, a host that is not a refused IP
 * address. The WHATWG parser has already turned decimal, octal and hex forms (`2130706433`,
 * `0x7f000001`, `0177.0.0.1`, `127.1`) into the dotted address, so they are checked as what they
 * are. A name is checked once resolved (`resolveChecked`). Answers the problem, or null.
 */
export function urlProblem(raw: string, { requireHttps, allowed }: UrlRules): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url must be an absolute http(s) URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'url must be an http(s) URL';
  if (requireHttps && url.protocol !== 'https:') return 'url must be https';
  if (url.username || url.password) return 'url may not carry credentials';
  const host = hostOf(url);
  if (!host) return 'url must name a host';
  if (isIP(host)) return addressProblem(host, allowed);
  return null;
}

/** The URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** A name's addresses (the system's resolver by default; a test's stand-in for DNS). */
export type Resolver = (host: string) => Promise<LookupAddress[]>;
const systemResolver: Resolver = (host) =>
  new Promise((done, fail) => dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? fail(error) : done(addresses))));

/**
 * The addresses a host name resolves to, every one checked: one refused address refuses the name
 * (a name that answers a public and a private address could be dialled at either).
 */
export async function resolveChecked(host: string, allowed: BlockList, resolve: Resolver = systemResolver): Promise<LookupAddress[]> {
  if (isIP(host)) {
    const problem = addressProblem(host, allowed);
    if (problem) throw new RefusedDestination(problem);
    return [{ address: host, family: isIP(host) }];
  }
  let addresses: LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch (error) {
    throw new UnresolvedDestination(`${host} does not resolve (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  if (addresses.length === 0) throw new UnresolvedDestination(`${host} does not resolve`);
  for (const { address } of addresses) {
    if (addressProblem(address, allowed)) throw new RefusedDestination(`${host} resolves to ${address}, ${REFUSED_KIND}`);
  }
  return addresses;
}

/**
 * A `lookup` for http(s) agents and requests: resolves, checks every address, and hands the
 * socket only a checked one — the address connected to is the address checked, with no second
 * resolution in between (no DNS rebinding).
 */
export function guardedLookup(allowed: BlockList, resolve: Resolver = systemResolver) {
  return (host: string, options: { all?: boolean } | number, callback: (...args: unknown[]) => void): void => {
    resolveChecked(host, allowed, resolve).then(
      (addresses) => {
        const all = typeof options === 'object' && options?.all;
        if (all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (error: Error) => callback(error),
    );
  };
}
