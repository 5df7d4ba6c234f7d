import { expect, type Locator, type Page } from '@playwright/test';
import { asOwner, collectErrors, expectNoAxeViolationsInBothThemes, pauseClock, test } from './support';

/**
 * Live conversations (issue 17) in Simplified Chinese. The demo's customers write while the screen holds its
 * live stream, on the page's timers (mocks/handlers/live.ts): the test holds the page's clock, so messages come
 * only when it moves the clock, however busy the machine.
 */
const T = {
  title: '聊天记录',
  conversations: '对话',
  messages: '消息',
  unread: (n: number) => `${n} 条未读消息`,
  newMessages: (n: number) => `${n} 条新消息`,
};

/** The demo's script: its regular customer writes in the order conversation; a new customer from China. */
const ORDER_NUMBER = '+852 6338 1492';
const FIRST = 'Sorry, one more thing: can the parcel be left with the concierge?';
const FIRST_REPLY = 'Of course. I have added a note for the courier to leave it with the concierge.';
const NEW_NUMBER = '+86 139 1234 5678';
const NEW_TEXT = '你好，请问这款保温杯有蓝色的吗？';
const SECOND = 'Is there a discount if I order three?';
/** The regular customer's last line of the script. */
const LAST = 'Thanks, that was quick!';

/** Moves the page's clock a second at a time (the stream's bytes travel between steps) until `done` holds. */
async function clockUntil(page: Page, done: () => Promise<boolean>) {
  await expect
    .poll(
      async () => {
        if (await done()) return true;
        await page.clock.runFor(1_000);
        return done();
      },
      { intervals: [20], timeout: 90_000 },
    )
    .toBe(true);
}

const shown = (locator: Locator) => () => locator.isVisible();

/** Whether the conversation's scroller is at its end (the latest message in view). */
const atEnd = (scroller: Locator) =>
  scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight <= 48);

async function openOrderConversation(page: Page) {
  await asOwner(page);
  await page.addInitScript(() => localStorage.setItem('influx-language', 'zh-CN'));
  // A short window: the conversation's few messages overflow it, so the reader can scroll up.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/chat-history');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 1, name: T.title })).toBeVisible();
  const list = page.getByRole('listbox', { name: T.conversations });
  await list.getByRole('option', { name: new RegExp(`^\\${ORDER_NUMBER}`) }).click();
  const scroller = page.getByRole('region', { name: T.messages, exact: true });
  await expect(scroller.getByText('Is there anything else I can help you with?')).toBeVisible();
  await pauseClock(page);
  return { list, scroller };
}

test.describe('chat history: live conversations (zh-CN)', () => {
  test.use({ customersWrite: true });
  test('a new message arrives by itself and is followed; scrolled up, new ones wait below a button', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const errors = collectErrors(page);
    const { list, scroller } = await openOrderConversation(page);

    // Nothing touched: the customer writes, the bot answers, and the reader at the bottom sees both.
    await clockUntil(page, shown(scroller.getByText(FIRST)));
    await clockUntil(page, shown(scroller.getByText(FIRST_REPLY)));
    await expect.poll(() => atEnd(scroller)).toBe(true);
    // The open conversation is being read: no unread mark on it.
    const order = list.getByRole('option', { name: new RegExp(`^\\${ORDER_NUMBER}`) });
    await expect(order.getByText(/条未读消息/)).toHaveCount(0);

    // The reader scrolls up to read the start.
    await scroller.evaluate((el) => {
      el.scrollTop = 0;
    });
    await expect.poll(() => atEnd(scroller)).toBe(false);

    // A new customer writes: a new conversation at the top of the list, marked unread (the bot's answer too).
    const newcomer = list.getByRole('option', { name: new RegExp(`^\\${NEW_NUMBER}`) });
    await clockUntil(page, shown(newcomer));
    await expect(list.getByRole('option').first()).toHaveAccessibleName(new RegExp(`^\\${NEW_NUMBER}`));
    await expect(newcomer.getByText(NEW_TEXT)).toBeVisible();
    await clockUntil(page, shown(newcomer.getByText(T.unread(2))));

    // The regular customer writes again while the reader is up the page: the view stays, a button says so.
    const jump = page.getByRole('button', { name: T.newMessages(1) });
    await clockUntil(page, shown(jump));
    expect(await atEnd(scroller)).toBe(false);
    await expect(scroller.getByText(SECOND)).toBeAttached();

    // Both themes: axe finds nothing with the unread mark and the button showing (there before the light
    // run and still there after the dark one).
    await expect(jump).toBeVisible();
    await expect(newcomer.getByText(T.unread(2))).toBeAttached();
    await expectNoAxeViolationsInBothThemes(page, '17-live-unread-new-messages-1280', {
      heldClock: true,
      fullPage: false,
    });
    await expect(jump).toBeVisible();
    await expect(newcomer.getByText(T.unread(2))).toBeAttached();

    // The button takes the reader to the latest message, and goes.
    await jump.click();
    await expect(jump).toBeHidden();
    await expect.poll(() => atEnd(scroller)).toBe(true);
    await expect(scroller.getByText(SECOND)).toBeVisible();
    await expect(scroller).toBeFocused();

    // Opening the new conversation reads it: its mark goes.
    await newcomer.click();
    await expect(
      page.getByRole('region', { name: T.messages, exact: true }).getByText(NEW_TEXT),
    ).toBeVisible();
    await expect(newcomer.getByText(/条未读消息/)).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('each demo customer writes once: a contact writing again continues their conversation, nothing is said twice', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const errors = collectErrors(page);
    const { list, scroller } = await openOrderConversation(page);
    // Ten minutes of the page's time, ten seconds at a time (the stream's bytes travel between steps): more
    // than three times the script's length, so a second round would have come.
    for (let step = 0; step < 60; step++) await page.clock.runFor(10_000);
    await expect(scroller.getByText(LAST)).toBeVisible();
    for (const line of [FIRST, SECOND, LAST]) await expect(scroller.getByText(line)).toHaveCount(1);
    await expect(list.getByRole('option', { name: new RegExp(`^\\${NEW_NUMBER}`) })).toHaveCount(1);
    await expect(list.getByRole('option', { name: new RegExp(`^\\${ORDER_NUMBER}`) })).toHaveCount(1);
    // An inbox: the conversation written in last is first, its latest message (the bot's answer) its preview.
    const top = list.getByRole('option').first();
    await expect(top).toHaveAccessibleName(new RegExp(`^\\${ORDER_NUMBER}`));
    await expect(top).toContainText('You are welcome!');
    expect(errors).toEqual([]);
  });
});
