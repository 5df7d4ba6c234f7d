import { expect, type Page } from '@playwright/test';
import {
  asOwner,
  collectErrors,
  expectNoAxeViolationsInBothThemes,
  expectNoAxeViolationsOnHeldClock,
  pauseClock,
  resizeShell,
  runClockUntil,
  test,
} from './support';

const MB = 1024 * 1024;
/** A file of `bytes` bytes, as a user would pick it. */
const pick = (name: string, bytes: number, mimeType: string) => ({
  name,
  mimeType,
  buffer: Buffer.alloc(bytes, 'a'),
});

/**
 * The owner's first bot, Knowledge tab, in Traditional Chinese. The demo's server receives files at its
 * uplink's rate (1.5 MB/s) on the page's clock, which the tests hold still: a file arrives only when a test
 * moves the clock far enough (the 9 MB handbook below needs 6 s), however long the steps that watch it take.
 */
async function openKnowledge(page: Page) {
  await asOwner(page);
  await page.addInitScript(() => localStorage.setItem('influx-language', 'zh-TW'));
  await page.goto('/bot-settings');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  await expect(page.getByRole('heading', { level: 2, name: 'Ava – Customer Support' })).toBeVisible();
  await page.getByRole('tab', { name: '知識庫', exact: true }).click();
  await pauseClock(page);
}

const files = (page: Page) => page.getByRole('list', { name: '知識庫檔案' });
const row = (page: Page, name: string) => files(page).getByRole('listitem').filter({ hasText: name });

/** Picks a 9 MB handbook and a 1.5 MB price list: the handbook goes first, the list waits. */
async function startTwoUploads(page: Page) {
  await page
    .getByLabel('要上傳的知識庫檔案')
    .setInputFiles([
      pick('handbook.pdf', 9 * MB, 'application/pdf'),
      pick('price-list.txt', 1.5 * MB, 'text/plain'),
    ]);
  const handbook = row(page, 'handbook.pdf');
  const prices = row(page, 'price-list.txt');
  await expect(handbook).toContainText('9.00 MB · 上傳中…');
  await expect(handbook.getByRole('progressbar', { name: 'handbook.pdf 的上傳進度' })).toBeVisible();
  await expect(prices).toContainText('1.50 MB · 等待上傳');
  const waiting = prices.getByRole('progressbar', { name: 'price-list.txt 的上傳進度' });
  await expect(waiting).toHaveAttribute('aria-valuenow', '0');
  await expect(waiting).toHaveAttribute('aria-valuemax', String(1.5 * MB));
  return { handbook, prices };
}

const savedInDemo = (page: Page, text: string) =>
  page.evaluate(
    (t) =>
      Object.keys(localStorage).some(
        (key) => key.startsWith('influx-demo-db:') && localStorage.getItem(key)?.includes(t),
      ),
    text,
  );

test.describe('bot settings: knowledge uploads (zh-TW)', () => {
  test('a file on its way can be cancelled (never listed, never saved); the next one is listed with its size', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await openKnowledge(page);
    const { handbook, prices } = await startTwoUploads(page);
    await expectNoAxeViolationsOnHeldClock(page);

    // Mid-way: the server is still receiving the handbook when it is cancelled.
    await handbook.getByRole('button', { name: '取消上傳 handbook.pdf' }).click();
    await expect(handbook).toHaveCount(0);
    await expect(prices).toContainText('1.50 MB · 上傳中…');
    await expect(page.getByRole('button', { name: /^取消上傳 / })).toHaveCount(1);

    // The price list takes a second of the page's clock, counted from when the demo's server has read the form,
    // which it does in real time: the clock moves on a little at a time until the file is listed with its size,
    // and the form has a change to save.
    await runClockUntil(page, async () => (await prices.textContent())?.includes('已上傳') ?? false);
    await expect(prices).toContainText('price-list.txt1.50 MB · 已上傳');
    await expect(prices.getByRole('progressbar')).toHaveCount(0);
    await expect(prices.getByRole('button', { name: '移除 price-list.txt' })).toBeVisible();
    await expect(handbook).toHaveCount(0);

    await page.clock.resume();
    await page.getByRole('button', { name: '儲存設定' }).click();
    await expect(page.getByRole('region', { name: /通知/ })).toContainText('設定已儲存');
    // Leaving the page also ends what the demo's server was still receiving of the handbook.
    await page.reload();
    await page.getByRole('tab', { name: '知識庫', exact: true }).click();
    await expect(row(page, 'price-list.txt')).toContainText('1.50 MB · 已上傳');
    await expect(row(page, 'handbook.pdf')).toHaveCount(0);
    // Nothing of the cancelled file was kept, by the bot or by the demo's server.
    expect(await savedInDemo(page, 'price-list.txt')).toBe(true);
    expect(await savedInDemo(page, 'handbook.pdf')).toBe(false);
    expect(errors).toEqual([]);
  });

  test('uploads in progress: no axe violations, at 1280, 768 and 375 px', async ({ page }) => {
    await openKnowledge(page);
    await startTwoUploads(page);
    await expectNoAxeViolationsInBothThemes(page, '5-knowledge-uploads-zh-TW-1280', { heldClock: true });
    await row(page, 'handbook.pdf').scrollIntoViewIfNeeded();
    for (const width of [768, 375]) {
      await resizeShell(page, width, 900);
      // Each row fits the list: nothing of it, its Cancel included, is cut off or scrolls sideways.
      const fits = await files(page).evaluate((list) => {
        const right = list.getBoundingClientRect().right;
        return (
          list.scrollWidth <= list.clientWidth &&
          [...list.querySelectorAll('button')].every((b) => b.getBoundingClientRect().right <= right)
        );
      });
      expect(fits, `the list's rows fit at ${width} px`).toBe(true);
      await expect(
        row(page, 'handbook.pdf').getByRole('button', { name: '取消上傳 handbook.pdf' }),
      ).toBeVisible();
      await expectNoAxeViolationsInBothThemes(page, `5-knowledge-uploads-zh-TW-${width}`, {
        heldClock: true,
      });
    }
  });
});
