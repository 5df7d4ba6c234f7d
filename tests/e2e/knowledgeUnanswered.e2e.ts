import { expect } from '@playwright/test';
import { asOwner, collectErrors, expectNoAxeViolationsInBothThemes, resizeShell, test } from './support';

/**
 * The Knowledge tab's unanswered questions, in Traditional Chinese: the tab's badge counts the demo's open
 * groups before the tab is opened; one is answered and leaves the list, the badge drops, and the test chat
 * then answers a close wording of it from the new Q&A entry, naming it.
 */
const ANSWER = '有的，週六和週日早上十點到晚上六點營業。';

test.describe('bot settings: unanswered questions (zh-TW)', () => {
  test('an unanswered question is answered, leaves the list, and the test chat uses the answer', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await asOwner(page);
    await page.addInitScript(() => localStorage.setItem('influx-language', 'zh-TW'));
    await page.goto('/bot-settings');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-TW');
    await expect(page.getByRole('heading', { level: 2, name: 'Ava – Customer Support' })).toBeVisible();

    // The badge is there before the tab is opened; the tab keeps its name, the count describes it.
    const tab = page.getByRole('tab', { name: '知識庫', exact: true });
    await expect(tab).toHaveAccessibleDescription('3 個未回答的問題');
    await expect(tab).toContainText('3');
    await tab.click();

    const section = page.getByRole('region', { name: '未回答的問題' });
    const group = section.getByRole('listitem', { name: '週末有營業嗎？' });
    await expect(group).toContainText('被問過 3 次');
    await expect(group.getByRole('list', { name: '其他問法' })).toContainText('週末也有營業嗎？');
    await group.getByRole('button', { name: '回答：週末有營業嗎？' }).click();
    const form = group.getByRole('form', { name: '回答「週末有營業嗎？」' });
    await expect(form.getByRole('textbox', { name: '客戶的問題' })).toHaveValue('週末有營業嗎？');
    await form.getByRole('textbox', { name: '答案' }).fill(ANSWER);
    await expectNoAxeViolationsInBothThemes(page, 'knowledge-unanswered-zh-TW-answering');
    await form.getByRole('button', { name: '儲存', exact: true }).click();

    await expect(group).toHaveCount(0);
    await expect(section.getByRole('status')).toHaveText('2 個問題待處理');
    await expect(tab).toHaveAccessibleDescription('2 個未回答的問題');
    await expect(page.getByRole('region', { name: '問答' })).toContainText(ANSWER);
    await expectNoAxeViolationsInBothThemes(page, 'knowledge-unanswered-zh-TW-answered');
    for (const width of [768, 375]) {
      await resizeShell(page, width, 1024);
      await expectNoAxeViolationsInBothThemes(page, `knowledge-unanswered-zh-TW-${width}`);
    }
    await resizeShell(page, 1280, 900);

    // The test chat answers a close wording from the new entry, and names it.
    await page.getByRole('tab', { name: '測試', exact: true }).click();
    await page.getByLabel('訊息', { exact: true }).fill('週末也有營業嗎？');
    await page.getByRole('button', { name: '傳送', exact: true }).click();
    const log = page.getByRole('log', { name: '測試對話' });
    await expect(log).toContainText(ANSWER, { timeout: 15_000 });
    await expect(log).toContainText('（來源：問答「週末有營業嗎？」）');
    expect(errors).toEqual([]);
  });
});
