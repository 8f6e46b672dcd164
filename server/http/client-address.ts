import { isIPv4, isIPv6 } from 'node:net';

/**
 * Which reverse proxies to believe about the client's address (`TRUST_PROXY`), in Fastify's (proxy-addr's) terms:
 * `false` (none: the socket's peer is the client) or the proxies' addresses and ranges. The client's address is
 * then the last one in `X-Forwarded-For` that is not a trusted proxy. Never every hop: a client can put any
 * address at the start of `X-Forwarded-For`, which proxies append to, and so pick the address its limits are
 * counted under. Not a hop count either: a client reaching the server past the proxy would then be believed.
 */
export type TrustedProxies = false | string[];

/**
 * The key a client's requests and sign-in failures are counted under: its IPv4 address, or the /64 network of its
 * IPv6 address. One subscriber (a phone, a home router) is given a whole /64 and can use any address in it, so
 * counting per IPv6 address would hand it 2^64 fresh starts.
 */
export function clientAddressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
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
