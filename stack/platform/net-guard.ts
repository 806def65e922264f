import { lookup } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where requests sent from the database (pg_net) may go. On a developer's machine loopback is allowed
 * (a receiver of one's own); addresses that reach into a private network, the link-local range with
 * the cloud metadata service (169.254.169.254), or nowhere at all are refused unless allowed by name
 * in STACK_NET_ALLOWED_ADDRESSES.
 */
const REFUSED_V4: Array<[string, number, string]> = [
  ['0.0.0.0', 8, 'an unspecified address'],
  ['10.0.0.0', 8, 'a private address'],
  ['100.64.0.0', 10, 'a shared (carrier-grade NAT) address'],
  ['169.254.0.0', 16, 'a link-local or metadata address'],
  ['172.16.0.0', 12, 'a private address'],
  ['192.0.0.0', 24, 'a reserved address'],
  ['192.168.0.0', 16, 'a private address'],
  ['198.18.0.0', 15, 'a benchmarking address'],
  ['224.0.0.0', 3, 'a multicast or reserved address'],
];
const REFUSED_V6: Array<[string, number, string]> = [
  ['::', 128, 'an unspecified address'],
  ['fc00::', 7, 'a private address'],
  ['fe80::', 10, 'a link-local address'],
  ['ff00::', 8, 'a multicast address'],
];

export class NetGuard {
  private readonly allowed = new BlockList();

  constructor(allowed: string[]) {
    for (const entry of allowed) {
      const [address, bits] = entry.split('/');
      const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) this.allowed.addAddress(address, type);
      else this.allowed.addSubnet(address, Number(bits), type);
    }
  }

  /** Why an address is refused, or null when a request may connect to it. */
  refusal(address: string): string | null {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    const ip = mapped ? mapped[1] : address;
    const type = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
    if (this.allowed.check(ip, type)) return null;
    for (const [net, bits, what] of type === 'ipv4' ? REFUSED_V4 : REFUSED_V6) {
      const list = new BlockList();
      list.addSubnet(net, bits, type);
      if (list.check(ip, type)) return `${ip} is ${what}; list it in STACK_NET_ALLOWED_ADDRESSES to allow requests to it`;
    }
    return null;
  }

  /**
   * A dns.lookup for http.request that answers only addresses the guard allows, so that the address
   * checked is the address connected to (a name cannot resolve to another one in between).
   */
  readonly lookup = (hostname: string, options: object, callback: (err: Error | null, address: string | Array<{ address: string; family: number }>, family?: number) => void): void => {
    lookup(hostname, { all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      for (const { address } of addresses) {
        const why = this.refusal(address);
        if (why) return callback(Object.assign(new Error(`Refused: ${hostname} resolves to ${why}`), { code: 'EREFUSED_BY_GUARD' }), '');
      }
      if ((options as { all?: boolean }).all) return callback(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}
