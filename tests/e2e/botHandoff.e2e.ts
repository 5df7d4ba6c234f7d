import { expect } from '@playwright/test';
import { asOwner, collectErrors, expectNoAxeViolationsInBothThemes, resizeShell, test } from './support';

/** The bot's Handoff tab (issue 32), in Traditional Chinese. */
const T = {
  title: '機器人設定',
  tab: '轉接',
  form: '轉接',
  phrase: '另一個表示要找真人的短語',
  add: '新增',
  phrases: '您自己的短語',
  hoursToggle: '非營業時間告訴客戶團隊何時回來',
  timeZone: '時區',
  save: '儲存轉接設定',
  saved: '轉接設定已儲存',
};

test.describe('bot settings: handoff (zh-TW)', () => {
  for (const width of [1280, 768, 375]) {
    test(`sets a phrase of its own and the team's hours, and saves them, at ${width} px; no axe violations`, async ({
      page,
    }) => {
      const errors = collectErrors(page);
      await asOwner(page);
      await page.addInitScript(() => localStorage.setItem('influx-language', 'zh-TW'));
      await page.goto('/bot-settings/bot-ava?tab=handoff');
      if (width < 1280) await resizeShell(page, width, 900);
      await expect(page.getByRole('heading', { level: 1, name: T.title })).toBeVisible();
      const form = page.getByRole('form', { name: T.form });
      await form.getByRole('textbox', { name: T.phrase }).fill('老闆');
      await form.getByRole('button', { name: T.add, exact: true }).click();
      await expect(form.getByRole('list', { name: T.phrases })).toContainText('老闆');
      await form.getByRole('checkbox', { name: T.hoursToggle }).check();
      await form.getByRole('combobox', { name: T.timeZone }).selectOption('Asia/Taipei');
      await expectNoAxeViolationsInBothThemes(page, `32-handoff-settings-${width}-zh-TW`, {
        fullPage: width < 1280,
      });
      await form.getByRole('button', { name: T.save }).click();
      await expect(page.getByRole('region', { name: '通知' }).getByText(T.saved)).toBeVisible();
      await expect(form.getByRole('button', { name: T.save })).toBeDisabled();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
    });
  }
});
