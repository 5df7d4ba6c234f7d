import { expect } from '@playwright/test';
import {
  ADMIN,
  asOwner,
  collectErrors,
  demoReady,
  expectNoAxeViolations,
  expectNoAxeViolationsInBothThemes,
  OWNER,
  shot,
  signIn,
  test,
} from './support';

test.describe('sign in and out', () => {
  test('owner signs in with the mailbox code, lands on /, stays signed in on reload, signs out', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto('/login');
    await expect(page.getByLabel('Verification code')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeDisabled();
    await signIn(page, OWNER, { path: '' });
    await expect(page.getByText('Signed in. Taking you to your dashboard…')).toBeVisible();
    await page.waitForURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('/login');
    expect(await page.evaluate(() => localStorage.getItem('influx-user-info'))).toBeNull();
    await page.goto('/chat-history');
    await page.waitForURL('/login?redirect=%2Fchat-history');
    expect(errors).toEqual([]);
  });

  test('Send Code turns into Resend Code and a wrong code shows the spec message', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Send Code' })).toBeDisabled();
    await page.getByLabel('E-mail').fill('not-an-email');
    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(page.getByRole('alert')).toHaveText('Enter a valid e-mail address.');
    await page.getByLabel('E-mail').fill(OWNER);
    await page.getByRole('button', { name: 'Send Code' }).click();
    await expect(page.getByRole('button', { name: 'Resend Code' })).toBeVisible();
    await page.getByLabel('Verification code').fill('000000');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Login failed. Please check your verification code and try again.',
    );
    await expect(page.getByLabel('Verification code')).toHaveValue('000000');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an expired session returns to login and, after signing in, back to the page', async ({ page }) => {
    await signIn(page);
    await page.waitForURL('/');
    await page.goto('/chat-history?filter=2');
    await expect(page.getByRole('heading', { level: 1, name: 'Chat history' })).toBeVisible();
    // The server forgets the token: the next call answers 401.
    await page.evaluate(() => {
      const info = JSON.parse(localStorage.getItem('influx-user-info') ?? '{}');
      localStorage.setItem('influx-user-info', JSON.stringify({ ...info, accessToken: 'expired-token' }));
    });
    await page.reload();
    await page.waitForURL('/login?redirect=%2Fchat-history%3Ffilter%3D2');
    await signIn(page, OWNER, { path: '' });
    await page.waitForURL('/chat-history?filter=2');
    await expect(page.getByRole('heading', { level: 1, name: 'Chat history' })).toBeVisible();
  });

  // One test each: a sign-in through the form per address, each within its own time limit.
  for (const evil of ['https://evil.example', '//evil.example', '/.//evil.example/', 'javascript:alert(1)']) {
    test(`a redirect to another origin is ignored: ${evil}`, async ({ page }) => {
      await signIn(page, OWNER, { path: `/login?redirect=${encodeURIComponent(evil)}` });
      await page.waitForURL('/');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    });
  }

  test('tabs follow each other: a logout signs out the other tab, a sign-in as someone else reloads it as them', async ({
    page,
    context,
  }) => {
    await signIn(page);
    await page.waitForURL('/');
    const other = await context.newPage();
    await other.goto('/chat-history');
    await demoReady(other);
    await expect(other.getByRole('heading', { level: 1, name: 'Chat history' })).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await other.waitForURL('/login?redirect=%2Fchat-history');
    // Logout leads this tab to the sign-in page: the next sign-in starts there, without loading it again.
    await page.waitForURL('/login');
    await signIn(page, ADMIN, { path: '' });
    await page.waitForURL('/');
    // The other tab reloads as the admin and goes back to where it was.
    await other.waitForURL('/chat-history');
    await demoReady(other);
    await expect(other.getByRole('link', { name: 'Membership management' })).toBeVisible();
    await expect(other.getByRole('heading', { level: 1, name: 'Chat history' })).toBeVisible();
  });

  test('a signed-in user opening /login goes to /', async ({ page }) => {
    await asOwner(page);
    await page.goto('/login');
    await page.waitForURL('/');
  });
});

