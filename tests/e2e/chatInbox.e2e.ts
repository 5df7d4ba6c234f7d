import { expect, type Page } from '@playwright/test';
import {
  HANDOFF_MESSAGES,
  QA_CUSTOMER_ASKS,
  QA_CUSTOMER_WRITES,
  QA_PHONE_REPLY,
} from '../../mocks/customers';
import { ORDER_NUMBER, openOrderConversation } from './chatInboxSupport';
import { collectErrors, expectNoAxeViolationsInBothThemes, resizeShell, shot, test } from './support';

/*
 * Chat history as an inbox (issue 32), in Simplified Chinese, without a reload: the demo's customer asks for a
 * person and the bot hands off; the count shows in the sidebar and the title; a person takes over, replies and
 * hands back; the bot carries on from what the person said; a reply from the phone pauses the bot.
 */
const T = {
  title: '聊天记录',
  conversations: '对话',
  messages: '消息',
  who: '由谁回复',
  show: '显示',
  needsPersonOption: (n: number) => `需要人工处理（${n}）`,
  waitingMark: '需要人工处理',
  handedOff: '需要人工处理：客户要求人工服务',
  pause: '暂停机器人',
  takeOver: '接管',
  handBack: '交还给机器人',
  reply: '回复',
  botReplies: '由机器人回复',
  nobodyWaiting: '没有人在等待',
  qa: 'QA 工具',
  customerAsks: '顾客要求人工服务',
  customerWrites: '顾客发消息',
  phoneReply: '从手机回复',
  fromPhone: '已从手机回复',
  botQuiet: '机器人保持沉默：有人正在处理这个对话，或它正在等待人工。',
  botHandedOff: '机器人已把对话转交给团队。',
  botAnswered: '机器人已回答。',
};
const PERSON_SAID = '您的退款已经批准，三个工作日内退回到您的银行卡。';

async function qa(page: Page, button: string) {
  const panel = page.getByRole('complementary', { name: T.qa });
  if (!(await panel.isVisible())) {
    await expect(page.getByRole('button', { name: 'QA', exact: true })).toBeVisible();
    await page.keyboard.press('Alt+Shift+KeyQ');
    await expect(panel).toBeVisible();
  }
  await panel.getByRole('button', { name: button, exact: true }).click();
}

async function closeQa(page: Page) {
  await page.keyboard.press('Alt+Shift+KeyQ');
  await expect(page.getByRole('complementary', { name: T.qa })).toBeHidden();
}

const openOrder = (page: Page) => openOrderConversation(page, 'zh-CN', T);

const chatHistoryLink = (page: Page) =>
  page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: /^聊天记录/ });

