import { describe, expect, it } from 'vitest';
import { FALLBACK_LOCALE, SCREEN_MODULES } from '../scripts/vite/preloadScreens';
import { DEFAULT_LOCALE } from '../src/i18n/locales';

describe('preloading ahead of the app', () => {
  it('falls back to the language the app falls back to', () => {
    expect(FALLBACK_LOCALE).toBe(DEFAULT_LOCALE);
  });

  it('lists only source files, each path with its screen last', () => {
    for (const ids of Object.values(SCREEN_MODULES)) {
      for (const id of ids) expect(id).toMatch(/^src\/.+\.tsx$/);
      expect(ids.at(-1)).toMatch(/View\.tsx$/);
    }
  });
});
