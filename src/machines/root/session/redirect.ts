import { PATHS } from '../../paths';

const BASE = 'http://app.invalid';

/** A path a browser can only read as this origin's: one leading "/", no backslash, no control character. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting them is the point
const isPlainPath = (path: string) => /^\/(?![/\\])/.test(path) && !/[\\\u0000-\u001f\u007f]/.test(path);

/**
 * The place to go after signing in, from an untrusted `redirect` parameter: only a same-origin path is
 * honoured; anything else gives "/". The value is resolved first (dot segments, percent-encoded dots) and the
 * result checked, since "/.//evil.example" resolves to the protocol-relative "//evil.example".
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target || !isPlainPath(target)) return PATHS.dashboard;
  try {
    const url = new URL(target, BASE);
    const resolved = `${url.pathname}${url.search}${url.hash}`;
    if (url.origin !== BASE || !isPlainPath(resolved)) return PATHS.dashboard;
    if (url.pathname === PATHS.login || url.pathname.startsWith(`${PATHS.login}/`)) return PATHS.dashboard;
    return resolved;
  } catch {
    return PATHS.dashboard;
  }
}
