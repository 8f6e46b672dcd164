import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Which reverse proxies to believe about the client's address (`TRUST_PROXY`), in Fastify's (proxy-addr's) terms:
 * `false` (none: the socket's peer is the client) or the proxies' addresses and ranges. The client's address is
 * then the last one in `X-Forwarded-For` that is not a trusted proxy. Never every hop: a client can put any
 * address at the start of `X-Forwarded-For`, which proxies append to, and so pick the address its limits are
 * counted under. Not a hop count either: a client reaching the server past the proxy would then be believed.
 */
export type TrustedProxies = false | string[];

/** An IPv4 address the socket reports in IPv6 form (`::ffff:192.0.2.1`) as the IPv4 address it is. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  return mapped && isIPv4(mapped) ? mapped : address;
}

/**
 * The key a client's sign-in failures are counted under: its IPv4 address, or the /64 network of its IPv6 address.
 * One subscriber (a phone, a home router) is given a whole /64 and can use any address in it, so counting per IPv6
 * address would hand it 2^64 fresh starts. (Rate limits count the same way: @fastify/rate-limit's own key.)
 */
export function clientAddressKey(client: string): string {
  const address = unmapped(client);
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.split('%')[0]!.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::1.2.3.4) is two groups; it only ever lies in the last 64 bits, which are dropped.
  const width = (groups: string[]) => groups.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const groups = address.includes('::')
    ? [...headGroups, ...Array<string>(8 - width(headGroups) - width(tailGroups)).fill('0'), ...tailGroups]
    : headGroups;
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

/** This machine and private networks: RFC 1918 and link-local IPv4, IPv6 loopback, unique-local and link-local. */
const PRIVATE_NETWORKS = (() => {
  const networks = new BlockList();
  networks.addSubnet('127.0.0.0', 8);
  networks.addSubnet('10.0.0.0', 8);
  networks.addSubnet('172.16.0.0', 12);
  networks.addSubnet('192.168.0.0', 16);
  networks.addSubnet('169.254.0.0', 16);
  networks.addAddress('::1', 'ipv6');
  networks.addSubnet('fc00::', 7, 'ipv6');
  networks.addSubnet('fe80::', 10, 'ipv6');
  return networks;
})();

/** Whether an address is of this machine or a private network. */
export function isPrivateAddress(client: string): boolean {
  const address = unmapped(client);
  const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : undefined;
  return family !== undefined && PRIVATE_NETWORKS.check(address, family);
}
