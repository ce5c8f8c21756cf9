// Where the edge may connect to on a member's say-so (docs/security.md): a live stream's ingest server
// today, outgoing webhooks later. A typed address could point back into the server's own network
// (loopback, the LAN, a cloud metadata endpoint), so the host is resolved here, every address it
// resolves to is checked, and the caller connects to the checked address, never to the name again:
// a second lookup could answer differently (DNS rebinding). An operator's allow-list is explicit
// trust: only its hosts are accepted, and they may be private (an ingest server on the LAN).
// Pure apart from the lookup, which tests replace.
import { lookup as dnsLookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'

/** Why a target was refused: not on the operator's allow-list, not a public address, or not resolvable at all. */
export type EgressRefusal = 'not-allowed' | 'not-public' | 'unresolvable'

export class EgressRefused extends Error {
  constructor(readonly reason: EgressRefusal) {
    super(`egress refused: ${reason}`)
  }
}

/** Every address a host name resolves to (dns.lookup's, so /etc/hosts counts as the connection would). */
export type Lookup = (host: string) => Promise<{ address: string; family: number }[]>

const systemLookup: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true })

// IPv4 ranges that are not the public internet (RFC 6890's special-purpose registry, the ones that matter).
const privateV4 = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 reaching the host itself
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  privateV4.addSubnet(network, prefix, 'ipv4')

// IPv6: only global unicast (2000::/3) can be public, less its special ranges. Everything else
// (::, ::1, unique-local fc00::/7 with fd00:ec2::254, link-local fe80::/10, multicast ff00::/8) is not.
const globalV6 = new BlockList()
globalV6.addSubnet('2000::', 3, 'ipv6')
const privateV6 = new BlockList()
for (const [network, prefix] of [
  ['2001::', 23], // IETF protocol assignments, Teredo
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
] as const)
  privateV6.addSubnet(network, prefix, 'ipv6')

/** The 16 bytes of an IPv6 address (isIP already said it is one), an embedded dotted IPv4 tail included. */
function ipv6Bytes(ip: string): number[] {
  const [head = '', tail = ''] = ip.split('::')
  const groups = (part: string) =>
    part
      .split(':')
      .filter(Boolean)
      .flatMap((group) =>
        group.includes('.') ? group.split('.').map(Number) : [parseInt(group, 16) >> 8, parseInt(group, 16) & 0xff],
      )
  const start = groups(head)
  const end = groups(tail)
  return [...start, ...Array<number>(16 - start.length - end.length).fill(0), ...end]
}

const startsWith = (bytes: number[], prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte)

/**
 * The IPv4 address an IPv6 one carries and stands for, if any: IPv4-mapped (::ffff:a.b.c.d, what a
 * dual-stack socket connects to as a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::a.b.c.d)
 * and 6to4 (2002:aabb:ccdd::).
 */
function embeddedV4(bytes: number[]): string | null {
  const v4 = (at: number) => bytes.slice(at, at + 4).join('.')
  if (startsWith(bytes, [...Array<number>(10).fill(0), 0xff, 0xff])) return v4(12)
  if (startsWith(bytes, Array<number>(12).fill(0)) && bytes.slice(12).some(Boolean)) return v4(12)
  if (startsWith(bytes, [0, 0x64, 0xff, 0x9b, ...Array<number>(8).fill(0)])) return v4(12)
  if (startsWith(bytes, [0x20, 0x02])) return v4(2)
  return null
}

/** True for an address on the public internet; false for private, loopback, link-local, metadata, reserved ones and non-addresses. */
export function isPublicAddress(ip: string): boolean {
  const address = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  const family = isIP(address)
  if (family === 4) return !privateV4.check(address, 'ipv4')
  if (family !== 6) return false
  const embedded = embeddedV4(ipv6Bytes(address.toLowerCase()))
  if (embedded !== null) return isPublicAddress(embedded)
  return globalV6.check(address, 'ipv6') && !privateV6.check(address, 'ipv6')
}

/** An allow-list as an operator writes it (comma-separated host names or IPs), normalised for comparing. */
export function parseAllowList(value: string | undefined): string[] {
  return (value ?? '').split(',').map(normalHost).filter(Boolean)
}

const normalHost = (host: string) =>
  host
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase()

/** A target the caller may connect to: the host as written, the checked address, and the URL with its host replaced by that address. */
export interface ResolvedTarget {
  host: string
  address: string
  url: string
}

/**
 * Checks a URL's host (against the allow-list when one is given, else against isPublicAddress for
 * every address it resolves to) and returns it pinned to the checked address. The URL is split the
 * way ffmpeg and WHATWG URL both read an authority (up to the first / ? #, after the last @, a
 * bracketed IPv6 or up to a colon), so the address replaces exactly the host the connection would use.
 * Throws EgressRefused.
 */
export async function resolvePublicTarget(
  url: string,
  allowList: readonly string[] = [],
  lookup: Lookup = systemLookup,
): Promise<ResolvedTarget> {
  const parts = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*@)?(\[[^\]/?#@]*\]|[^:/?#@]*)((?::\d*)?(?:[/?#].*)?)$/is.exec(url)
  if (!parts || !parts[3]) throw new EgressRefused('unresolvable')
  const [, scheme, userinfo = '', written, rest] = parts as unknown as [
    string,
    string,
    string | undefined,
    string,
    string,
  ]
  const host = normalHost(written)
  const allowed = allowList.length > 0
  if (allowed && !allowList.includes(host)) throw new EgressRefused('not-allowed')
  let addresses: string[]
  if (isIP(host)) addresses = [host]
  else {
    try {
      addresses = (await lookup(host)).map((answer) => answer.address)
    } catch {
      throw new EgressRefused('unresolvable')
    }
  }
  if (addresses.length === 0) throw new EgressRefused('unresolvable')
  // Every answer must pass, not only the one used: a host that also names an internal address is not a public service.
  if (!allowed && !addresses.every(isPublicAddress)) throw new EgressRefused('not-public')
  // IPv4 first when there is one: an edge without an IPv6 route is common, the reverse is not.
  const address = (addresses.find((answer) => isIP(answer) === 4) ?? addresses[0]!).replace(/%.*$/, '')
  return { host, address, url: `${scheme}${userinfo}${isIP(address) === 6 ? `[${address}]` : address}${rest}` }
}