test.describe('language, theme and layout', () => {
  test('switching language changes the interface, sets <html lang> and survives reload', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitemradio', { name: '简体中文' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '登录' })).toBeVisible();
    await expect(page.getByRole('button', { name: '发送验证码' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: '登录' })).toBeVisible();
    await page.getByRole('button', { name: '语言：简体中文' }).click();
    await page.getByRole('menuitemradio', { name: '繁體中文' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '登入' })).toBeVisible();
    // No English is left on the screen but the product name, the e-mail addresses and language names.
    // biome-ignore lint/performance/useDomNodeTextContent: Playwright's Locator.innerText, the text as rendered
    const text = await page.locator('main').innerText();
    const english = text
      .match(/[A-Za-z]{3,}/g)
      ?.filter((w) => !/^(Influx|owner|admin|demo|test|English)$/.test(w));
    expect(english ?? []).toEqual([]);
  });

  test('theme choice applies and persists under the key "theme"', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/login');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const light = await background();
    await page.getByRole('button', { name: 'Theme: System' }).click();
    await page.getByRole('menuitemradio', { name: 'Dark' }).click();
    expect(await background()).not.toBe(light);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Theme: Dark' })).toBeVisible();
    expect(await background()).not.toBe(light);
  });

  test('system theme follows the device preference live', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/login');
    const before = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
      .not.toBe(before);
  });

  test('the sidebar collapses, marks the current page, and remembers its state', async ({ page }) => {
    await signIn(page);
    await page.waitForURL('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('link', { name: 'Bot settings' }).click();
    await expect(nav.getByRole('link', { name: 'Bot settings' })).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveTitle('Bot settings · Influx');
    const width = () =>
      page.getByRole('complementary', { name: 'Sidebar' }).evaluate((e) => e.getBoundingClientRect().width);
    expect(await width()).toBe(256);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(width).toBe(80);
    // Collapsed, the links keep their names.
    await expect(nav.getByRole('link', { name: 'Chat history' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible();
    await expect.poll(width).toBe(80);
    expect(await page.evaluate(() => localStorage.getItem('influx-sidebar-collapsed'))).toBe('true');
  });

  test('at 768 px the menu button opens the navigation in a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    await signIn(page);
    await page.waitForURL('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await drawer.getByRole('link', { name: 'Usage and billing' }).click();
    await page.waitForURL('/usage-billing');
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Usage and billing' })).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await shot(page, 'shell-mobile-768');
  });

  test('admins see Membership management; regular users do not, not even by URL', async ({ page }) => {
    await asOwner(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Membership management' })).toHaveCount(0);
    await page.goto('/membership-management');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    // Signed out, the page is not loaded again (asOwner would sign the owner back in): the form is on it.
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('/login');
    await signIn(page, ADMIN, { path: '' });
    await page.waitForURL('/');
    await page.getByRole('link', { name: 'Membership management' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Membership management' })).toBeVisible();
  });
});

test.describe('accessibility and screenshots', () => {
  test('login and shell have no axe violations', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'login-en');
    await signIn(page, OWNER, { path: '' });
    await page.waitForURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'shell-en');
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expectNoAxeViolationsInBothThemes(page, 'shell-collapsed');
  });

  for (const [locale, name] of [
    ['zh-CN', '简体中文'],
    ['zh-TW', '繁體中文'],
  ] as const) {
    test(`screens in ${locale}`, async ({ page }) => {
      // A returning visitor who chose the language before.
      await page.addInitScript((l) => localStorage.setItem('influx-language', l), locale);
      await page.goto('/login');
      await expect(page.getByRole('button', { name: new RegExp(name) })).toBeVisible();
      await shot(page, `login-${locale}`);
      await page.getByRole('button', { name: OWNER }).click();
      await page.getByRole('button', { name: locale === 'zh-CN' ? '发送验证码' : '傳送驗證碼' }).click();
      await page.getByRole('button', { name: locale === 'zh-CN' ? '使用此验证码' : '使用此驗證碼' }).click();
      await page.getByRole('button', { name: locale === 'zh-CN' ? '登录' : '登入', exact: true }).click();
      await page.waitForURL('/');
      await expect(
        page.getByRole('heading', { level: 1, name: locale === 'zh-CN' ? '仪表盘' : '儀表板' }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `shell-${locale}`);
    });
  }
});
