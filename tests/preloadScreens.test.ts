import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FALLBACK_LOCALE, preloadPlan, screenModules } from '../scripts/vite/preloadScreens';
import { DEFAULT_LOCALE } from '../src/i18n/locales';

describe('preloading ahead of the app', () => {
  it('falls back to the language the app falls back to', () => {
    expect(FALLBACK_LOCALE).toBe(DEFAULT_LOCALE);
  });

  // What every signed-in page loads as it starts: how calls are sent, the HTTP library, the numbers' watch.
  const always = ['src/api/request.ts', 'ofetch', 'src/machines/root/instanceWatch/instanceWatch.machine.ts'];

  it('reads the route table: every signed-in path with the shell if it has one, and its screen last', async () => {
    const modules = await screenModules(process.cwd());
    expect(modules['/']).toEqual([
      ...always,
      'src/app/SignedInApp.tsx',
      'src/views/dashboard/DashboardView.tsx',
    ]);
    expect(modules['/payment-success']).toEqual([
      ...always,
      'src/views/paymentSuccess/PaymentSuccessView.tsx',
    ]);
    expect(modules['/invoices']).toEqual([...always, 'src/views/invoice/InvoiceView.tsx']);
    // Public pages are not preloaded for a signed-in visitor: /login redirects them, the rest is rare.
    expect(modules['/login']).toBeUndefined();
    expect(Object.keys(modules)).toHaveLength(8);
    for (const ids of Object.values(modules)) {
      for (const id of ids) expect(id === 'ofetch' || existsSync(id), id).toBe(true);
      expect(ids.at(-1)).toMatch(/View\.tsx$/);
    }
  }, 30_000);

  it('preloads the screen of a deeper address its route owns (a conversation, a chatbot, an invoice)', async () => {
    const { paths, deep } = await preloadPlan(process.cwd());
    expect(Object.keys(deep).sort()).toEqual(['/bot-settings', '/chat-history', '/invoices']);
    expect(deep['/invoices']).toEqual([...always, 'src/views/invoice/InvoiceView.tsx']);
    expect(deep['/chat-history']).toEqual(paths['/chat-history']);
    expect(deep['/chat-history']?.at(-1)).toBe('src/views/chatHistory/ChatHistoryView.tsx');
  }, 30_000);
});
