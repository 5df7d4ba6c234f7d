import { expect, test } from '@playwright/test';
import { PRODUCTION_URL } from './servers';
import { collectErrors } from './support';

// The production build, with the HTTP mock API behind /api/.
test.use({ baseURL: PRODUCTION_URL });

// Runs against the production build (see playwright.config.ts): /login arrives as HTML and is hydrated.

test('the sign-in page arrives rendered and becomes interactive without a hydration error', async ({
  page,
}) => {
  const errors = collectErrors(page);
  const response = await page.goto('/login?redirect=%2Fchat-history');
  const html = (await response?.text()) ?? '';
  expect(html).toContain('data-prerendered="/login"');
  expect(html).toMatch(/<h1[^>]*>Sign in<\/h1>/);
  expect(html).toContain('<title>Sign in · Influx</title>');
  await page.getByLabel('E-mail').fill('not-an-email');
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByRole('alert')).toHaveText('Enter a valid e-mail address.');
  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitemradio', { name: '简体中文' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '登录' })).toBeVisible();
  await expect(page).toHaveTitle('登录 · Influx');
  expect(errors).toEqual([]);
});

test('an address typed before the page’s code has run is kept, and the code goes to it', async ({ page }) => {
  const errors = collectErrors(page);
  // The page's scripts wait until the visitor has typed, as on a slow line.
  let release = () => {};
  const typed = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await typed;
    await route.continue();
  });
  // The page's load waits for its scripts: only its arrival is waited for.
  await page.goto('/login', { waitUntil: 'commit' });
  // An address of its own: the API the production tests share refuses a second code within a minute.
  await page.getByLabel('E-mail').fill('slow.line@demo.test');
  release();
  const send = page.getByRole('button', { name: 'Send Code' });
  await expect(send).toBeEnabled();
  await send.click();
  await expect(page.getByRole('button', { name: 'Resend Code' })).toBeVisible();
  await expect(page.getByLabel('E-mail')).toHaveValue('slow.line@demo.test');
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
  await expect(page).toHaveTitle('登入 · Influx');
  // The chosen theme colours the browser's bar, whatever the system's.
  const bar = await page.evaluate(() =>
    [...document.querySelectorAll('meta[name="theme-color"]')].map(
      (m) => `${m.getAttribute('data-theme')}: ${m.getAttribute('media')}`,
    ),
  );
  expect(bar).toEqual(['light: not all', 'dark: all']);
  expect(errors).toEqual([]);
});

test('the app can be installed: the page links its manifest, served with its icons', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  const href = (await page.locator('link[rel="manifest"]').getAttribute('href')) ?? '';
  const answer = await request.get(href);
  expect(answer.headers()['content-type']).toContain('application/manifest+json');
  const manifest: { display: string; icons: { src: string; type: string }[] } = await answer.json();
  expect(manifest.display).toBe('standalone');
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe(icon.type);
  }
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
