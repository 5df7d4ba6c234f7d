// @vitest-environment node
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain Node script without types
import { serveStatic } from '../scripts/bench/server.mjs';
// @ts-expect-error: a plain Node script without types
import { checkHosting } from '../scripts/check-hosting.mjs';
import {
  CACHE_CONTROL,
  cacheControl,
  FALLBACK,
  FILE_PATTERN,
  fileFor,
  HASHED_PREFIX,
  PRERENDERED,
  SECURITY_HEADERS,
} from '../scripts/hosting';
import { headersFile } from '../scripts/vite/csp';

const SNIPPETS = {
  nginx: readFileSync('docs/hosting/nginx.conf', 'utf8'),
  caddy: readFileSync('docs/hosting/Caddyfile', 'utf8'),
};
/** How each snippet says "a page's prerendered HTML", "the policy of the build" and "the fallback". */
const SYNTAX = {
  // biome-ignore lint/suspicious/noTemplateCurlyInString: envsubst's placeholder in the nginx file
  nginx: { page: '$uri/index.html', policy: '"${INFLUX_CSP}"', fallback: ` ${FALLBACK};` },
  caddy: { page: '{path}/index.html', policy: '"{$INFLUX_CSP}"', fallback: ` ${FALLBACK}\n` },
};

describe('the hosting rules', () => {
  const exists = (f: string) => ['/index.html', '/login/index.html', '/assets/app-1a2b.js'].includes(f);

  it.each([
    ['/', FALLBACK],
    ['/login', '/login/index.html'],
    ['/login/', '/login/index.html'],
    ['/chat-history', FALLBACK],
    ['/bot-settings/bot-1/knowledge', FALLBACK],
    ['/assets/app-1a2b.js', '/assets/app-1a2b.js'],
    ['/assets/app-gone.js', null],
    ['/favicon.ico', null],
    // A dot that is not a file type's belongs to the page's path: the app says what it cannot find.
    ['/chat-history/jane.doe', FALLBACK],
    ['/bot-settings/x%2F..%2F..', FALLBACK],
  ])('answers %s with %s', (path, file) => {
    expect(fileFor(path, exists)).toBe(file);
  });

  it('keeps hashed files for a year and has everything else revalidated', () => {
    expect(cacheControl('/assets/app-1a2b.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControl('/index.html')).toBe('no-cache');
    expect(cacheControl('/login/index.html')).toBe('no-cache');
  });

  it("every prerendered page is its path's index.html, which the snippets' generic rule serves", () => {
    for (const [path, file] of Object.entries(PRERENDERED)) expect(file).toBe(`${path}/index.html`);
  });

  it('the _headers file for Netlify and Cloudflare Pages carries the headers and the long caching', () => {
    const file = headersFile("default-src 'self'");
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      expect(file).toContain(`  ${name}: ${value}\n`);
    expect(file).toContain(`${HASHED_PREFIX}*\n  Cache-Control: ${CACHE_CONTROL.hashed}\n`);
  });
});

describe.each(['nginx', 'caddy'] as const)('the %s snippet', (server) => {
  const snippet = SNIPPETS[server];
  const syntax = SYNTAX[server];

  it('sends every security header of the table, and the build’s policy', () => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      expect(snippet).toContain(`${name} "${value}"`);
    expect(snippet).toContain(`Content-Security-Policy ${syntax.policy}`);
  });

  it('caches hashed files for a year and the rest not at all', () => {
    expect(snippet).toContain(`"${CACHE_CONTROL.hashed}"`);
    expect(snippet).toContain(`"${CACHE_CONTROL.other}"`);
    expect(snippet).toContain(HASHED_PREFIX);
  });

  it('serves the prerendered pages, then falls back to the app', () => {
    expect(snippet).toContain(syntax.page);
    expect(snippet).toContain(syntax.fallback);
  });

  it('tells a file from a page by the same pattern as the table', () => {
    expect(snippet.split(/\s+/)).toContain(FILE_PATTERN);
  });

  it('is in the README as it is', () => {
    expect(readFileSync('README.md', 'utf8')).toContain(snippet);
  });
});

describe('a build served by the project’s own server (scripts/serve-dist.mjs)', () => {
  let dir: string;
  let site: { url: string; close: () => Promise<void> };
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hosting-'));
    mkdirSync(join(dir, 'login'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dir, 'login/index.html'), '<!doctype html><div id="root" data-prerendered="/login">');
    writeFileSync(join(dir, 'assets/app-1a2b.js'), 'console.log(1)');
    writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Influx"}');
    writeFileSync(join(dir, '_headers'), headersFile("default-src 'self'; frame-ancestors 'none'"));
    site = await serveStatic(dir);
  });
  afterAll(async () => {
    await site.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('follows every rule over HTTP', async () => {
    expect(await checkHosting(site.url, dir)).toEqual([]);
  });

  it('the check catches a host that breaks them', async () => {
    // The classic mistake: index.html for every path, no headers.
    const naive = createServer((_req, res) => res.end(readFileSync(join(dir, 'index.html'))));
    await new Promise<void>((resolve) => naive.listen(0, '127.0.0.1', resolve));
    try {
      const failures: string[] = await checkHosting(
        `http://127.0.0.1:${(naive.address() as AddressInfo).port}`,
        dir,
      );
      expect(failures).toEqual(
        expect.arrayContaining([
          '/login: not the expected file',
          '/assets/missing-0000.js: status 200, expected 404',
          `/assets/app-1a2b.js: Cache-Control null, expected ${CACHE_CONTROL.hashed}`,
          '/: X-Content-Type-Options null, expected nosniff',
          "/: Content-Security-Policy null, expected default-src 'self'; frame-ancestors 'none'",
        ]),
      );
    } finally {
      await new Promise((resolve) => naive.close(resolve));
    }
  });
});
