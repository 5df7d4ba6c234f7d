/**
 * How a production build is served: the one table of rules that the project's own static server
 * (scripts/bench/server.mjs, behind `scripts/serve-dist.mjs`), the build's `_headers` file, and the nginx and
 * Caddy configurations in docs/hosting/ follow. A test holds each of them to this table
 * (tests/hosting.test.ts), and scripts/check-hosting.mjs checks a served build against it over HTTP.
 */

/** Sent with every response. The Content-Security-Policy comes with them, but per build (its script hashes). */
export const SECURITY_HEADERS = {
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Content-Type-Options': 'nosniff',
} as const;

/** Files the bundler names by their content: a changed file gets a new name, so a copy never goes stale. */
export const HASHED_PREFIX = '/assets/';

export const CACHE_CONTROL = {
  hashed: 'public, max-age=31536000, immutable',
  /** HTML and every file without a content hash: asked again on each use (or revalidated), never stale. */
  other: 'no-cache',
} as const;

/** Pages rendered at build time, served as they are for their path. */
export const PRERENDERED: Readonly<Record<string, string>> = { '/login': '/login/index.html' };

/** The single-page app: every other path that is not a file gets the app's index. */
export const FALLBACK = '/index.html';

/**
 * A path "names a file" when it ends in the extension of a type a build holds (scripts, styles, images, data,
 * fonts). Any other dot belongs to a page's path (an id with a dot, or a mangled link ending in "..") and gets
 * the app, which says what it cannot find. The snippets in docs/hosting/ carry this pattern as it is.
 */
export const FILE_PATTERN = String.raw`\.(js|css|html|json|webmanifest|txt|xml|map|svg|png|jpg|webp|ico|woff2)$`;
const NAMES_A_FILE = new RegExp(FILE_PATTERN);

export const cacheControl = (path: string): string =>
  path.startsWith(HASHED_PREFIX) ? CACHE_CONTROL.hashed : CACHE_CONTROL.other;

/**
 * The file that answers a request path, or null (404). A path that names a file (FILE_PATTERN) is that file
 * or nothing: a missing script must not come back as HTML. Other paths are a page: its prerendered
 * HTML (`<path>/index.html`) when the build has one, else the app's index.
 */
export function fileFor(path: string, exists: (file: string) => boolean): string | null {
  if (exists(path) && !path.endsWith('/')) return path;
  if (NAMES_A_FILE.test(path)) return null;
  const page = `${path.replace(/\/$/, '')}/index.html`;
  return exists(page) ? page : FALLBACK;
}
