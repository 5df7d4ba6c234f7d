import { expect } from '@playwright/test';
import { openOrderConversation } from './chatInboxSupport';
import { collectErrors, expectNoAxeViolationsInBothThemes, test } from './support';

/** A person takes a conversation over from the bot (issue 32), in Traditional Chinese. */
const T = {
  title: '聊天紀錄',
  conversations: '對話',
  messages: '訊息',
  who: '由誰回覆',
  pause: '暫停機器人',
  takeOver: '接手',
  handBack: '交還給機器人',
  reply: '回覆',
  botReplies: '由機器人回覆',
};

test.describe('chat history: a person takes over (zh-TW)', () => {
  test('takes the conversation over, replies with Enter, and hands it back; no axe violations', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const { list, who, messages } = await openOrderConversation(page, 'zh-TW', T);

    await who.getByRole('combobox', { name: T.pause }).selectOption({ label: '30 分鐘' });
    await who.getByRole('button', { name: T.takeOver, exact: true }).click();
    await expect(who.getByRole('button', { name: T.handBack })).toBeVisible();
    await expect(who.getByText(/機器人將在 0:(29:\d\d|30:00) 後恢復/)).toBeVisible();
    await expect(list.getByRole('option').first().getByText('真人回覆中')).toBeVisible();

    const box = who.getByRole('textbox', { name: T.reply });
    await box.fill('您好，我是客服小美，馬上為您查詢。');
    await box.press('Enter');
    await expect(messages.getByText('您好，我是客服小美，馬上為您查詢。')).toBeVisible();
    await expect(box).toHaveValue('');
    await expectNoAxeViolationsInBothThemes(page, '32-take-over-zh-TW', { fullPage: false });

    await who.getByRole('button', { name: T.handBack }).click();
    await expect(who.getByText(T.botReplies)).toBeVisible();
    expect(errors).toEqual([]);
  });
});
