import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it.each([
    ['/chat-history?filter=2#top', '/chat-history?filter=2#top'],
    ['/bot-settings', '/bot-settings'],
    ['/', '/'],
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
  ])('sends %s to /', (input) => {
    expect(safeRedirect(input)).toBe('/');
  });
});
