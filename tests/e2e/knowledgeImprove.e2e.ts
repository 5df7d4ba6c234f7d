import { expect } from '@playwright/test';
import { openOrderConversation } from './chatInboxSupport';
import { collectErrors, expectNoAxeViolationsInBothThemes, resizeShell, shot, test } from './support';

/**
 * Issue 33 in Simplified Chinese: a wrong answer in chat history is corrected ("Improve this answer"), and the
 * test chat then answers the question, or a close one, from the new entry and names it as its source.
 */
const T = {
  title: '聊天记录',
  conversations: '对话',
  messages: '消息',
  who: '由谁回复',
  botReplies: '由机器人回复',
  improve: '改进这个回答',
  question: '客户的问题',
  answer: '正确的回答',
  save: '保存回答',
  saved: '已保存到机器人的知识库。',
  open: '打开机器人的知识库',
};

const QUESTION = '我的包裹一直显示运输中，怎么办？';
const ANSWER = '请把订单号发给我们，我们会联系快递公司为您加急处理。';
const WRONG = 'Parcels show "in transit" until the courier scans them';

test.describe('knowledge: improve an answer from chat history (zh-CN)', () => {
  test('the corrected answer is what the test chat answers, naming its source', async ({ page }) => {
    const errors = collectErrors(page);
    const { messages } = await openOrderConversation(page, 'zh-CN', T);
    const reply = messages.getByRole('listitem').filter({ hasText: WRONG });
    await reply.getByRole('button', { name: T.improve }).click();
    const dialog = page.getByRole('dialog', { name: T.improve });
    await expect(dialog.getByText(WRONG)).toBeVisible();
    const question = dialog.getByRole('textbox', { name: T.question });
    await expect(question).toHaveValue('It says "in transit" since Monday.');
    await question.fill(QUESTION);
    await dialog.getByRole('textbox', { name: T.answer }).fill(ANSWER);
    await expectNoAxeViolationsInBothThemes(page, 'improve-answer-zh-CN-1280');
    await resizeShell(page, 768, 1024);
    await shot(page, 'improve-answer-zh-CN-768');
    await dialog.getByRole('button', { name: T.save }).click();
    await expect(dialog.getByText(T.saved)).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'improve-answer-saved-zh-CN-768');

    // The link goes to the bot's Knowledge tab, where the entry is listed.
    await dialog.getByRole('link', { name: T.open }).click();
    await expect(page).toHaveURL(/\/bot-settings\/[^/?]+\?tab=knowledge$/);
    const qa = page.getByRole('region', { name: '问答' });
    await expect(qa.getByText(QUESTION, { exact: true })).toBeVisible();

    // A close question in the test chat: the entry's answer, with its source.
    await page.getByRole('tab', { name: '测试', exact: true }).click();
    const log = page.getByRole('log', { name: '测试对话' });
    const message = page.getByLabel('消息', { exact: true });
    await message.fill('包裹一直显示运输中怎么办');
    await message.press('Enter');
    await expect(log).toContainText(ANSWER);
    await expect(log).toContainText(`来源：问答“${QUESTION}”`);
    await resizeShell(page, 1280, 900);
    await shot(page, 'improve-answer-test-chat-zh-CN');
    expect(errors).toEqual([]);
  });
});
