// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  crawlUrlProblem,
  ipv4Of,
  isPathPattern,
  matchesPathPattern,
  normaliseCrawlUrl,
  pathIsWanted,
  splitPatterns,
} from './crawlUrl';

describe('which addresses a website source may name', () => {
  it('accepts public http(s) addresses, and adds https:// when no scheme is typed', () => {
    for (const url of [
      'https://help.lumen-shop.example',
      'http://example.com/docs?page=2',
      'https://93.184.216.34/',
      'https://[2606:2800:220:1:248:1893:25c8:1946]/',
      'https://shop.example:8443/faq',
      'help.lumen-shop.example/shipping',
    ]) {
      expect(crawlUrlProblem(url), url).toBeNull();
    }
    expect(normaliseCrawlUrl('  help.lumen-shop.example ')).toBe('https://help.lumen-shop.example');
    expect(normaliseCrawlUrl('http://a.example')).toBe('http://a.example');
  });

  it('refuses what is not an http(s) address', () => {
    expect(crawlUrlProblem('  ')).toBe('empty');
    expect(crawlUrlProblem('ftp://files.example/')).toBe('scheme');
    expect(crawlUrlProblem('javascript:alert(1)')).toBe('scheme');
    expect(crawlUrlProblem('file:///etc/passwd')).toBe('scheme');
    expect(crawlUrlProblem('data:text/html,hi')).toBe('scheme');
    expect(crawlUrlProblem('https://')).toBe('invalid');
    expect(crawlUrlProblem('https://exa mple.com')).toBe('invalid');
    expect(crawlUrlProblem(`https://a.example/${'x'.repeat(2000)}`)).toBe('invalid');
    expect(crawlUrlProblem('https://user:secret@shop.example/')).toBe('credentials');
    // A zone id (a local interface) is no web address.
    expect(crawlUrlProblem('http://[fe80::1%25eth0]/')).toBe('invalid');
  });

  it('refuses loopback, private and link-local addresses however they are written', () => {
    for (const url of [
      'http://localhost/',
      'localhost:8080',
      'http://LOCALHOST./admin',
      'http://api.localhost/',
      'http://127.0.0.1/',
      'http://127.8.9.10:3000/',
      'http://0.0.0.0/',
      'http://10.1.2.3/',
      'http://172.16.0.1/',
      'http://172.31.255.255/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/',
      'http://[::1]/',
      'http://[::]/',
      'http://[fc00::1]/',
      'http://[fd12:3456::1]/',
      'http://[fe80::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://[64:ff9b::10.0.0.1]/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://0x7f000001/',
      'http://0177.0.0.1/',
      'http://017700000001/',
      'http://127.1/',
      'http://0/',
      'http://printer.local/',
      'http://metadata.google.internal/',
      'http://intranet/',
    ]) {
      expect(crawlUrlProblem(url), url).toBe('private');
    }
    // Next to the private ranges, public addresses stay accepted.
    expect(crawlUrlProblem('http://172.32.0.1/')).toBeNull();
    expect(crawlUrlProblem('http://11.0.0.1/')).toBeNull();
    expect(crawlUrlProblem('http://[2001:db8::1]/')).toBeNull();
  });

  it('reads IPv4 addresses in the forms inet_aton accepts', () => {
    expect(ipv4Of('127.0.0.1')).toBe(2130706433);
    expect(ipv4Of('2130706433')).toBe(2130706433);
    expect(ipv4Of('0x7f.1')).toBe(2130706433);
    expect(ipv4Of('0177.0.0.01')).toBe(2130706433);
    expect(ipv4Of('10.0x10000')).toBe(167837696);
    expect(ipv4Of('256.0.0.1')).toBeNull();
    expect(ipv4Of('1.2.3.4.5')).toBeNull();
    expect(ipv4Of('4294967296')).toBeNull();
    expect(ipv4Of('shop.example')).toBeNull();
    expect(ipv4Of('08.1.1.1')).toBeNull();
  });
});

describe('include and exclude path patterns', () => {
  it('reads patterns one a line or by commas, and knows a valid one', () => {
    expect(splitPatterns(' /blog/*\n\n/help/*, /faq ')).toEqual(['/blog/*', '/help/*', '/faq']);
    expect(isPathPattern('/blog/*')).toBe(true);
    expect(isPathPattern('blog/*')).toBe(false);
    expect(isPathPattern('/a b')).toBe(false);
    expect(isPathPattern(`/${'x'.repeat(200)}`)).toBe(false);
  });

  it('matches * against any characters, and nothing else as a wildcard', () => {
    expect(matchesPathPattern('/blog/autumn-sale', '/blog/*')).toBe(true);
    expect(matchesPathPattern('/blog', '/blog/*')).toBe(false);
    expect(matchesPathPattern('/shipping', '/shipping')).toBe(true);
    expect(matchesPathPattern('/shippingX', '/shipping')).toBe(false);
    expect(matchesPathPattern('/a.html', '/*.html')).toBe(true);
    expect(matchesPathPattern('/aXhtml', '/*.html')).toBe(false);
    expect(matchesPathPattern('/x/y/z', '/*/z')).toBe(true);
  });

  it('keeps a path that an include pattern (or none) and no exclude pattern names', () => {
    expect(pathIsWanted('/blog/a', [], [])).toBe(true);
    expect(pathIsWanted('/blog/a', ['/blog/*'], [])).toBe(true);
    expect(pathIsWanted('/careers', ['/blog/*'], [])).toBe(false);
    expect(pathIsWanted('/blog/a', [], ['/blog/*'])).toBe(false);
    expect(pathIsWanted('/blog/a', ['/blog/*'], ['/blog/a'])).toBe(false);
  });
});
