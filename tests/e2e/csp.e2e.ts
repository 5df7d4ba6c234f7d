import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_OWNER } from '../../mocks/seed';
import { PRODUCTION_URL } from './servers';
import { collectErrors } from './support';

// The production build, with the HTTP mock API behind /api/.
test.use({ baseURL: PRODUCTION_URL });

// The production build (see playwright.config.ts), served with its _headers and the HTTP mock API behind
// /api/: every screen runs under the build's Content-Security-Policy without a single violation.

declare global {
  interface Window {
    cspViolations: string[];
  }
}

async function watchViolations(page: Page, as: typeof DEMO_OWNER | typeof DEMO_ADMIN | null) {
  await page.addInitScript((user) => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}`);
    });
    if (user && !localStorage.getItem('influx-user-info')) {
      const info = { accessToken: user.token, id: user.id, userId: user.id, email: user.email };
      localStorage.setItem('influx-user-info', JSON.stringify(info));
    }
  }, as);
}
const violations = (page: Page) => page.evaluate(() => window.cspViolations);

test('the host headers carry the policy, with frame-ancestors and the other headers', async ({ page }) => {
  const response = await page.goto('/login');
  const headers = response?.headers() ?? {};
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).toContain("script-src 'self' 'sha256-");
  expect(headers['content-security-policy']).toContain("connect-src 'self'");
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['x-content-type-options']).toBe('nosniff');
});

test('every screen runs without a policy violation', async ({ page }) => {
  const errors = collectErrors(page);
  await watchViolations(page, DEMO_OWNER);
  const screens = [
    ['/', 'Dashboard'],
    ['/bot-settings', 'Bot settings'],
    ['/bind-whatsapp', 'Bind WhatsApp'],
    ['/chat-history', 'Chat history'],
    ['/usage-billing', 'Usage and billing'],
  ] as const;
  for (const [path, title] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    // Data arrived through connect-src (a blocked call would leave the loading state or an error).
    await expect(page.getByText('Loading…')).toHaveCount(0);
    expect(await violations(page), path).toEqual([]);
  }
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  expect(errors).toEqual([]);
});

test('the admin screen runs without a policy violation', async ({ page }) => {
  await watchViolations(page, DEMO_ADMIN);
  await page.goto('/membership-management');
  await expect(page.getByRole('heading', { level: 1, name: 'Membership management' })).toBeVisible();
  await expect(page.getByText('Loading…')).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
});

test('the prerendered sign-in page hydrates and sends a code without a policy violation', async ({
  page,
}) => {
  await watchViolations(page, null);
  await page.goto('/login');
  await page.getByLabel('E-mail').fill('owner@demo.test');
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByRole('button', { name: 'Resend Code' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('an injected inline script does not run, and is reported', async ({ page }) => {
  await watchViolations(page, null);
  await page.goto('/login');
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.append(script);
    return (window as unknown as { injected?: boolean }).injected === true;
  });
  expect(ran).toBe(false);
  // Reported by the page's own policy and by the host's header (two policies, one report each).
  await expect.poll(() => violations(page)).toContain('script-src-elem blocked inline');
  expect(new Set(await violations(page))).toEqual(new Set(['script-src-elem blocked inline']));
});
