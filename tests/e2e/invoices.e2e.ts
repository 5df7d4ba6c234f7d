import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import {
  asOwner,
  collectErrors,
  expectNoAxeViolations,
  expectNoAxeViolationsInBothThemes,
  shot,
  test,
} from './support';

/** Billing history and invoices (issue 18, point 2), against the demo owner's seeded history. */
async function openHistory(page: Page) {
  await asOwner(page);
  await page.goto('/usage-billing');
  await expect(page.getByRole('heading', { level: 1, name: 'Usage and billing' })).toBeVisible();
  const history = page.getByRole('region', { name: 'Billing history' });
  await expect(history.getByTestId('invoice-row')).toHaveCount(10);
  return history;
}

const failedRow = (page: Page) =>
  page.getByTestId('invoice-row').filter({ has: page.getByRole('link', { name: /^INV-\d{4}-0012$/ }) });

/** Pages in a PDF: its page objects (not the page tree), which must agree with the tree's count. */
function pdfPages(pdf: Buffer): number {
  const text = pdf.toString('latin1');
  const objects = text.match(/\/Type\s*\/Page(?![a-zA-Z])/g)?.length ?? 0;
  const count = Number(/\/Type\s*\/Pages[^>]*?\/Count\s+(\d+)/s.exec(text)?.[1] ?? Number.NaN);
  if (!Number.isNaN(count)) expect(count).toBe(objects);
  return objects;
}

