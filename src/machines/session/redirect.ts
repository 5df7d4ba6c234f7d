/**
 * The place to go after signing in, from an untrusted `redirect` parameter: only a same-origin path
 * (starting with one "/") is honoured; absolute, protocol-relative, backslash and javascript: values give "/".
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target) return '/';
  // Control characters and backslashes are how browsers get talked into other origins ("/\evil.example").
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting them is the point
  if (!target.startsWith('/') || target.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(target))
    return '/';
  try {
    const base = 'http://app.invalid';
    const url = new URL(target, base);
    if (url.origin !== base) return '/';
    if (url.pathname.startsWith('/login')) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
