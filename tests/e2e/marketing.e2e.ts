import { expect, type Page } from '@playwright/test';
import { asOwner, collectErrors, expectNoAxeViolationsInBothThemes, test } from './support';

/**
 * The spec's marketing copy (issue 18): the sign-in page's panel (wide screens) shows the plans with the
 * display prices of the visitor's language, and the billing text offers the trial.
 */
async function openSignIn(page: Page, language: string) {
  await page.addInitScript((l) => localStorage.setItem('influx-language', l), language);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/login');
}

const PANELS = [
  ['en', 'Plans for every size', ['$99 / month', '$299 / month', 'Custom pricing']],
  ['zh-CN', '适合各种规模的方案', ['¥99/月', '¥299/月', '定制价格']],
  ['zh-TW', '適合各種規模的方案', ['NT$2,990/月', 'NT$8,990/月', '客製化價格']],
] as const;

test.describe('marketing copy', () => {
  for (const [language, title, prices] of PANELS) {
    test(`the sign-in page shows the plans in ${language}`, async ({ page }) => {
      const errors = collectErrors(page);
      await openSignIn(page, language);
      const plans = page.getByRole('region', { name: title });
      await expect(plans).toBeVisible();
      const tiers = plans.getByRole('listitem');
      await expect(tiers).toHaveCount(3);
      for (const [i, price] of prices.entries()) await expect(tiers.nth(i)).toContainText(price);
      await expect(plans).toContainText('300%');
      expect(errors).toEqual([]);
    });
  }

  test('the zh-TW panel has no axe violations', async ({ page }) => {
    await openSignIn(page, 'zh-TW');
    await expect(page.getByText('$8,990/月')).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, '18-sign-in-plans-zh-TW');
  });

  test('the panel gives way on a narrow screen, where the form is what matters', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('influx-language', 'zh-TW'));
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('$8,990/月')).toBeHidden();
  });

  test('the billing text offers the 7-day trial', async ({ page }) => {
    await asOwner(page);
    await page.goto('/usage-billing');
    const plans = page.getByRole('region', { name: 'Plans' });
    await expect(plans).toContainText('Paid plans start with a 7-day free trial.');
  });
});
