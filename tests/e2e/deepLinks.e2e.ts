import { expect, type Page } from '@playwright/test';
import {
  asOwner,
  collectErrors,
  expectNoAxeViolationsInBothThemes,
  OWNER,
  shot,
  signIn,
  test,
} from './support';

const here = (page: Page) => page.evaluate(() => location.pathname + location.search);
// The main navigation, in English or (after a language change) Traditional Chinese.
const main = (page: Page) => page.getByRole('navigation', { name: /^(Main|主選單)$/ });

/** Signs in on the login page the app sent us to, in Traditional Chinese, with the demo mailbox's code. */
async function signInZhTw(page: Page, email = OWNER) {
  await page.getByLabel('電子郵件').fill(email);
  await page.getByRole('button', { name: '傳送驗證碼' }).click();
  const code = (await page.getByTestId('demo-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel('驗證碼').fill(code);
  await page.getByRole('button', { name: '登入', exact: true }).click();
}

test.describe('deep links', () => {
  test('(zh-TW) a copied conversation address opens after signing in, with its search and filter', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.addInitScript(() => localStorage.setItem('influx-language', 'zh-TW'));
    const link = '/chat-history/sess-order-51907?phone=8526338&filter=3';
    await page.goto(link);
    // Signed out: the sign-in page, keeping the way back.
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(link)}`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
    await signInZhTw(page);
    await expect(page).toHaveURL(link);
    await expect(page.getByRole('heading', { level: 2, name: '+852 6338 1492' })).toBeVisible();
    await expect(page.getByText('Where is my order #51907?').last()).toBeVisible();
    await expect(page.getByRole('searchbox')).toHaveValue('8526338');
    await expect(main(page).getByRole('link', { name: '聊天紀錄' })).toHaveAttribute('aria-current', 'page');
    await shot(page, 'deeplinks-chat-zh-TW-light-1280');
    expect(errors).toEqual([]);
  });

  test('a copied bot tab address opens after signing in on that bot and tab', async ({ page }) => {
    const errors = collectErrors(page);
    const link = '/bot-settings/bot-leo?tab=prompt';
    await page.goto(link);
    await expect(page).toHaveURL(`/login?redirect=${encodeURIComponent(link)}`);
    await signIn(page, OWNER, { path: '' });
    await expect(page).toHaveURL(link);
    await expect(page.getByRole('heading', { level: 2, name: 'Leo – Sales Assistant' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Prompt', exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(main(page).getByRole('link', { name: 'Bot settings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(errors).toEqual([]);
  });

  test('a hostile redirect after signing in stays on this site', async ({ page, baseURL }) => {
    const origin = new URL(baseURL ?? '').origin;
    for (const [target, lands] of [
      ['//evil.example/x', '/'],
      ['/\\evil.example', '/'],
      ['javascript:alert(1)', '/'],
      ['/%2e%2e//evil.example', '/'],
      // Percent-encoded slashes stay a path of this site (which has no such page).
      ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ] as const) {
      await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
      await signIn(page, OWNER, { path: '' });
      await page.waitForURL((url) => url.pathname !== '/login');
      const url = new URL(page.url());
      expect(url.origin, target).toBe(origin);
      expect(url.pathname, target).toBe(lands);
      // Signed out for the next address (a signed-in visitor of /login is sent on at once).
      await page.evaluate(() => localStorage.removeItem('influx-user-info'));
    }
  });

  test('Back and Forward move between conversations, and between bots and tabs', async ({ page }) => {
    const errors = collectErrors(page);
    await asOwner(page);
    await page.goto('/chat-history');
    const list = page.getByRole('listbox', { name: 'Conversations' });
    await list.getByRole('option', { name: /\+852 6338 1492/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: '+852 6338 1492' })).toBeVisible();
    expect(await here(page)).toBe('/chat-history/sess-order-51907');
    await list.getByRole('option', { name: /\+86 150 2183 4467/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: '+86 150 2183 4467' })).toBeVisible();
    expect(await here(page)).toBe('/chat-history/sess-ship-abroad');
    await page.goBack();
    await expect(page.getByRole('heading', { level: 2, name: '+852 6338 1492' })).toBeVisible();
    await page.goBack();
    await expect(page.getByText('Select a chat')).toBeVisible();
    await page.goForward();
    await expect(page.getByRole('heading', { level: 2, name: '+852 6338 1492' })).toBeVisible();

    await main(page).getByRole('link', { name: 'Bot settings' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Ava – Customer Support' })).toBeVisible();
    await expect(page).toHaveURL('/bot-settings/bot-ava');
    const tab = (name: string) => page.getByRole('tab', { name, exact: true });
    await tab('Prompt').click();
    await expect(page).toHaveURL('/bot-settings/bot-ava?tab=prompt');
    await page.getByLabel('Chatbot', { exact: true }).selectOption({ label: 'Leo – Sales Assistant' });
    await expect(page.getByRole('heading', { level: 2, name: 'Leo – Sales Assistant' })).toBeVisible();
    await expect(page).toHaveURL('/bot-settings/bot-leo?tab=prompt');
    await page.goBack();
    await expect(page.getByRole('heading', { level: 2, name: 'Ava – Customer Support' })).toBeVisible();
    await expect(tab('Prompt')).toHaveAttribute('aria-selected', 'true');
    await page.goBack();
    await expect(tab('Basic')).toHaveAttribute('aria-selected', 'true');
    await page.goForward();
    await expect(tab('Prompt')).toHaveAttribute('aria-selected', 'true');
    await page.goForward();
    await expect(page.getByRole('heading', { level: 2, name: 'Leo – Sales Assistant' })).toBeVisible();
    // Back out of the screen to the conversation it came from.
    // Leo, Ava's prompt, Ava: then the conversation it came from.
    for (let i = 0; i < 3; i++) await page.goBack();
    await expect(page.getByRole('heading', { level: 2, name: '+852 6338 1492' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('not-found panels: clear, with the way back, axe clean at 1280 and 375 px', async ({ page }) => {
    const errors = collectErrors(page);
    await asOwner(page);
    await page.goto('/chat-history/%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    await expect(page.getByRole('heading', { level: 2, name: 'Conversation not found' })).toBeVisible();
    await expect(page.getByRole('listbox', { name: 'Conversations' })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'deeplinks-chat-not-found-1280');

    await page.goto(`/bot-settings/${'x'.repeat(300)}%2F..%2F..?tab=style`);
    await expect(page.getByRole('heading', { level: 2, name: 'Chatbot not found' })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'deeplinks-bot-not-found-1280');

    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole('button', { name: 'Show my chatbots' })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'deeplinks-bot-not-found-375');
    await page.getByRole('button', { name: 'Show my chatbots' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Ava – Customer Support' })).toBeVisible();
    await expect(page).toHaveURL('/bot-settings/bot-ava?tab=style');

    await page.goto('/chat-history/sess-not-mine');
    await expect(page.getByRole('heading', { level: 2, name: 'Conversation not found' })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'deeplinks-chat-not-found-375');
    await page.getByRole('button', { name: 'Show all conversations' }).click();
    await expect(page.getByRole('listbox', { name: 'Conversations' })).toBeVisible();
    await expect(page).toHaveURL('/chat-history');
    expect(errors).toEqual([]);
  });
});
