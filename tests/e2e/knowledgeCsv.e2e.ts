import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import { asOwner, collectErrors, expectNoAxeViolationsInBothThemes, resizeShell, test } from './support';

/** A CSV file as a user would pick it. */
const csv = (name: string, text: string) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(text, 'utf8'),
});

/** The owner's first bot, Knowledge tab, in Simplified Chinese: its Q&A section, with no entries yet. */
async function openQa(page: Page) {
  await asOwner(page);
  await page.addInitScript(() => localStorage.setItem('influx-language', 'zh-CN'));
  await page.goto('/bot-settings');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.getByRole('tab', { name: '知识库', exact: true }).click();
  const section = page.getByRole('region', { name: '问答', exact: true });
  await expect(section.getByText('0 / 50 个问题')).toBeVisible();
  return section;
}

const fileInput = (page: Page) => page.getByLabel('要导入的问答 CSV 文件');

test.describe('bot settings: Q&A as a CSV file (zh-CN)', () => {
  test('a file with a bad row is refused row by row and saves nothing; fixed, it imports; an export imports back the same', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const section = await openQa(page);

    await fileInput(page).setInputFiles(
      csv('问答.csv', '问题,答案\r\n=SUM(A1),"公式，照字面保存。"\r\n营业时间？,\r\n'),
    );
    const table = section.getByRole('table', { name: '问答.csv 的各行' });
    await expect(table).toBeVisible();
    const bad = table.getByRole('row').filter({ hasText: '营业时间？' });
    await expect(bad).toContainText('已拒绝');
    await expect(bad).toContainText('缺少答案。');
    await expect(table.getByRole('row').filter({ hasText: '=SUM(A1)' })).toContainText('可导入');
    await expect(section.getByText('1 行被拒绝。尚未保存任何内容：请修正文件后重新选择。')).toBeVisible();
    await expect(section.getByRole('button', { name: '导入 2 条问答' })).toBeDisabled();
    await expectNoAxeViolationsInBothThemes(page, '5-knowledge-csv-preview-zh-CN-1280');
    // At the tablet width the preview's table keeps its columns, scrolling inside its own region if it must.
    await resizeShell(page, 768, 1024);
    await expect(table).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, '5-knowledge-csv-preview-zh-CN-768');
    await resizeShell(page, 1280, 720);

    await fileInput(page).setInputFiles(
      csv(
        '问答-修正.csv',
        '问题,答案\r\n=SUM(A1),"公式，照字面保存。"\r\n营业时间？,周一至周五 9:00-18:00。\r\n',
      ),
    );
    await expect(section.getByRole('table', { name: '问答-修正.csv 的各行' })).toBeVisible();
    await section.getByRole('button', { name: '导入 2 条问答' }).click();
    await expect(section.getByText('已导入 2 条问答。')).toBeVisible();
    await expect(section.getByText('2 / 50 个问题')).toBeVisible();
    const list = section.getByRole('list', { name: '问答' });
    await expect(list.getByText('=SUM(A1)', { exact: true })).toBeVisible();
    await expect(list.getByText('营业时间？', { exact: true })).toBeVisible();

    const downloading = page.waitForEvent('download');
    await section.getByRole('button', { name: '导出 CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('questions-and-answers.csv');
    const exported = readFileSync(await download.path());
    expect([...exported.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(exported.toString('utf8')).toContain("'=SUM(A1)");

    // Both entries deleted, the exported file brings them back as they were.
    for (const question of ['=SUM(A1)', '营业时间？']) {
      const entry = list.getByRole('listitem').filter({ has: page.getByText(question, { exact: true }) });
      await entry.getByRole('button', { name: /^删除/ }).click();
    }
    await expect(section.getByText('0 / 50 个问题')).toBeVisible();
    await fileInput(page).setInputFiles({
      name: 'questions-and-answers.csv',
      mimeType: 'text/csv',
      buffer: exported,
    });
    await section.getByRole('button', { name: '导入 2 条问答' }).click();
    await expect(section.getByText('2 / 50 个问题')).toBeVisible();
    await expect(list.getByText('=SUM(A1)', { exact: true })).toBeVisible();
    await expect(list.getByText('公式，照字面保存。', { exact: true })).toBeVisible();
    await expect(list.getByText('周一至周五 9:00-18:00。', { exact: true })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, '5-knowledge-csv-imported-zh-CN');
    expect(errors).toEqual([]);
  });
});
