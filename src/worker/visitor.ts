// The visitor the per-visitor limits count: the client's address as Cloudflare gives it (CF-Connecting-IP), an
// IPv6 address by its /64, the block one connection is given, so that a visitor cannot take a new limit with
// each of their 2^64 addresses. https://developers.cloudflare.com/fundamentals/reference/http-headers/

/** `203.0.113.7` as it is, `2001:db8:1:2:3:4:5:6` as `2001:db8:1:2::/64`, `::ffff:203.0.113.7` as `203.0.113.7`. */
export function visitorKey(address: string | null): string {
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
