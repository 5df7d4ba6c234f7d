/*
 * Which web addresses a website source may name (issue 33). A crawler fetches what it is told to, from the
 * provider's own network: pointed at a loopback, private or link-local address (or the cloud's metadata
 * address 169.254.169.254) it would read what only that network may read. So only http(s) addresses of
 * public hosts are accepted. The form checks this before sending; the mock server checks the same rule.
 * Pure: no DNS here (a real server must also check the address a name resolves to, at fetch time).
 */

export type CrawlUrlProblem = 'empty' | 'invalid' | 'scheme' | 'credentials' | 'private';

/** At most this long, as browsers and crawlers commonly accept. */
export const MAX_CRAWL_URL_LENGTH = 2000;

/** A scheme the user typed (`ftp:`, `javascript:`), not a host with a port (`localhost:8080`). */
const SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;

/** The address as it will be crawled: trimmed, `https://` added when no scheme was typed. */
export function normaliseCrawlUrl(raw: string): string {
  const text = raw.trim();
  if (!text) return '';
  return SCHEME.test(text) ? text : `https://${text}`;
}

/** Why the address may not be crawled, or null when it may. */
export function crawlUrlProblem(raw: string): CrawlUrlProblem | null {
  const text = normaliseCrawlUrl(raw);
  if (!text) return 'empty';
  if (text.length > MAX_CRAWL_URL_LENGTH) return 'invalid';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'scheme';
  if (url.username || url.password) return 'credentials';
  if (!url.hostname) return 'invalid';
  return isPrivateHost(url.hostname) ? 'private' : null;
}

/** A host name or address the crawler must not reach: loopback, private, link-local or local-only names. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.+$/, '');
  if (host.startsWith('[') || host.includes(':')) {
    const groups = ipv6Groups(host.replace(/^\[|\]$/g, ''));
    return groups === null || isPrivateIpv6(groups);
  }
  const ipv4 = ipv4Of(host);
  if (ipv4 !== null) return isPrivateIpv4(ipv4);
  // Numbers that are no address (999.1.1.1) are not a public name either.
  if (/^[0-9.]+$/.test(host) || /^0x[0-9a-f]*$/.test(host)) return true;
  return (
    host === '' ||
    host === 'localhost' ||
    // A single label is resolved by the local network's own DNS (intranet, router).
    !host.includes('.') ||
    /\.(localhost|local|internal|localdomain|home\.arpa|lan|intranet|corp)$/.test(host)
  );
}

/**
 * An IPv4 address in any form `inet_aton` (and so many HTTP clients) accepts: 1 to 4 parts, each decimal,
 * hex (0x7f) or octal (0177), the last filling the remaining bytes (2130706433, 127.1, 0x7f.1). Null: not one.
 */
export function ipv4Of(host: string): number | null {
  const parts = host.split('.');
  if (parts.length === 0 || parts.length > 4) return null;
  const values: number[] = [];
  for (const part of parts) {
    let value: number;
    if (/^0x[0-9a-f]*$/i.test(part)) value = part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16);
    else if (/^0[0-7]+$/.test(part)) value = Number.parseInt(part.slice(1), 8);
    else if (/^(0|[1-9][0-9]*)$/.test(part)) value = Number(part);
    else return null;
    values.push(value);
  }
  const last = values.pop() ?? 0;
  if (values.some((v) => v > 255)) return null;
  const restBytes = 4 - values.length;
  if (last >= 256 ** restBytes) return null;
  let address = 0;
  for (const v of values) address = address * 256 + v;
  return address * 256 ** restBytes + last;
}

const inRange = (address: number, base: string, bits: number) => {
  const start = ipv4Of(base) ?? 0;
  const size = 2 ** (32 - bits);
  return address >= start && address < start + size;
};

/** Ranges no public web site lives in (RFC 6890): this network, private, loopback, link-local, shared. */
const PRIVATE_IPV4: readonly [string, number][] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

export const isPrivateIpv4 = (address: number) =>
  PRIVATE_IPV4.some(([base, bits]) => inRange(address, base, bits));

/** The eight 16-bit groups of an IPv6 address (an embedded IPv4 tail included), or null when it is none. */
function ipv6Groups(text: string): number[] | null {
  let body = text.replace(/%.*$/, '');
  const tail = /:(\d+\.\d+\.\d+\.\d+)$/.exec(body);
  if (tail?.[1]) {
    const v4 = ipv4Of(tail[1]);
    if (v4 === null) return null;
    body = `${body.slice(0, -tail[1].length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = body.split('::');
  if (halves.length > 2) return null;
  const read = (s: string | undefined) => (s ? s.split(':') : []);
  const head = read(halves[0]);
  const rest = read(halves[1]);
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  if (all.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null;
  return all.map((g) => Number.parseInt(g, 16));
}

function isPrivateIpv6(g: number[]): boolean {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, h = 0, i = 0] = g;
  const zeroHead = a === 0 && b === 0 && c === 0 && d === 0 && e === 0;
  // :: and ::1
  if (zeroHead && f === 0 && h === 0 && (i === 0 || i === 1)) return true;
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d): the IPv4 address decides.
  if (zeroHead && (f === 0xffff || f === 0)) return isPrivateIpv4(h * 65536 + i);
  // NAT64 (64:ff9b::a.b.c.d) likewise.
  if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0) {
    return isPrivateIpv4(h * 65536 + i);
  }
  return (
    (a & 0xfe00) === 0xfc00 || // unique local, fc00::/7
    (a & 0xffc0) === 0xfe80 || // link-local, fe80::/10
    (a & 0xffc0) === 0xfec0 || // site-local (deprecated), fec0::/10
    (a & 0xff00) === 0xff00 // multicast
  );
}

/** The largest number of include or exclude patterns, and of one pattern's characters. */
export const MAX_PATH_PATTERNS = 20;
export const MAX_PATH_PATTERN_LENGTH = 200;

/** Patterns written one a line (or separated by commas), blanks dropped. */
export const splitPatterns = (text: string) =>
  text
    .split(/[\n,]/)
    .map((p) => p.trim())
    .filter(Boolean);

/** A path pattern is a path from the site's root, `*` standing for any characters: `/blog/*`. */
export const isPathPattern = (pattern: string) =>
  pattern.startsWith('/') && pattern.length <= MAX_PATH_PATTERN_LENGTH && !/\s/.test(pattern);

/** Whether a path (with its query, if any) matches the pattern, `*` matching any run of characters. */
export function matchesPathPattern(path: string, pattern: string): boolean {
  const source = pattern
    .split('*')
    .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`).test(path);
}

/** A path is crawled when it matches an include pattern (or there are none) and no exclude pattern. */
export const pathIsWanted = (path: string, include: readonly string[], exclude: readonly string[]) =>
  (include.length === 0 || include.some((p) => matchesPathPattern(path, p))) &&
  !exclude.some((p) => matchesPathPattern(path, p));
