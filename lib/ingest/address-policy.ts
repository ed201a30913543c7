// Which network addresses an import may connect to. Everything that reaches
// the server itself, its private network or a cloud metadata service is
// refused; IPv6 forms that embed an IPv4 address are judged by that address.
import net from 'node:net';

export type AddressPolicy = { allowLoopback: boolean };

type Range = { base: number[]; bits: number; label: string };

const v4 = (cidr: string, label: string): Range => {
  const [ip, bits] = cidr.split('/');
  return { base: ip.split('.').map(Number), bits: Number(bits), label };
};

// Ordered: the first match names the reason.
const IPV4_REFUSED: Range[] = [
  v4('169.254.169.254/32', 'a cloud metadata address'),
  v4('100.100.100.200/32', 'a cloud metadata address'),
  v4('0.0.0.0/8', 'an unspecified ("this network") address'),
  v4('10.0.0.0/8', 'a private (RFC 1918) address'),
  v4('172.16.0.0/12', 'a private (RFC 1918) address'),
  v4('192.168.0.0/16', 'a private (RFC 1918) address'),
  v4('100.64.0.0/10', 'a carrier-grade NAT (shared) address'),
  v4('127.0.0.0/8', 'a loopback address'),
  v4('169.254.0.0/16', 'a link-local address'),
  v4('192.0.0.0/24', 'an IETF protocol address'),
  v4('192.0.2.0/24', 'a documentation address'),
  v4('198.51.100.0/24', 'a documentation address'),
  v4('203.0.113.0/24', 'a documentation address'),
  v4('198.18.0.0/15', 'a benchmarking address'),
  v4('255.255.255.255/32', 'the broadcast address'),
  v4('224.0.0.0/4', 'a multicast address'),
  v4('240.0.0.0/4', 'a reserved address'),
];

function inRange(bytes: number[], range: Range): boolean {
  let bits = range.bits;
  for (let i = 0; i < range.base.length && bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((bytes[i] & mask) !== (range.base[i] & mask)) return false;
  }
  return true;
}

/** 16 bytes of an IPv6 address (already validated by net.isIPv6). */
export function ipv6Bytes(address: string): number[] {
  let text = address.split('%')[0];
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    tail.push(...dotted[1].split('.').map(Number));
    text = `${text.slice(0, -dotted[1].length)}0:0`;
  }
  const [head, rest] = text.includes('::') ? text.split('::') : [text, null];
  const headGroups = head ? head.split(':') : [];
  const restGroups = rest ? rest.split(':') : [];
  const fill = rest === null ? 0 : 8 - headGroups.length - restGroups.length;
  const groups = [...headGroups, ...Array(fill).fill('0'), ...restGroups].map((g) => parseInt(g || '0', 16));
  const bytes = groups.flatMap((g) => [g >> 8, g & 0xff]);
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}

const startsWith = (bytes: number[], prefix: number[]) => prefix.every((b, i) => bytes[i] === b);
const allZero = (bytes: number[]) => bytes.every((b) => b === 0);

function checkV4(bytes: number[], policy: AddressPolicy): string | null {
  if (policy.allowLoopback && bytes[0] === 127) return null;
  const hit = IPV4_REFUSED.find((range) => inRange(bytes, range));
  return hit ? hit.label : null;
}

function checkV6(bytes: number[], policy: AddressPolicy): string | null {
  if (allZero(bytes)) return 'an unspecified address';
  if (allZero(bytes.slice(0, 15)) && bytes[15] === 1) return policy.allowLoopback ? null : 'a loopback address';
  // Forms that carry an IPv4 address: mapped ::ffff:a.b.c.d, compatible
  // ::a.b.c.d, SIIT ::ffff:0:a.b.c.d, NAT64 64:ff9b::a.b.c.d and 6to4 2002:aabb:ccdd::.
  if (allZero(bytes.slice(0, 10)) && bytes[10] === 0xff && bytes[11] === 0xff) return embedded(bytes.slice(12, 16), policy);
  if (allZero(bytes.slice(0, 12))) return embedded(bytes.slice(12, 16), policy);
  // SIIT's IPv4-translated form ::ffff:0:a.b.c.d (RFC 6145).
  if (allZero(bytes.slice(0, 8)) && bytes[8] === 0xff && bytes[9] === 0xff && allZero(bytes.slice(10, 12))) return embedded(bytes.slice(12, 16), policy);
  if (startsWith(bytes, [0x00, 0x64, 0xff, 0x9b]) && allZero(bytes.slice(4, 12))) return embedded(bytes.slice(12, 16), policy);
  // Any other NAT64 prefix (the well-known /32 with other bits set, the
  // local-use 64:ff9b:1::/48 of RFC 8215) places the IPv4 address where its
  // operator chose: it cannot be judged, so it is refused.
  if (startsWith(bytes, [0x00, 0x64, 0xff, 0x9b])) return 'a NAT64 address whose IPv4 address cannot be checked';
  if (startsWith(bytes, [0x20, 0x02])) return embedded(bytes.slice(2, 6), policy);
  if (startsWith(bytes, [0x20, 0x01, 0x00, 0x00])) return 'a Teredo tunnel address';
  if (startsWith(bytes, [0x20, 0x01, 0x0d, 0xb8])) return 'a documentation address';
  if (startsWith(bytes, [0x01, 0x00, 0, 0, 0, 0, 0, 0])) return 'a discard-only address';
  if (bytes[0] === 0xfe && (bytes[1] & 0xc0) === 0x80) return 'a link-local address';
  if (bytes[0] === 0xfe && (bytes[1] & 0xc0) === 0xc0) return 'a site-local address';
  if ((bytes[0] & 0xfe) === 0xfc) return 'a unique-local (private) address';
  if (bytes[0] === 0xff) return 'a multicast address';
  return null;
}

function embedded(v4bytes: number[], policy: AddressPolicy): string | null {
  const reason = checkV4(v4bytes, policy);
  return reason ? `${reason} (${v4bytes.join('.')} inside an IPv6 address)` : null;
}

/** Why an IP address must not be contacted, or null when it may. */
export function refusalFor(address: string, policy: AddressPolicy): string | null {
  const family = net.isIP(address);
  if (family === 4) return checkV4(address.split('.').map(Number), policy);
  if (family === 6) return checkV6(ipv6Bytes(address), policy);
  return 'not an IP address';
}

export function isLoopback(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return address.startsWith('127.');
  if (family === 6) {
    const bytes = ipv6Bytes(address);
    return allZero(bytes.slice(0, 15)) && bytes[15] === 1;
  }
  return false;
}
