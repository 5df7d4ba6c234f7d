import { readFileSync } from 'node:fs';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { designTokens } from '../../../scripts/vite/designTokens';
import { BREAKPOINTS, customMedia, media, theme, tokensCss } from './theme';

const declared = (css: string, selector: string) => {
  const rule = postcss.parse(css).nodes.find((n) => n.type === 'rule' && n.selector === selector);
  return new Map(
    rule?.type === 'rule'
      ? rule.nodes.flatMap((n) => (n.type === 'decl' ? [[n.prop, n.value] as const] : []))
      : [],
  );
};

describe('the design tokens', () => {
  const css = tokensCss();
  const light = declared(css, ':root');
  const dark = declared(css, ':root[data-theme="dark"]');

  it('declare both palettes with the same colour names', () => {
    const colours = (m: Map<string, string>) => [...m.keys()].filter((k) => k.startsWith('--c-')).sort();
    expect(colours(light)).toEqual(colours(dark));
    expect(light.get('--c-text-muted')).toBe('#4b5563');
    expect(dark.get('--c-text-muted')).toBe('#a3adbb');
  });

  it('give styled-components a reference to a property that is declared, for every token', () => {
    const refs = [
      ...Object.values(theme.color),
      ...Object.values(theme.radius),
      ...Object.values(theme.font.size),
      ...Object.values(theme.font.weight),
      ...Object.values(theme.shadow),
      ...Object.values(theme.motion),
      ...Object.values(theme.layout),
      ...Object.values(theme.control),
      theme.font.family,
      theme.font.mono,
      theme.space(1.5),
    ];
    for (const ref of refs) {
      const name = /^var\((--[\w-]+)\)$/.exec(ref)?.[1] ?? '';
      expect(light.has(name), ref).toBe(true);
    }
    expect(light.get('--space-1-5')).toBe('6px');
    expect(theme.space(4)).toBe('var(--space-4)');
  });

  it('name the breakpoints for stylesheets and for styled-components alike', () => {
    expect(customMedia('--below-mobile')).toBe(`(max-width: ${BREAKPOINTS.mobile}px)`);
    expect(customMedia('--from-lg')).toBe(media.from('lg'));
    expect(customMedia('--below-tablet')).toBeUndefined();
    expect(customMedia('--beside-mobile')).toBeUndefined();
  });
});

describe('the build’s stylesheet plugin', () => {
  const run = (css: string) => postcss([designTokens()]).process(css, { from: undefined }).css;

  it('writes the tokens where global.css asks for them, and resolves named breakpoints', () => {
    expect(readFileSync('src/views/ui/global.css', 'utf8')).toContain('@design-tokens;');
    const out = run('@layer base { @design-tokens; } .a { @media (--below-mobile) { top: 0 } }');
    expect(out).toContain('--c-bg: #f5f7f8;');
    expect(out).toContain('@media (max-width: 768px)');
    expect(out).not.toContain('design-tokens');
  });

  it('fails on a breakpoint it does not know', () => {
    expect(() => run('@media (--below-phablet) { .a { top: 0 } }')).toThrow(
      /Unknown breakpoint --below-phablet/,
    );
  });
});
