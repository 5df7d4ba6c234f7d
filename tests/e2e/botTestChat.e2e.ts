import { expect, type Locator, type Page } from '@playwright/test';
import {
  asOwner,
  collectErrors,
  expectNoAxeViolationsInBothThemes,
  pauseClock,
  resizeShell,
  runClockUntil,
  shot,
  streamFor,
  test,
} from './support';

/**
 * The Test tab in Simplified Chinese: a reply streams in with its figures, and Stop ends a second one. The
 * page's clock is held, so a reply moves only when the test moves the clock: Stop never races the stream's
 * end, and axe can take its time half-way through a reply.
 */
const STOP = '停止';
const STOPPED = '已停止';
const FIGURES = /^首个 token \d+\.\d 秒 · 共 \d+\.\d 秒 · \d+ 个 token$/;

/** The text of what `locator` matches now, without waiting for it to exist. */
const textNow = async (locator: Locator) => (await locator.allTextContents()).join('');

async function openTestTab(page: Page) {
  await asOwner(page);
  await page.addInitScript(() => localStorage.setItem('influx-language', 'zh-CN'));
  await page.goto('/bot-settings');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 2, name: 'Ava – Customer Support' })).toBeVisible();
  await page.getByRole('tab', { name: '测试', exact: true }).click();
  await pauseClock(page);
  const log = page.getByRole('log', { name: '测试对话' });
  const message = page.getByLabel('消息', { exact: true });
  return { log, message, send: page.getByRole('button', { name: '发送', exact: true }) };
}

test.describe('bot settings: streamed test chat (zh-CN)', () => {
  test('a reply streams in with its latency and tokens; Stop ends the next one', async ({ page }) => {
    const errors = collectErrors(page);
    const { log, message, send } = await openTestTab(page);
    await expect(send).toBeDisabled();
    await message.fill('你们能寄到国外吗？');
    await message.press('Shift+Enter');
    await expect(message).toHaveValue('你们能寄到国外吗？\n');
    await message.press('Enter');
    await expect(message).toHaveValue('');
    await expect(log).toContainText('你们能寄到国外吗？');

    // The reply grows while it arrives (Stop is offered meanwhile), then ends with its figures.
    const stop = page.getByRole('button', { name: STOP, exact: true });
    const reply = log.locator('[aria-busy="true"]');
    await runClockUntil(page, async () => (await textNow(reply)).includes('您好！'));
    await expect(stop).toBeVisible();
    await expect(send).toBeDisabled();
    const early = (await textNow(reply)).length;
    await streamFor(page, 200);
    await expect.poll(async () => (await textNow(reply)).length).toBeGreaterThan(early);
    const figures = log.getByText(FIGURES);
    await runClockUntil(page, () => figures.isVisible());
    await expect(stop).toBeHidden();
    await expect(log).toContainText('我是Brightside Home Goods的客服助手');
    await expect(log).toContainText('3-5 个工作日');
    await expect(page.getByRole('status').filter({ hasText: 'Ava – Customer Support 回复：' })).toContainText(
      '3-5 个工作日',
    );
    await shot(page, 'test-chat-zh-CN-reply');

    // A second question, stopped half-way: what arrived stays, marked.
    await message.fill('可以退货吗？');
    await message.press('Enter');
    await runClockUntil(page, async () => (await textNow(reply)) !== '');
    await stop.click();
    await expect(log.getByText(STOPPED, { exact: true })).toBeVisible();
    await expect(reply).toHaveCount(0);
    await expect(log.getByText(FIGURES)).toHaveCount(1);
    await expect(send).toBeDisabled();
    await message.fill('谢谢');
    await expect(send).toBeEnabled();
    expect(errors).toEqual([]);
  });

  test('no axe violations, and screenshots at 1280 and 768 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const { log, message } = await openTestTab(page);
    await message.fill('订单什么时候到？');
    await message.press('Enter');
    await runClockUntil(page, () => log.getByText(FIGURES).isVisible());
    await message.fill('可以退货吗？');
    await message.press('Enter');
    await runClockUntil(page, async () => (await textNow(log.locator('[aria-busy="true"]'))) !== '');
    await expectNoAxeViolationsInBothThemes(page, undefined, { heldClock: true });
    await page.getByRole('button', { name: STOP, exact: true }).click();
    await expect(log.getByText(STOPPED, { exact: true })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'test-chat-zh-CN-1280', { heldClock: true });
    await resizeShell(page, 768, 1000);
    await expect(log).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, 'test-chat-zh-CN-768', { heldClock: true });
  });
});
