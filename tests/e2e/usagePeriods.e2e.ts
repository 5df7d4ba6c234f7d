import { expect, type Page } from '@playwright/test';
import {
  asOwner,
  collectErrors,
  expectNoAxeViolations,
  expectNoAxeViolationsInBothThemes,
  pageNow,
  shot,
  test,
} from './support';

/** Every usage period (issue 18, point 5): last month, custom days by keyboard, tokens per day. */

// Dates in the page's zone (playwright.config.ts sets Node's to it) from the page's present (pageNow).
const ymd = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const daysAgo = (n: number) => {
  const d = pageNow();
  d.setDate(d.getDate() - n);
  return ymd(d);
};

/** Types a day into the focused date field the way a keyboard user does (month, day, year in English). */
async function typeDay(page: Page, date: string) {
  const [y, m, d] = date.split('-');
  await page.keyboard.type(`${m}${d}${y}`);
}

async function openUsage(page: Page) {
  await asOwner(page);
  const bodies: unknown[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/whatsapp/usage-info')) bodies.push(r.postDataJSON());
  });
  await page.goto('/usage-billing');
  const details = page.getByRole('region', { name: 'Usage details' });
  await expect(details.getByRole('region', { name: 'Token usage by conversation' })).toBeVisible();
  await expect(details).toHaveAttribute('aria-busy', 'false');
  return { details, bodies, period: details.getByLabel('Period') };
}

test.describe('every usage period', () => {
  test('last month, then custom days by keyboard, refused and then applied, with tokens per day', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const { details, bodies, period } = await openUsage(page);
    expect(bodies).toEqual([{ timeRange: 8 }]);

    // Last month: its first and last days go with the request.
    await period.selectOption({ label: 'Last month' });
    const now = pageNow();
    const lastMonth = {
      startDate: ymd(new Date(now.getFullYear(), now.getMonth() - 1, 1)),
      endDate: ymd(new Date(now.getFullYear(), now.getMonth(), 0)),
    };
    await expect.poll(() => bodies.at(-1)).toEqual(lastMonth);
    await expect(details).toHaveAttribute('aria-busy', 'false');

    // Custom, by keyboard only: the last entry of the selector opens the picker on the first day.
    await period.focus();
    await page.keyboard.press('End');
    const picker = details.getByRole('group', { name: 'Custom period' });
    await expect(picker).toBeVisible();
    const first = picker.getByLabel('First day');
    const last = picker.getByLabel('Last day');
    await expect(first).toBeFocused();
    const sent = bodies.length;

    // The last day before the first: refused, said beside the field, which gets the focus.
    await typeDay(page, daysAgo(10));
    // Past the first day's calendar button.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(last).toBeFocused();
    await typeDay(page, daysAgo(12));
    await page.keyboard.press('Enter');
    await expect(last).toHaveAccessibleDescription('The last day must be on or after the first day.');
    await expect(last).toBeFocused();
    await shot(page, '18-usage-custom-refused-light');

    // More than 365 days: refused too.
    await first.focus();
    await typeDay(page, daysAgo(400));
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await typeDay(page, daysAgo(1));
    await page.keyboard.press('Enter');
    await expect(last).toHaveAccessibleDescription(
      'A period can be at most 365 days, counting both the first and the last day.',
    );
    await expect(last).toBeFocused();
    expect(bodies).toHaveLength(sent);
    await expectNoAxeViolations(page);

    // 20 days, both included: sent, named in the selector, and the table and the chart follow.
    await first.focus();
    await typeDay(page, daysAgo(20));
    await page.keyboard.press('Enter');
    await expect.poll(() => bodies.at(-1)).toEqual({ startDate: daysAgo(20), endDate: daysAgo(1) });
    await expect(picker).toBeHidden();
    await expect(period).toBeFocused();
    const chosen = await period.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent ?? '');
    expect(chosen).toMatch(/^Custom: .+ – .+$/);
    await expect(details).toHaveAttribute('aria-busy', 'false');
    await expect(details.getByRole('region', { name: 'Token usage by conversation' })).toBeVisible();
    const chart = details.getByRole('region', { name: 'Tokens per day' });
    await expect(chart.getByRole('group', { name: `Tokens per day, ${chosen}` })).toBeVisible();
    await expect(chart.getByRole('list', { name: 'Levels' })).toContainText('80 % or more of the day');
    // uPlot painted the bars.
    await expect(chart.locator('canvas').first()).toBeVisible({ timeout: 20_000 });

    // The chart by keyboard, and as a table: one row per day.
    await chart.getByRole('group', { name: `Tokens per day, ${chosen}` }).focus();
    await expect(chart.getByTestId('daily-readout')).toContainText('tokens');
    await chart.getByRole('button', { name: 'Show as table' }).click();
    const table = chart.getByRole('region', { name: `Tokens per day, ${chosen}` });
    await expect(table.getByRole('row')).toHaveCount(21);
    await expect(table.getByRole('columnheader')).toHaveText(['Day', 'Level', 'Tokens']);

    await expectNoAxeViolationsInBothThemes(page, '18-usage-periods-custom');
    expect(errors).toEqual([]);
  });

  test('at 768 px the period, the picker and the chart fit', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 1000 });
    const { details, period } = await openUsage(page);
    await period.selectOption({ label: 'Last 30 days' });
    await expect(details).toHaveAttribute('aria-busy', 'false');
    await period.selectOption({ label: 'Custom…' });
    await expect(details.getByRole('group', { name: 'Custom period' })).toBeVisible();
    await expect(
      details.getByRole('region', { name: 'Tokens per day' }).locator('canvas').first(),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await expectNoAxeViolationsInBothThemes(page, '18-usage-periods-768');
  });
});
