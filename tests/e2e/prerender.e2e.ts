import { expect, test } from '@playwright/test';
import { collectErrors } from './support';

// Runs against the production build (see playwright.config.ts): /login arrives as HTML and is hydrated.

test('the sign-in page arrives rendered and becomes interactive without a hydration error', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const response = await page.goto('/login?redirect=%2Fchat-history');
  const html = (await response?.text()) ?? '';
  expect(html).toContain('data-prerendered="/login"');
  expect(html).toMatch(/<h1[^>]*>Sign in<\/h1>/);
  await page.getByLabel('E-mail').fill('not-an-email');
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter a valid e-mail address.');
  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitemradio', { name: '简体中文' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '登录' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('a visitor in another language or theme gets the page rendered for them, with no error', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.addInitScript(() => {
    localStorage.setItem('influx-language', 'zh-TW');
    localStorage.setItem('theme', 'dark');
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: '登入' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  await expect(page.getByRole('button', { name: '主題：深色' })).toBeVisible();
  expect(errors).toEqual([]);
});

test.describe('without scripts', () => {
  test.use({ javaScriptEnabled: false });

  test('the sign-in page paints styled from its own HTML: the stylesheet is inline, nothing to wait for', async ({
    page,
  }) => {
    const stylesheets: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'stylesheet') stylesheets.push(r.url());
    });
    await page.goto('/login');
    const signIn = page.getByRole('button', { name: 'Sign in' });
    await expect(signIn).toBeVisible();
    // The primary button colour of the light palette, from the inline stylesheet.
    expect(await signIn.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(15, 118, 110)');
    expect(stylesheets).toEqual([]);
  });
});

test.describe('loading ahead', () => {
  const preloaded = (page: import('@playwright/test').Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
        (l) => new URL(l.href).pathname,
      ),
    );

  test('a signed-in visitor starts loading the app, the screen and its texts with the HTML', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      localStorage.setItem('influx-user-info', JSON.stringify({ accessToken: 't', id: 'u', userId: 'u' }));
      localStorage.setItem('influx-language', 'zh-TW');
    });
    await page.goto('/chat-history', { waitUntil: 'commit' });
    await page.waitForLoadState('domcontentloaded');
    const files = await preloaded(page);
    for (const chunk of [/\/SignedInApp-/, /\/ChatHistoryView-/, /\/screens-/, /\/messages-/])
      expect(files.some((f) => chunk.test(f))).toBe(true);
    expect(files.some((f) => /\/DashboardView-/.test(f))).toBe(false);
  });

  test('a signed-out visitor of /login loads only the texts ahead, not the app behind sign-in', async ({
    page,
  }) => {
    await page.goto('/login', { waitUntil: 'domcontentloaded' });
    const files = await preloaded(page);
    expect(files.some((f) => /\/messages-/.test(f))).toBe(true);
    expect(files.some((f) => /\/(SignedInApp|screens)-/.test(f))).toBe(false);
  });
});
