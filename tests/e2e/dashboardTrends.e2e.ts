import { expect, type Page } from '@playwright/test';
import {
  asOwner,
  collectErrors,
  expectNoAxeViolationsInBothThemes,
  resizeShell,
  shot,
  test,
} from './support';

interface Point {
  date: string;
  value: number | null;
}
type Series = Record<'messages' | 'activeUsers' | 'tokens' | 'positiveShare', Point[] | null>;

/** The trends straight from the demo's API, to compare the screen with. */
const trendsOf = (page: Page, days: number) =>
  page.evaluate(async (d) => {
    const r = await fetch(`/api/v1/dashboard/trends?days=${d}`, {
      headers: { Authorization: 'Bearer demo-owner-token' },
    });
    return (await r.json()) as { days: number; series: Series };
  }, days);

/** A day and a count as the page's language writes them (Intl, like the app). */
const formatted = (page: Page, locale: string, point: Point) =>
  page.evaluate(
    ({ locale, point }) => {
      const [y = 0, m = 1, d = 1] = point.date.split('-').map(Number);
      const day = new Intl.DateTimeFormat(locale, {
        weekday: 'short',
        year: 'numeric',
        month: 'long',
        day: 'numeric',
      }).format(new Date(y, m - 1, d));
      const value = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(point.value ?? 0);
      return { day, value };
    },
    { locale, point },
  );

const trendsCard = (page: Page, title: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: title, exact: true }) });

/** The card's one unexpected console error would be a defect; a failed load of a scenario is not. */
const unexpected = (errors: string[]) => errors.filter((e) => !/Failed to load resource/.test(e));

async function openInTraditionalChinese(page: Page) {
  await asOwner(page);
  await page.addInitScript(() => localStorage.setItem('influx-language', 'zh-TW'));
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
}

test.describe('dashboard trends (zh-TW)', () => {
  test('switches the period, reads the table and the chart day by day', async ({ page }) => {
    const errors = collectErrors(page);
    await openInTraditionalChinese(page);
    const card = trendsCard(page, '趨勢');
    await expect(card.getByRole('radio', { name: '7 天' })).toBeChecked();
    for (const name of ['訊息', '活躍 WhatsApp 使用者', 'Token', '正面情緒'])
      await expect(card.getByRole('group', { name, exact: true })).toBeVisible();

    await card.getByRole('radio', { name: '30 天' }).check();
    await expect(card).toContainText('最近 30 天的逐日數據');
    const month = await trendsOf(page, 30);
    const messages = card.getByRole('group', { name: '訊息', exact: true });
    await messages.getByRole('button', { name: '以表格顯示' }).click();
    await expect(messages.getByRole('button', { name: '隱藏表格' })).toHaveAttribute('aria-expanded', 'true');
    const table = messages.getByRole('table', { name: '訊息：最近 30 天每日數值' });
    await expect(table.getByRole('row')).toHaveCount(31);
    const points = month.series.messages ?? [];
    const today = await formatted(page, 'zh-TW', points.at(-1) as Point);
    await expect(table.getByRole('row').last()).toContainText(today.day);
    await expect(table.getByRole('row').last()).toContainText(today.value);

    // The chart from the keyboard: today first, then a day back.
    const chart = messages.getByRole('group', { name: '訊息，最近 30 天' });
    await chart.focus();
    const readout = messages.getByTestId('trend-readout');
    await expect(readout).toHaveText(`${today.day}: ${today.value}`);
    await page.keyboard.press('ArrowLeft');
    const yesterday = await formatted(page, 'zh-TW', points.at(-2) as Point);
    await expect(readout).toHaveText(`${yesterday.day}: ${yesterday.value}`);
    await shot(page, '17-trends-zh-TW-keyboard');
    expect(unexpected(errors)).toEqual([]);
  });

  test('a failing series fails alone, with its reason and a retry', async ({ page }) => {
    await page.addInitScript(() => sessionStorage.setItem('influx-demo-trend-failures', 'tokens'));
    await openInTraditionalChinese(page);
    const card = trendsCard(page, '趨勢');
    const tokens = card.getByRole('group', { name: 'Token', exact: true });
    await expect(tokens.getByRole('alert')).toContainText('無法載入此資料序列。');
    await expect(tokens.getByRole('alert')).toContainText('This series could not be computed');
    await expect(tokens.getByRole('button', { name: '重試' })).toBeEnabled();
    for (const name of ['訊息', '活躍 WhatsApp 使用者', '正面情緒']) {
      const other = card.getByRole('group', { name, exact: true });
      await expect(other.getByRole('button', { name: '以表格顯示' })).toBeVisible();
      await expect(other.getByRole('alert')).toHaveCount(0);
    }
    // The server mends it: a retry brings the series back.
    await page.evaluate(() => sessionStorage.removeItem('influx-demo-trend-failures'));
    await tokens.getByRole('button', { name: '重試' }).click();
    await expect(tokens.getByRole('button', { name: '以表格顯示' })).toBeVisible();
    await expect(card.getByRole('alert')).toHaveCount(0);
  });

  test('no axe violations with a table open, at 1280, 768 and 375 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 1000 });
    await openInTraditionalChinese(page);
    const card = trendsCard(page, '趨勢');
    const share = card.getByRole('group', { name: '正面情緒', exact: true });
    await share.getByRole('button', { name: '以表格顯示' }).click();
    await expect(share.getByRole('table')).toBeVisible();
    // The charts are painted (a canvas each) before anyone looks.
    await expect(card.locator('canvas')).toHaveCount(4);
    await expect(card).toHaveAttribute('aria-busy', 'false');
    await card.scrollIntoViewIfNeeded();
    await expectNoAxeViolationsInBothThemes(page, '17-trends-zh-TW-1280');

    await resizeShell(page, 768, 1000);
    await expect(card.locator('canvas')).toHaveCount(4);
    // Nothing wider than the screen (the charts follow the new width within a frame).
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(768);
    await expectNoAxeViolationsInBothThemes(page, '17-trends-zh-TW-768');

    // A phone: one series to a row, still nothing wider than the screen.
    await resizeShell(page, 375, 800);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(375);
    await expectNoAxeViolationsInBothThemes(page, '17-trends-zh-TW-375');
  });
});

test.describe('dashboard trends (en)', () => {
  test('90 days: the table has a row a day, and hovering the chart shows a day’s value', async ({ page }) => {
    await asOwner(page);
    await page.addInitScript(() => localStorage.setItem('influx-language', 'en'));
    await page.goto('/');
    const card = trendsCard(page, 'Trends');
    await card.getByRole('radio', { name: '90 days' }).check();
    await expect(card).toContainText('Day by day, the last 90 days');
    const tokens = card.getByRole('group', { name: 'Tokens', exact: true });
    await tokens.getByRole('button', { name: 'Show as table' }).click();
    const table = tokens.getByRole('table', { name: 'Tokens per day, last 90 days' });
    await expect(table.getByRole('row')).toHaveCount(91);
    const quarter = await trendsOf(page, 90);
    const first = await formatted(page, 'en', (quarter.series.tokens ?? [])[0] as Point);
    await expect(table.getByRole('row').nth(1)).toContainText(`${first.day}${first.value}`);

    const chart = tokens.getByRole('group', { name: 'Tokens, last 90 days' });
    const box = await chart.boundingBox();
    if (!box) throw new Error('the chart has a box');
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
    await expect(tokens.getByTestId('trend-readout')).toContainText(/\d{4}: [\d,]+$/);
    await shot(page, '17-trends-en-90-days');
  });
});
