// Where an organisation's SMS gateway may be called (server-side request forgery guard). A tenant
// administrator types the gateway's address, so without this the server would call anything it can reach
// for them: its own loopback services, the private network, the cloud's metadata service. An address is
// refused when it is loopback, private, shared (CGNAT), link-local, metadata, unspecified, multicast,
// broadcast or reserved, IPv4 inside IPv6 (mapped, NAT64) included. The check runs on every address the
// host name resolves to, and the connection goes to the address that was checked (gatewayLookup is the
// socket's own lookup), so DNS rebinding cannot swap it; redirects are followed by hand and checked again.
//
// SMS_GATEWAY_ALLOW_HOSTS (comma-separated host names, IP addresses or CIDR ranges) lets an installation
// allow a gateway on its own network, e.g. SMS_GATEWAY_ALLOW_HOSTS=sms.internal,10.20.0.0/16. The e-mail
// module checks SMTP servers with the same rules and its own list (EMAIL_SMTP_ALLOW_HOSTS).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

const V4_REFUSED = [
  ['0.0.0.0', 8], // "this" network, unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // shared address space (carrier-grade NAT)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, 169.254.169.254 metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const;
const V6_REFUSED = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local, fd00:ec2::254 metadata
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
  ['100::', 64], // discard
] as const;

const refused = new BlockList();
for (const [net, prefix] of V4_REFUSED) refused.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of V6_REFUSED) refused.addSubnet(net, prefix, 'ipv6');

/** The IPv4 address an IPv6 address carries (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16), if any. */
function embeddedV4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const groups = expandV6(lower);
  if (!groups) return null;
  const v4 = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  if (groups.slice(0, 5).every((g) => g === 0) && (groups[5] === 0xffff || groups[5] === 0)) return v4(groups[6], groups[7]);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0)) return v4(groups[6], groups[7]);
  if (groups[0] === 0x2002) return v4(groups[1], groups[2]);
  return null;
}

function expandV6(address: string): number[] | null {
  if (isIP(address) !== 6 || address.includes('.')) return null;
  const [head, tail] = address.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const a = part(head);
  const b = part(tail);
  if (tail === undefined) return a.length === 8 ? a : null;
  return [...a, ...new Array(8 - a.length - b.length).fill(0), ...b];
}

/** True when the address must never be called as a gateway (unless the installation allows it). */
export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return refused.check(address, 'ipv4');
  const v4 = embeddedV4(address);
  if (v4 !== null && refused.check(v4, 'ipv4')) return true;
  return refused.check(address, 'ipv6');
}

interface AllowList {
  hosts: Set<string>;
  addresses: BlockList;
}

/** The installation's allow-list, read at each use (SMS_GATEWAY_ALLOW_HOSTS, or the variable named). */
function allowList(variable: string): AllowList {
  const hosts = new Set<string>();
  const addresses = new BlockList();
  for (const raw of (process.env[variable] ?? '').split(',')) {
    const entry = raw
      .trim()
      .toLowerCase()
      .replace(/^\[|\]$/g, '');
    if (!entry) continue;
    const [net, prefix] = entry.split('/');
    const family = isIP(net);
    if (family && prefix !== undefined && /^\d{1,3}$/.test(prefix)) addresses.addSubnet(net, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
    else if (family) addresses.addAddress(net, family === 4 ? 'ipv4' : 'ipv6');
    else hosts.add(entry.replace(/\.$/, ''));
  }
  return { hosts, addresses };
}

const isAllowedAddress = (list: AllowList, address: string) => {
  const family = isIP(address);
  return family !== 0 && list.addresses.check(address, family === 4 ? 'ipv4' : 'ipv6');
};

/** Why a gateway address is refused, as a code; null when it may be called. */
export class GatewayAddressError extends Error {
  constructor(readonly reason: 'address_refused' | 'unresolved') {
    super(reason);
    this.name = 'GatewayAddressError';
    (this as { code?: string }).code = reason === 'address_refused' ? 'EADDRREFUSED' : 'ENOTFOUND';
  }
}

function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    dnsLookup(host, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });
}

/**
 * The addresses of host that may be called: every address it resolves to must pass (one refused address
 * refuses the host, so a name cannot mix a public and a private answer). Throws GatewayAddressError.
 */
export async function checkedAddresses(hostname: string, allowVariable = 'SMS_GATEWAY_ALLOW_HOSTS'): Promise<LookupAddress[]> {
  const host = hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  const list = allowList(allowVariable);
  const literal = isIP(host);
  let addresses: LookupAddress[];
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await resolveAll(host);
    } catch {
      throw new GatewayAddressError('unresolved');
    }
  }
  if (addresses.length === 0) throw new GatewayAddressError('unresolved');
  if (list.hosts.has(host)) return addresses;
  if (addresses.some((a) => isRefusedAddress(a.address) && !isAllowedAddress(list, a.address))) throw new GatewayAddressError('address_refused');
  return addresses;
}

/** A socket lookup for http.request: resolves, checks, and hands the socket the checked address. */
export function gatewayLookup(
  hostname: string,
  options: { all?: boolean } | number | undefined,
  callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
): void {
  checkedAddresses(hostname).then(
    (addresses) => {
      if (typeof options === 'object' && options?.all) callback(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    },
    (err: NodeJS.ErrnoException) => callback(err, ''),
  );
}

/** Checks a gateway URL (placeholders filled with harmless values) before it is saved or called. */
export async function checkGatewayUrl(url: string): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url.replace(/\{(to|message|sender|secret)\}/g, 'x'));
  } catch {
    throw new GatewayAddressError('address_refused');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new GatewayAddressError('address_refused');
  if (parsed.username || parsed.password) throw new GatewayAddressError('address_refused');
  await checkedAddresses(parsed.hostname);
}
