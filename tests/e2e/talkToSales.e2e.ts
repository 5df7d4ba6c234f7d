import { expect, type Page } from '@playwright/test';
import {
  asOwner,
  collectErrors,
  expectNoAxeViolations,
  expectNoAxeViolationsInBothThemes,
  shot,
  test,
} from './support';

/** Talk to sales (issue 18, point 6) in Simplified Chinese. */
async function openDialog(page: Page) {
  await asOwner(page);
  await page.addInitScript(() => localStorage.setItem('influx-language', 'zh-CN'));
  await page.goto('/usage-billing');
  await expect(page.getByRole('heading', { level: 1, name: '用量与账单' })).toBeVisible();
  await page.getByRole('button', { name: '联系销售' }).click();
  const dialog = page.getByRole('dialog', { name: '联系销售' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('talk to sales (zh-CN)', () => {
  test('checks the form, keeps what was typed through a failure, then sends and confirms', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const dialog = await openDialog(page);
    const send = dialog.getByRole('button', { name: '发送给销售团队' });

    // Nothing typed: the first field to fix takes the focus, each says what is wrong.
    await send.click();
    const name = dialog.getByLabel('您的姓名');
    await expect(name).toBeFocused();
    await expect(name).toHaveAccessibleDescription('请输入您的姓名。');
    await expect(dialog.getByLabel('工作邮箱')).toHaveAccessibleDescription('请输入有效的电子邮箱地址。');
    await expect(dialog.getByLabel('所需 WhatsApp 号码数')).toHaveAttribute('aria-invalid', 'true');

    await name.fill('陈美');
    await dialog.getByLabel('工作邮箱').fill('mei@harbour.test');
    await dialog.getByLabel('公司').fill('海港贸易 <img src=x onerror=alert(1)>');
    const numbers = dialog.getByLabel('所需 WhatsApp 号码数');
    await numbers.fill('0');
    await send.click();
    await expect(numbers).toBeFocused();
    await expect(numbers).toHaveAccessibleDescription('请输入 1 到 10000 之间的整数。');
    await numbers.fill('25');

    // The sales inbox is down: said, and nothing typed is lost.
    const message = dialog.getByLabel('留言（选填）');
    await message.fill('三家门店，需要粤语和英语。 #mock-http-500');
    await send.click();
    await expect(dialog.getByRole('alert')).toContainText('您的留言未能发送');
    await expect(dialog.getByLabel('公司')).toHaveValue('海港贸易 <img src=x onerror=alert(1)>');
    await expectNoAxeViolationsInBothThemes(page, '18-talk-to-sales-failed-zh-CN');

    await message.fill('三家门店，需要粤语和英语。');
    await send.click();
    const sent = dialog.getByRole('status');
    await expect(sent).toContainText('谢谢，您的留言已送达销售团队。');
    await expect(sent).toContainText(/您的参考编号：inq-/);
    await expectNoAxeViolations(page);
    await shot(page, '18-talk-to-sales-sent-zh-CN-light');
    await dialog.getByRole('button', { name: '完成' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: '联系销售' })).toBeFocused();
    expect(errors.filter((e) => !e.includes('500'))).toEqual([]);
  });

  test('at 375 px the dialog fits the screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const dialog = await openDialog(page);
    await expect(dialog.getByLabel('留言（选填）')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
    await shot(page, '18-talk-to-sales-zh-CN-375');
  });
});
