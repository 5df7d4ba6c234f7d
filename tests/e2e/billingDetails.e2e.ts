import { expect, type Page } from '@playwright/test';
import {
  asOwner,
  collectErrors,
  expectNoAxeViolations,
  expectNoAxeViolationsInBothThemes,
  shot,
  test,
} from './support';

/** The billing details (issue 18, point 4) in Traditional Chinese. */
async function openCard(page: Page) {
  await asOwner(page);
  await page.addInitScript(() => localStorage.setItem('influx-language', 'zh-TW'));
  await page.goto('/usage-billing');
  await expect(page.getByRole('heading', { level: 1, name: '用量與帳單' })).toBeVisible();
  const card = page.getByRole('region', { name: '帳單資訊' });
  await expect(card.locator('address')).toContainText('Brightside Home Goods Ltd.');
  return card;
}

test.describe('billing details (zh-TW)', () => {
  test('edited, refused with reasons, kept through a failed save, saved, and still there after a reload', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const card = await openCard(page);
    // The country by its name in the interface language.
    await expect(card.locator('address')).toContainText('Hong Kong香港');
    await card.getByRole('button', { name: '編輯帳單資訊' }).click();
    const company = card.getByLabel('公司名稱');
    await expect(company).toBeFocused();

    // Refused: the first field to fix takes the focus, each says what is wrong; nothing is saved.
    await company.fill('');
    await card.getByLabel('統一編號／稅號（選填）').fill('-12');
    await card.getByRole('button', { name: '儲存帳單資訊' }).click();
    await expect(company).toBeFocused();
    await expect(company).toHaveAccessibleDescription('請輸入發票抬頭的公司名稱。');
    await expect(card.getByLabel('統一編號／稅號（選填）')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolationsInBothThemes(page, '18-billing-details-refused-zh-TW');

    // The billing service is down: said, and nothing typed is lost.
    await company.fill('亮居家品 <img src=x onerror=alert(1)> #mock-http-500');
    await card.getByLabel('統一編號／稅號（選填）').fill('12345678');
    await card.getByLabel('國家或地區').selectOption('TW');
    await card.getByLabel('城市').fill('台北市');
    await card.getByRole('button', { name: '儲存帳單資訊' }).click();
    await expect(card.getByRole('alert')).toContainText('帳單資訊未能儲存');
    await expect(company).toHaveValue('亮居家品 <img src=x onerror=alert(1)> #mock-http-500');
    await expect(card.getByLabel('國家或地區')).toHaveValue('TW');
    await expectNoAxeViolations(page);

    await company.fill('亮居家品 <img src=x onerror=alert(1)>');
    await card.getByRole('button', { name: '儲存帳單資訊' }).click();
    await expect(card.getByRole('status')).toContainText('帳單資訊已儲存');
    const address = card.locator('address');
    await expect(address).toContainText('亮居家品 <img src=x onerror=alert(1)>');
    await expect(address).toContainText('台北市');
    await expect(address).toContainText('台灣');
    await expect(card.locator('img')).toHaveCount(0);
    await expect(card.getByRole('button', { name: '編輯帳單資訊' })).toBeFocused();
    await shot(page, '18-billing-details-saved-zh-TW-light');

    await page.reload();
    await expect(page.getByRole('region', { name: '帳單資訊' }).locator('address')).toContainText(
      '亮居家品 <img src=x onerror=alert(1)>',
    );
    expect(errors.filter((e) => !e.includes('500'))).toEqual([]);
  });

  test('at 375 px the form fits the screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const card = await openCard(page);
    await card.getByRole('button', { name: '編輯帳單資訊' }).click();
    await expect(card.getByLabel('帳單電子郵件')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
    await card.scrollIntoViewIfNeeded();
    await shot(page, '18-billing-details-form-zh-TW-375');
  });
});
