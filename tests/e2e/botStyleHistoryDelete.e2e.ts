import { expect, type Page } from '@playwright/test';
import {
  asOwner,
  collectErrors,
  expectNoAxeViolationsInBothThemes,
  resizeShell,
  shot,
  test,
} from './support';

// In Traditional Chinese: the style tab, the prompt history and deleting a bot (the owner's demo data).
const AVA = 'Ava – Customer Support';
const AVA_FIRST_PROMPT =
  'You are Ava, the customer service assistant of Brightside Home.\nAnswer questions about orders, shipping and returns.\nBe friendly and keep answers short.';

async function openInTraditionalChinese(page: Page) {
  await asOwner(page);
  await page.addInitScript(() => localStorage.setItem('influx-language', 'zh-TW'));
  await page.goto('/bot-settings');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
  await expect(page.getByRole('heading', { level: 2, name: AVA })).toBeVisible();
}

/** The editor's badge beside the bot's name. */
const unsaved = (page: Page) => page.getByText('有未儲存的變更', { exact: true }).first();
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });

/** The demo keeps its data in local storage shortly after a change; wait for it before reloading. */
async function persisted(page: Page, text: string) {
  await expect
    .poll(() =>
      page.evaluate(
        (t) =>
          Object.keys(localStorage).some(
            (key) => key.startsWith('influx-demo-db:') && localStorage.getItem(key)?.includes(t),
          ),
        text,
      ),
    )
    .toBe(true);
}

test.describe('bot settings in zh-TW: style, prompt history, delete', () => {
  test('the style is saved with the bot and a reload shows it', async ({ page }) => {
    const errors = collectErrors(page);
    await openInTraditionalChinese(page);
    await tab(page, '風格').click();
    await page.getByLabel('語氣').selectOption('friendly');
    await page.getByLabel('偏好語言').selectOption('zh');
    await page.getByRole('radio', { name: '簡短' }).check();
    await page.getByRole('checkbox', { name: '使用表情符號' }).check();
    await page.getByLabel('歡迎語', { exact: true }).fill('歡迎光臨 Brightside！');
    await expect(unsaved(page)).toBeVisible();
    await page.getByRole('button', { name: '儲存設定' }).click();
    await expect(page.getByRole('region', { name: '通知' })).toContainText('設定已儲存');
    await persisted(page, '歡迎光臨 Brightside！');

    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: AVA })).toBeVisible();
    await tab(page, '風格').click();
    await expect(page.getByLabel('語氣')).toHaveValue('friendly');
    await expect(page.getByLabel('偏好語言')).toHaveValue('zh');
    await expect(page.getByRole('radio', { name: '簡短' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: '使用表情符號' })).toBeChecked();
    await expect(page.getByLabel('歡迎語', { exact: true })).toHaveValue('歡迎光臨 Brightside！');
    expect(errors).toEqual([]);
  });

  test('the history compares a version with the editor and puts it back, unsaved', async ({ page }) => {
    await openInTraditionalChinese(page);
    await tab(page, '提示詞').click();
    await page.getByRole('button', { name: '提示詞歷史' }).click();
    const dialog = page.getByRole('dialog', { name: '提示詞歷史' });
    const versions = dialog.getByRole('list', { name: '版本' });
    await expect(versions.getByRole('listitem')).toHaveCount(2);
    await versions.getByRole('button').filter({ hasText: '初始提示詞' }).click();
    const diff = dialog.getByLabel('與編輯器中文字的差異');
    await expect(
      diff.locator('del').filter({ hasText: 'Answer questions about orders, shipping and returns.' }),
    ).toHaveCount(1);
    await dialog.getByRole('button', { name: '將此版本放入編輯器' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel('系統提示詞')).toHaveValue(AVA_FIRST_PROMPT);
    await expect(unsaved(page)).toBeVisible();
    // The editor held the saved prompt, which the history keeps anyway: nothing extra to list, and the
    // one in use can be put back.
    await page.getByRole('button', { name: '提示詞歷史' }).click();
    await expect(dialog.getByRole('listitem')).toHaveCount(3);
    await versions.getByRole('button').filter({ hasText: '已儲存，使用中' }).click();
    await dialog.getByRole('button', { name: '將此版本放入編輯器' }).click();
    await expect(unsaved(page)).toBeHidden();
  });

  test('delete names the number that uses the bot; afterwards the next bot opens and New is back', async ({
    page,
  }) => {
    await openInTraditionalChinese(page);
    await page.getByRole('button', { name: '刪除聊天機器人' }).click();
    const question = page.getByRole('alertdialog', { name: `刪除 ${AVA}？` });
    await expect(question.getByRole('listitem')).toHaveText(['Main support line']);
    await expect(question).toContainText('將不再回覆客戶');
    await question.getByRole('button', { name: '刪除聊天機器人' }).click();
    await expect(page.getByRole('region', { name: '通知' })).toContainText('聊天機器人已刪除');
    await expect(page.getByRole('heading', { level: 2, name: 'Leo – Sales Assistant' })).toBeVisible();
    const picker = page.getByLabel('聊天機器人', { exact: true });
    await expect(picker.locator('option')).toHaveCount(3);
    await expect(picker.locator('option', { hasText: AVA })).toHaveCount(0);
  });

  test('the style tab, the history and the delete question have no axe violations', async ({ page }) => {
    await openInTraditionalChinese(page);
    for (const width of [1280, 768]) {
      await resizeShell(page, width, 900);
      await tab(page, '風格').click();
      await expectNoAxeViolationsInBothThemes(page, `16-style-${width}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
    await resizeShell(page, 1280, 900);
    await tab(page, '提示詞').click();
    await page.getByRole('button', { name: '提示詞歷史' }).click();
    const dialog = page.getByRole('dialog', { name: '提示詞歷史' });
    await dialog
      .getByRole('list', { name: '版本' })
      .getByRole('button')
      .filter({ hasText: '初始提示詞' })
      .click();
    await expectNoAxeViolationsInBothThemes(page, '16-history-1280');
    await resizeShell(page, 768, 900);
    await shot(page, '16-history-768');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await resizeShell(page, 1280, 900);
    await page.getByRole('button', { name: '刪除聊天機器人' }).click();
    const question = page.getByRole('alertdialog');
    await expect(question.getByRole('listitem')).toHaveText(['Main support line']);
    await expectNoAxeViolationsInBothThemes(page, '16-delete');
    await question.getByRole('button', { name: '取消' }).click();
    await expect(question).toBeHidden();
  });
});