test.describe('chat history as an inbox (zh-CN)', () => {
  test('a customer asks for a person: waiting, counted, taken over, answered, handed back; the bot builds on the reply', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const { list, who, messages } = await openOrder(page);
    await expect(page).toHaveTitle('聊天记录 · Influx');

    await qa(page, T.customerAsks);
    await expect(page.getByRole('complementary', { name: T.qa }).getByText(T.botHandedOff)).toBeVisible();
    await expect(messages.getByText(QA_CUSTOMER_ASKS)).toBeVisible();
    await expect(messages.getByText(HANDOFF_MESSAGES.en)).toBeVisible();
    await expect(who.getByText(T.handedOff)).toBeVisible();
    await expect(chatHistoryLink(page)).toHaveAccessibleName('聊天记录 1 个对话等待人工');
    await expect(page).toHaveTitle('(1) 聊天记录 · Influx');
    await closeQa(page);

    await page.getByRole('combobox', { name: T.show }).selectOption({ label: T.needsPersonOption(1) });
    await expect(list.getByRole('option')).toHaveCount(1);
    await expect(list.getByRole('option').first()).toHaveAccessibleName(new RegExp(`^\\${ORDER_NUMBER}`));
    await expect(list.getByRole('option').first().getByText(T.waitingMark)).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, '32-needs-a-person-zh-CN', { fullPage: false });

    await who.getByRole('combobox', { name: T.pause }).selectOption({ label: '30 分钟' });
    await who.getByRole('button', { name: T.takeOver, exact: true }).click();
    await expect(who.getByRole('button', { name: T.handBack })).toBeVisible();
    // Taken over, it waits no more: the count and the "Needs a person" list say so at once.
    await expect(page).toHaveTitle('聊天记录 · Influx');
    await expect(page.getByText(T.nobodyWaiting)).toBeVisible();
    const box = who.getByRole('textbox', { name: T.reply });
    await box.fill(PERSON_SAID);
    await box.press('Enter');
    await expect(messages.getByText(PERSON_SAID)).toBeVisible();
    await expect(box).toHaveValue('');

    await who.getByRole('button', { name: T.handBack }).click();
    await expect(who.getByText(T.botReplies)).toBeVisible();
    await qa(page, T.customerWrites);
    await expect(page.getByRole('complementary', { name: T.qa }).getByText(T.botAnswered)).toBeVisible();
    // The bot's next answer carries on from what the person said: the latest message, in the list and below.
    const followUp = `Following up on what our team said ("${PERSON_SAID}")`;
    await page.getByRole('combobox', { name: T.show }).selectOption({ label: '全部' });
    await expect(list.getByRole('option').first()).toContainText(followUp);
    await messages.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(messages.getByText(followUp)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a reply from the phone pauses the bot with a countdown, and is marked as sent from the phone', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const { list, who, messages } = await openOrder(page);
    await qa(page, T.phoneReply);
    await expect(messages.getByText(QA_PHONE_REPLY)).toBeVisible();
    await expect(messages.getByText('团队 · 从手机发送 ·')).toBeVisible();
    await expect(who.getByText(T.fromPhone)).toBeVisible();
    await expect(who.getByText(/机器人将在 0:(29:\d\d|30:00) 后恢复/)).toBeVisible();
    await expect(who.getByRole('button', { name: T.handBack })).toBeVisible();
    await expect(list.getByRole('option').first().getByText('人工回复中')).toBeVisible();
    // The customer writes again: the bot's turn comes, and it stays quiet while the pause runs.
    await qa(page, T.customerWrites);
    await expect(page.getByRole('complementary', { name: T.qa }).getByText(T.botQuiet)).toBeVisible();
    await closeQa(page);
    await expect(messages.getByRole('listitem').last()).toContainText(QA_CUSTOMER_WRITES);
    await shot(page, '32-phone-reply-zh-CN', { fullPage: false });
    expect(errors).toEqual([]);
  });

  test('a saved reply goes into the reply by "/" and its shortcut', async ({ page }) => {
    const errors = collectErrors(page);
    const { who, messages } = await openOrder(page);
    await who.getByRole('button', { name: T.takeOver, exact: true }).click();
    const box = who.getByRole('textbox', { name: T.reply });
    await box.fill('/退');
    const suggestions = who.getByRole('list', { name: '快捷回复' });
    await expect(suggestions.getByRole('button')).toHaveCount(1);
    await expect(suggestions).toContainText('/退款');
    await expectNoAxeViolationsInBothThemes(page, '32-saved-reply-suggestions-zh-CN', { fullPage: false });
    await box.press('Enter');
    await expect(box).toHaveValue('您的退款已批准，3 到 5 个工作日内退回您的银行卡。');
    await box.press('Enter');
    await expect(messages.getByText('您的退款已批准，3 到 5 个工作日内退回您的银行卡。')).toBeVisible();
    await expect(who.getByText('已发送')).toBeVisible();
    // The team's list of saved replies, in its dialog.
    await who.getByRole('button', { name: '快捷回复', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: '快捷回复' });
    await expect(dialog.getByText('/退款', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: '添加快捷回复' }).click();
    await expect(dialog.getByRole('textbox', { name: '快捷词' })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, '32-saved-replies-dialog-zh-CN', { fullPage: false });
    expect(errors).toEqual([]);
  });

  for (const width of [768, 375]) {
    test(`the inbox works at ${width} px`, async ({ page }) => {
      const errors = collectErrors(page);
      const { who } = await openOrder(page);
      await resizeShell(page, width, 900);
      await who.getByRole('button', { name: T.takeOver, exact: true }).click();
      const box = who.getByRole('textbox', { name: T.reply });
      await expect(box).toBeVisible();
      await box.fill('马上为您查询。');
      // Nothing sticks out of the page: the controls wrap within it.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const boxRight = (await box.boundingBox())?.x ?? 0;
      expect(boxRight).toBeGreaterThanOrEqual(0);
      await expectNoAxeViolationsInBothThemes(page, `32-inbox-${width}-zh-CN`, { fullPage: false });
      expect(errors).toEqual([]);
    });
  }
});
