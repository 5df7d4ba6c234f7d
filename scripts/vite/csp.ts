import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CACHE_CONTROL, HASHED_PREFIX, SECURITY_HEADERS } from '../hosting.ts';

/**
 * The production build's Content-Security-Policy. Scripts run only from the site itself or, inline, when
 * their hash is listed (the theme script, the preload plan, the prerendered page's language check): an
 * injected <script> or a javascript: URL does nothing. Calls go only to the API's origin.
 *
 * Styles allow inline: styled-components writes its rules into <style> elements at run time and React
 * renders style attributes; neither can carry a hash. Script is where an injection does harm.
 */

/** Every inline script (no src) of a page, as its exact text between the tags. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
}

export const scriptHash = (source: string) =>
  `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;

/** The API's origin for connect-src: VITE_API_BASE_URL's, or the site's own when unset or relative. */
export function apiSource(apiBaseUrl: string | undefined): string {
  if (!apiBaseUrl) return "'self'";
  try {
    return new URL(apiBaseUrl).origin;
  } catch {
    return "'self'";
  }
}

/**
 * The policy's directives. `frame-ancestors` is only honoured as a response header (a <meta> policy
 * ignores it), so the page's own copy leaves it out and the host sends it (see _headers and the README).
 */
export function policy(hashes: string[], connect: string, { forHeader = false } = {}): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' ${[...new Set(hashes)].sort().join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    // The web app manifest (default-src covers it; said here so that a change of default-src cannot drop it).
    "manifest-src 'self'",
    `connect-src ${connect}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    ...(forHeader ? ["frame-ancestors 'none'"] : []),
  ];
  return directives.join('; ');
}

/** What a static host should send (Netlify and Cloudflare Pages read this file): scripts/hosting.ts's rules. */
export function headersFile(headerPolicy: string): string {
  const headers = { 'Content-Security-Policy': headerPolicy, ...SECURITY_HEADERS };
  return [
    '/*',
    ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`),
    // Only the hashed files: these hosts join the values of every rule that matches a path.
    `${HASHED_PREFIX}*`,
    `  Cache-Control: ${CACHE_CONTROL.hashed}`,
    '',
  ].join('\n');
}

const htmlFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });

/**
 * Puts the policy into every page of a finished build (a <meta> right after the charset, before any
 * script) and writes `_headers` for the host. One policy for the whole site: it lists the inline scripts of
 * every page.
 */
export function writeContentSecurityPolicy(outDir: string, apiBaseUrl: string | undefined): void {
  const pages = htmlFiles(outDir).map((path) => ({ path, html: readFileSync(path, 'utf8') }));
  const hashes = pages.flatMap((p) => inlineScripts(p.html).map(scriptHash));
  const connect = apiSource(apiBaseUrl);
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy(hashes, connect)}" />`;
  for (const { path, html } of pages) {
    if (html.includes('http-equiv="Content-Security-Policy"'))
      throw new Error(`content-security-policy: ${path} already has a policy`);
    const withPolicy = html.replace(/(<meta charset="[^"]*"\s*\/?>)/i, `$1\n    ${meta}`);
    if (withPolicy === html)
      throw new Error(`content-security-policy: ${path} has no <meta charset> to follow`);
    writeFileSync(path, withPolicy);
  }
  writeFileSync(join(outDir, '_headers'), headersFile(policy(hashes, connect, { forHeader: true })));
}
