import { BlockList, isIP } from 'node:net';

/**
 * Address ranges web_fetch never connects to unless `[tools.web_fetch] private_addresses` names
 * them: whatever is not the public internet (IANA special-purpose registries), so a URL the model
 * writes — or a redirect, or a DNS answer — cannot reach the runner itself, its cloud metadata
 * service or the network behind it.
 */
const SPECIAL_RANGES: readonly [string, number, 'ipv4' | 'ipv6', string][] = [
  ['0.0.0.0', 8, 'ipv4', 'unspecified ("this network")'],
  ['10.0.0.0', 8, 'ipv4', 'private'],
  ['100.64.0.0', 10, 'ipv4', 'shared (carrier-grade NAT)'],
  ['127.0.0.0', 8, 'ipv4', 'loopback'],
  ['169.254.0.0', 16, 'ipv4', 'link-local (cloud metadata)'],
  ['172.16.0.0', 12, 'ipv4', 'private'],
  ['192.0.0.0', 24, 'ipv4', 'reserved (IETF protocol assignments)'],
  ['192.0.2.0', 24, 'ipv4', 'reserved (documentation)'],
  ['192.88.99.0', 24, 'ipv4', 'reserved (6to4 relay)'],
  ['192.168.0.0', 16, 'ipv4', 'private'],
  ['198.18.0.0', 15, 'ipv4', 'reserved (benchmarking)'],
  ['198.51.100.0', 24, 'ipv4', 'reserved (documentation)'],
  ['203.0.113.0', 24, 'ipv4', 'reserved (documentation)'],
  ['224.0.0.0', 4, 'ipv4', 'multicast'],
  ['240.0.0.0', 4, 'ipv4', 'reserved'],
  ['::', 128, 'ipv6', 'unspecified'],
  ['::1', 128, 'ipv6', 'loopback'],
  ['64:ff9b:1::', 48, 'ipv6', 'reserved (local NAT64)'],
  ['100::', 64, 'ipv6', 'reserved (discard)'],
  ['2001::', 23, 'ipv6', 'reserved (IETF protocol assignments, Teredo)'],
  ['2001:db8::', 32, 'ipv6', 'reserved (documentation)'],
  ['2002::', 16, 'ipv6', 'reserved (6to4)'],
  ['fc00::', 7, 'ipv6', 'private (unique local)'],
  ['fe80::', 10, 'ipv6', 'link-local'],
  ['fec0::', 10, 'ipv6', 'reserved (site-local)'],
  ['ff00::', 8, 'ipv6', 'multicast'],
];

const SPECIAL = SPECIAL_RANGES.map(([network, prefix, type, label]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, type);
  return { list, label };
});

/** IPv6 forms that carry an IPv4 address (mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`): that address. */
function embeddedIpv4(address: string): string | null {
  const mapped = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1] as string;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const high = Number.parseInt(hex[1] as string, 16);
  const low = Number.parseInt(hex[2] as string, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** An address as resolvers and URLs write it, without brackets or an IPv6 zone (`fe80::1%eth0`). */
export function bareAddress(address: string): string {
  return address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
}

/**
 * Why `address` is not a public internet address (`"loopback"`, `"private"`, …), or null when it
 * is. IPv4 addresses carried inside IPv6 are judged as the IPv4 address they carry.
 */
export function specialAddressKind(address: string): string | null {
  const bare = bareAddress(address);
  const family = isIP(bare);
  if (family === 0) return 'not an IP address';
  const v4 = family === 6 ? embeddedIpv4(bare) : null;
  const [target, type] = v4
    ? [v4, 'ipv4' as const]
    : [bare, family === 4 ? ('ipv4' as const) : ('ipv6' as const)];
  for (const { list, label } of SPECIAL) if (list.check(target, type)) return label;
  return null;
}

/** The `[tools.web_fetch] private_addresses` blocks as one matcher. */
export function addressMatcher(blocks: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const block of blocks) {
    const [network, prefix] = block.split('/');
    const type = isIP(network ?? '') === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(network as string, type);
    else list.addSubnet(network as string, Number(prefix), type);
  }
  return (address) => {
    const bare = bareAddress(address);
    const family = isIP(bare);
    if (family === 0) return false;
    if (list.check(bare, family === 4 ? 'ipv4' : 'ipv6')) return true;
    const v4 = family === 6 ? embeddedIpv4(bare) : null;
    return v4 !== null && list.check(v4, 'ipv4');
  };
}
