import { expect, type Page } from '@playwright/test';
import {
  asOwner,
  collectErrors,
  expectNoAxeViolationsInBothThemes,
  resizeShell,
  shot,
  test,
} from './support';

const PASSWORD = 'e2e-S3cret-pw';

/** The demo owner's first bot (Ava) on its Knowledge tab, in Simplified Chinese. */
async function openKnowledge(page: Page) {
  await asOwner(page);
  await page.addInitScript(() => localStorage.setItem('influx-language', 'zh-CN'));
  await page.goto('/bot-settings');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.getByRole('tab', { name: '知识库', exact: true }).click();
  const summary = page.getByTestId('database-summary');
  await expect(summary).toBeVisible();
  return summary;
}

const dialogOf = (page: Page) => page.getByRole('dialog', { name: '外部数据库' });

/** Everything the page keeps in local storage, as one string. */
const storage = (page: Page) => page.evaluate(() => JSON.stringify({ ...localStorage }));

test.describe('external database of a bot (zh-CN)', () => {
  test('a failing connection says why; fixed, it passes, is saved, and its password never comes back', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const summary = await openKnowledge(page);
    await expect(summary).toContainText('未连接');
    await page.getByRole('button', { name: '连接数据库' }).click();
    const dialog = dialogOf(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('主机', { exact: true })).toBeVisible();

    // The port follows the type.
    await expect(dialog.getByLabel('端口', { exact: true })).toHaveValue('5432');
    await dialog.getByLabel('数据库类型', { exact: true }).selectOption('mysql');
    await expect(dialog.getByLabel('端口', { exact: true })).toHaveValue('3306');

    // Checked before anything is sent: the first wrong field gets the focus and says why.
    await dialog.getByRole('button', { name: '测试连接' }).click();
    await expect(dialog.getByLabel('主机', { exact: true })).toBeFocused();
    await expect(dialog.getByText('请输入主机名或地址。')).toBeVisible();

    await dialog.getByLabel('主机', { exact: true }).fill('orders.unreachable.example');
    await dialog.getByLabel('数据库名称', { exact: true }).fill('shop');
    await dialog.getByLabel('用户', { exact: true }).fill('app');
    await dialog.getByRole('textbox', { name: '密码' }).fill(PASSWORD);
    await dialog.getByRole('button', { name: '测试连接' }).click();
    const result = dialog.getByTestId('database-test-result');
    await expect(result).toContainText('无法访问数据库服务器');
    await expect(result).toHaveAttribute('role', 'status');

    await expectNoAxeViolationsInBothThemes(page, 'db-dialog-failed-1280');

    // Bad credentials, then the fix.
    await dialog.getByLabel('主机', { exact: true }).fill('orders.acme.example');
    await dialog.getByRole('textbox', { name: '密码' }).fill('wrong');
    await dialog.getByRole('button', { name: '测试连接' }).click();
    await expect(result).toContainText('用户名或密码未被接受');
    await dialog.getByRole('textbox', { name: '密码' }).fill(PASSWORD);
    await dialog.getByRole('button', { name: '测试连接' }).click();
    await expect(result).toContainText('连接成功');
    await expect(result).toContainText('MySQL 8.4.2');

    await dialog.getByRole('button', { name: '保存', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region').filter({ hasText: '数据库连接已保存' }).first()).toBeVisible();
    await expect(summary).toContainText('MySQL · orders.acme.example · shop');

    // Reopened: the password is stored, shown masked, replace only.
    await page.getByRole('button', { name: '编辑连接' }).click();
    await expect(dialog.getByLabel('主机', { exact: true })).toHaveValue('orders.acme.example');
    const stored = dialog.getByRole('group', { name: '密码' });
    await expect(stored).toContainText('••••••••');
    await expect(dialog.getByRole('textbox', { name: '密码' })).toHaveCount(0);
    await expect(stored.getByRole('button', { name: '替换密码' })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'db-dialog-stored-1280');
    await resizeShell(page, 768, 1000);
    await shot(page, 'db-dialog-stored-768');
    await resizeShell(page, 1280, 900);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: '编辑连接' })).toBeFocused();

    // The password is in no storage, not in the page, and not in the QA tools' view of the flow.
    expect(await storage(page)).not.toContain(PASSWORD);
    expect(await page.content()).not.toContain(PASSWORD);
    // Once the demo's persistence has written the change down: still no password.
    await expect.poll(() => storage(page)).toContain('orders.acme.example');
    expect(await storage(page)).not.toContain(PASSWORD);

    // After a reload the demo has the settings but, honestly, no password.
    await page.reload();
    await page.getByRole('tab', { name: '知识库', exact: true }).click();
    await expect(summary).toContainText('MySQL · orders.acme.example · shop');
    await expect(summary).toContainText('未保存密码');
    expect(errors).toEqual([]);
  });

  test('the summary and dialog at 768 px, light and dark', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 1000 });
    await openKnowledge(page);
    await page.getByRole('button', { name: '连接数据库' }).click();
    const dialog = dialogOf(page);
    await expect(dialog.getByLabel('主机', { exact: true })).toBeVisible();
    await dialog.getByRole('radio', { name: '连接字符串' }).check();
    await dialog.getByRole('textbox', { name: '连接字符串' }).fill('postgresql://app:x@:5432/shop');
    await dialog.getByRole('button', { name: '测试连接' }).click();
    await expect(dialog.getByTestId('database-test-result')).toContainText('无法解析连接字符串');
    await expectNoAxeViolationsInBothThemes(page, 'db-dialog-string-768');
    await dialog.getByRole('button', { name: '取消' }).click();
    await expect(dialog).toBeHidden();
    await shot(page, 'db-summary-light-768');
  });
});
