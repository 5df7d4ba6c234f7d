import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it.each([
    ['/chat-history?filter=2#top', '/chat-history?filter=2#top'],
    ['/bot-settings', '/bot-settings'],
    ['/', '/'],
    // Resolved, and still this origin's.
    ['/a/../chat-history', '/chat-history'],
    ['/%2e%2e/bot-settings', '/bot-settings'],
    ['/login-help', '/login-help'],
  ])('keeps the same-origin path %s', (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'https://evil.example',
    'http://evil.example/path',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' /chat-history',
    '/\t/evil.example',
    'data:text/html,hi',
    'chat-history',
    '/login?redirect=/x',
    '/login/',
    // Each resolves to the protocol-relative "//evil.example/".
    '/.//evil.example/',
    '/..//evil.example/',
    '/%2e%2e//evil.example/',
    '/%2E//evil.example/',
    '/a/..//evil.example',
    '/a/b/../..//evil.example',
    '/./\\evil.example',
    '/%2e%2e/%2e%2e//evil.example',
  ])('sends %s to /', (input) => {
    expect(safeRedirect(input)).toBe('/');
  });
});

describe('safeRedirect, whatever it is given', () => {
  // Every result is a path the browser resolves to this origin: history.replaceState accepts it.
  const corpus = ['/', '.', '..', '%2e', '%2E', '\\', 'evil.example', 'a', '?', '#', '%2f'];
  it('never returns anything but a same-origin path', () => {
    let seen = 0;
    for (const a of corpus)
      for (const b of corpus)
        for (const c of corpus)
          for (const d of corpus) {
            const result = safeRedirect(`/${a}${b}${c}${d}`);
            expect(result, `/${a}${b}${c}${d}`).toMatch(/^\/(?![/\\])/);
            expect(new URL(result, 'https://app.example').origin).toBe('https://app.example');
            seen++;
          }
    expect(seen).toBe(corpus.length ** 4);
  });
});