test.describe('billing history and invoices', () => {
  test('lists the invoices with their statuses and pages forward and back', async ({ page }) => {
    const errors = collectErrors(page);
    const history = await openHistory(page);
    const range = history.getByTestId('billing-history-range');
    await expect(range).toHaveText('1–10 of 14 · page 1 of 2');
    const rows = history.getByTestId('invoice-row');
    await expect(rows.first()).toContainText('$99.00');
    await expect(rows.first()).toContainText('Pending');
    await expect(failedRow(page)).toContainText('Failed');
    await expect(history.getByText('Paid', { exact: true })).toHaveCount(8);
    // Colour follows the status: green paid, red failed, amber pending.
    await expect(failedRow(page).locator('[data-status="failed"]')).toBeVisible();
    await expect(history.locator('[data-status="paid"]')).toHaveCount(8);
    await history.scrollIntoViewIfNeeded();
    await expectNoAxeViolationsInBothThemes(page, '18-billing-history');

    const previous = history.getByRole('button', { name: 'Previous page' });
    const next = history.getByRole('button', { name: 'Next page' });
    await expect(previous).toBeDisabled();
    await next.click();
    await expect(range).toHaveText('11–14 of 14 · page 2 of 2');
    await expect(rows).toHaveCount(4);
    await expect(next).toBeDisabled();
    await expect(rows.last()).toContainText(/INV-\d{4}-0001/);
    await shot(history, '18-billing-history-page-2');
    await previous.click();
    await expect(range).toHaveText('1–10 of 14 · page 1 of 2');
    await expect(rows).toHaveCount(10);
    expect(errors).toEqual([]);
  });

  test('opens an invoice as a page with the billing details, and prints it to one A4 page', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await openHistory(page);
    await failedRow(page).getByRole('link').click();
    await page.waitForURL(/\/invoices\/inv-demo-12$/);
    await expect(page.getByRole('heading', { level: 1, name: /^Invoice INV-\d{4}-0012$/ })).toBeVisible();
    const billTo = page.getByRole('region', { name: 'Bill to' });
    await expect(billTo).toContainText('Brightside Home Goods Ltd.');
    await expect(billTo).toContainText('18 Queensway, Unit 1203');
    await expect(billTo).toContainText(/Hong Kong SAR China|Hong Kong/);
    await expect(billTo).toContainText('Tax ID: 71234567-000-03-24-A');
    await expect(billTo).toContainText('accounts@brightside.example');
    await expect(page.getByRole('region', { name: 'From' })).toContainText('Influx AI Ltd.');
    await expect(page.getByTestId('invoice-total')).toHaveText('$99.00');
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await expectNoAxeViolationsInBothThemes(page, '18-invoice');

    // Printed (from the dark theme, to show print is black on white): one A4 page, no buttons.
    await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Pay now' })).toBeHidden();
    await shot(page, '18-invoice-print-emulated');
    const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true });
    mkdirSync('test-results/pdf', { recursive: true });
    writeFileSync('test-results/pdf/18-invoice.pdf', pdf);
    expect(pdfPages(pdf)).toBe(1);
    await page.emulateMedia({ media: 'screen', colorScheme: 'light' });

    // The Print button asks the browser to print (counted here instead of opening a dialog).
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed++;
      };
    });
    await page.getByRole('button', { name: 'Print' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);

    await page.getByRole('link', { name: 'Back to billing' }).click();
    await page.waitForURL(/\/usage-billing$/);
    expect(errors).toEqual([]);
  });

  test('pays the failed invoice through the demo checkout and sees it paid', async ({ page }) => {
    const errors = collectErrors(page);
    await openHistory(page);
    await failedRow(page)
      .getByRole('button', { name: /^Pay now for invoice INV-\d{4}-0012$/ })
      .click();
    await page.waitForURL(/\/demo-checkout\?session_id=cs_demo_inv_/);
    await expect(page.getByTestId('checkout-amount')).toHaveText('$99.00');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Pay invoice INV-\d{4}-0012$/);
    await expect(page.getByText('Starter, 1 month')).toBeVisible();
    await page.getByRole('button', { name: 'Pay $99.00' }).click();
    await page.waitForURL(/\/usage-billing$/);
    const history = page.getByRole('region', { name: 'Billing history' });
    await expect(failedRow(page)).toContainText('Paid');
    await expect(history.getByText('Failed', { exact: true })).toHaveCount(0);
    await expect(history.getByText('Paid', { exact: true })).toHaveCount(9);
    // The plan is what it was: paying an invoice is not a plan change.
    await expect(page.getByTestId('current-plan')).toHaveText('Starter');
    await failedRow(page).getByRole('link').click();
    await expect(page.getByTestId('invoice-document')).toContainText('Paid on');
    await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('at 375 px the history and the invoice fit the screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const history = await openHistory(page);
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await width()).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
    await shot(history, '18-billing-history-375');
    await failedRow(page).getByRole('link').click();
    await expect(page.getByTestId('invoice-document')).toBeVisible();
    expect(await width()).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
    await shot(page, '18-invoice-375');
  });

  test('speaks Traditional Chinese: the history and the invoice page', async ({ page }) => {
    await asOwner(page);
    await page.addInitScript(() => localStorage.setItem('influx-language', 'zh-TW'));
    await page.goto('/usage-billing');
    const history = page.getByRole('region', { name: '帳單紀錄' });
    await expect(history.getByTestId('invoice-row')).toHaveCount(10);
    await expect(history.getByTestId('billing-history-range')).toHaveText(
      '第 1–10 筆，共 14 筆 · 第 1 頁，共 2 頁',
    );
    await expect(history.getByText('已付款', { exact: true })).toHaveCount(8);
    await expect(history.getByText('失敗', { exact: true })).toHaveCount(1);
    await expect(history.getByText('待付款', { exact: true })).toHaveCount(1);
    // USD in the Traditional Chinese currency format.
    await expect(history.getByTestId('invoice-row').first()).toContainText('US$99.00');
    await failedRow(page).getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: /^發票 INV-\d{4}-0012$/ })).toBeVisible();
    await expect(page.getByRole('region', { name: '帳單寄送至' })).toContainText(
      '稅號：71234567-000-03-24-A',
    );
    await expect(page.getByRole('region', { name: '帳單寄送至' })).toContainText('香港');
    await expectNoAxeViolations(page);
    await shot(page, '18-invoice-zh-TW');
  });

  test('an invoice that is not there says so', async ({ page }) => {
    const errors = collectErrors(page);
    await asOwner(page);
    await page.goto('/invoices/inv-does-not-exist');
    await expect(page.getByRole('heading', { level: 1, name: 'Invoice not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to billing' })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, '18-invoice-not-found');
    // The mock answers 404 for it; that is the only console error.
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
  });
});
