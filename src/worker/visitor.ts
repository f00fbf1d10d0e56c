// The visitor the per-visitor limits count: the client's address as Cloudflare gives it (CF-Connecting-IP), an
// IPv6 address by its /64, the block one connection is given, so that a visitor cannot take a new limit with
// each of their 2^64 addresses. https://developers.cloudflare.com/fundamentals/reference/http-headers/
// Every text form of an address is read (RFC 4291 2.2, RFC 5952: `::`, leading zeros, case, a dotted IPv4 tail;
// brackets and a port as in a URL, RFC 3986 3.2.2; a zone, RFC 6874), so that one visitor is one key however written.

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The four octets of a dotted IPv4 address, or undefined. */
function ipv4(text: string): number[] | undefined {
  const octets = IPV4.exec(text)?.slice(1).map(Number);
  return octets && octets.every((octet) => octet <= 255) ? octets : undefined;
}

/** The eight 16-bit groups of an IPv6 address, or undefined when `text` is none. */
function ipv6(text: string): number[] | undefined {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parts = halves.map((half) => (half === '' ? [] : half.split(':')));
  const last = parts.at(-1)!;
  // A dotted IPv4 tail is the last two groups.
  const tail = last.length > 0 ? ipv4(last.at(-1)!) : undefined;
  if (tail) last.splice(-1, 1, ((tail[0]! << 8) | tail[1]!).toString(16), ((tail[2]! << 8) | tail[3]!).toString(16));
  if (!parts.flat().every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return undefined;
  const groups = parts.map((part) => part.map((group) => parseInt(group, 16)));
  const count = groups.flat().length;
  if (groups.length === 1) return count === 8 ? groups[0] : undefined;
  // `::` stands for one group of zeros at least.
  return count <= 7 ? [...groups[0]!, ...Array<number>(8 - count).fill(0), ...groups[1]!] : undefined;
}

/**
 * `203.0.113.7` as it is, `2001:db8:1:2:3:4:5:6` as `2001:db8:1:2::/64`, `::ffff:203.0.113.7` (or `::ffff:cb00:7107`)
 * as `203.0.113.7`; a text that is no address is its own key.
 */
export function visitorKey(address: string | null): string {
  const text = address?.trim().toLowerCase();
  if (!text) return 'unknown';
  // `[2001:db8::1]:443`, `203.0.113.7:443`: the address alone; `fe80::1%eth0`: without its zone.
  const bare = (/^\[([^\]]*)\](?::\d+)?$/.exec(text)?.[1] ?? /^([\d.]+):\d+$/.exec(text)?.[1] ?? text).replace(
    /%.*$/,
    '',
  );
  const four = ipv4(bare);
  if (four) return four.join('.');
  const groups = ipv6(bare);
  if (!groups) return text;
  // An IPv4-mapped address (::ffff:0:0/96, RFC 4291 2.5.5.2) is its IPv4 visitor.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
