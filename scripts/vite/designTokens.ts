import type { Plugin } from 'postcss';
import { customMedia, tokensCss } from '../../src/views/ui/theme.ts';

/**
 * The stylesheets' side of the design tokens (src/views/ui/theme.ts): `@design-tokens;` becomes every token as
 * a custom property, and a breakpoint named in a media query (`@media (--below-mobile)`), which CSS custom
 * properties cannot express, becomes its width. An unknown name fails the build.
 */
export function designTokens(): Plugin {
  return {
    postcssPlugin: 'design-tokens',
    AtRule: {
      'design-tokens': (rule, { postcss }) => {
        rule.replaceWith(postcss.parse(tokensCss()).nodes);
      },
      media: (rule) => {
        rule.params = rule.params.replace(/\((--[\w-]+)\)/g, (_, name: string) => {
          const query = customMedia(name);
          if (!query) throw rule.error(`Unknown breakpoint ${name} (src/views/ui/theme.ts lists them)`);
          return query;
        });
      },
    },
  };
}
