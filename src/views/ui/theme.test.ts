import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COLOR_NAMES, cssVar, theme } from './theme';

const block = (selector: string) => {
  const start = css.indexOf(`${selector} {`);
  return css.slice(start, css.indexOf('}', start));
};
const declared = (text: string) => [...text.matchAll(/(--c-[a-z-]+):/g)].map((m) => m[1]);

// Read as text (the test environment does not load stylesheets); tests run from the project root.
const css = readFileSync('src/views/ui/global.css', 'utf8');

describe('palettes', () => {
  it.each([':root', ':root[data-theme="dark"]'])(
    '%s defines exactly the colours theme.ts names',
    (selector) => {
      expect(declared(block(selector)).sort()).toEqual(COLOR_NAMES.map(cssVar).sort());
    },
  );

  it('theme colours refer to the custom properties', () => {
    expect(theme.color.textMuted).toBe('var(--c-text-muted)');
    expect(theme.color.brandPanel).toBe('var(--c-brand-panel)');
  });
});
