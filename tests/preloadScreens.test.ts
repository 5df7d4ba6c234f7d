import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FALLBACK_LOCALE, screenModules } from '../scripts/vite/preloadScreens';
import { DEFAULT_LOCALE } from '../src/i18n/locales';

describe('preloading ahead of the app', () => {
  it('falls back to the language the app falls back to', () => {
    expect(FALLBACK_LOCALE).toBe(DEFAULT_LOCALE);
  });

  it('reads the route table: every signed-in path with the shell if it has one, and its screen last', async () => {
    const modules = await screenModules(process.cwd());
    expect(modules['/']).toEqual(['src/app/SignedInApp.tsx', 'src/views/dashboard/DashboardView.tsx']);
    expect(modules['/payment-success']).toEqual(['src/views/paymentSuccess/PaymentSuccessView.tsx']);
    // Public pages are not preloaded for a signed-in visitor: /login redirects them, the rest is rare.
    expect(modules['/login']).toBeUndefined();
    expect(Object.keys(modules)).toHaveLength(7);
    for (const ids of Object.values(modules)) {
      for (const id of ids) expect(existsSync(id), id).toBe(true);
      expect(ids.at(-1)).toMatch(/View\.tsx$/);
    }
  }, 30_000);
});
