import { expect, type Page } from '@playwright/test';
import {
  asOwner,
  collectErrors,
  expectNoAxeViolationsInBothThemes,
  expectNoAxeViolationsOnHeldClock,
  pauseClock,
  resizeShell,
  runClockUntil,
  shot,
  streamFor,
  test,
} from './support';

/** "Optimise with AI" on the Prompt tab, in Simplified Chinese, on the demo's Ava. */
const T = {
  promptTab: '提示词',
  prompt: '系统提示词',
  group: 'AI 优化',
  optimise: '使用 AI 优化',
  result: '优化后的提示词',
  stop: '停止',
  apply: '应用',
  discard: '放弃',
  writing: '生成中…',
  complete: '已完成',
  stopped: '已停止',
  failedBadge: '失败',
  unsaved: '有未保存的更改',
  failed: '优化未能完成。',
  unchanged: '您的提示词保持不变。',
};

async function openPromptTab(page: Page) {
  await asOwner(page);
  await page.addInitScript(() => localStorage.setItem('influx-language', 'zh-CN'));
  await page.goto('/bot-settings');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByRole('heading', { level: 2, name: 'Ava – Customer Support' })).toBeVisible();
  await page.getByRole('tab', { name: T.promptTab, exact: true }).click();
  await pauseClock(page);
  const group = page.getByRole('group', { name: T.group });
  const badge = (name: string) => group.getByText(name, { exact: true });
  return {
    badge,
    until: (name: string) => runClockUntil(page, () => badge(name).isVisible()),
    group,
    prompt: page.getByLabel(T.prompt, { exact: true }),
    optimise: group.getByRole('button', { name: T.optimise }),
    result: group.getByRole('region', { name: T.result }),
    button: (name: string) => group.getByRole('button', { name, exact: true }),
  };
}

test.describe('bot settings: optimise the prompt with AI (zh-CN)', () => {
  test('the text streams in; Stop once, run again, Apply replaces the prompt; Discard leaves it', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const { badge, until, prompt, optimise, result, button } = await openPromptTab(page);
    const original = await prompt.inputValue();
    await expect(page.getByText(T.unsaved, { exact: true })).toBeHidden();

    // The text grows while it arrives; Stop ends it and keeps what came, which cannot be applied.
    await optimise.click();
    await expect(badge(T.writing)).toBeVisible();
    await runClockUntil(page, async () => ((await result.textContent()) ?? '').includes('## Role'));
    const early = (await result.textContent())?.length ?? 0;
    await streamFor(page, 250);
    await expect.poll(async () => (await result.textContent())?.length ?? 0).toBeGreaterThan(early);
    await button(T.stop).click();
    await expect(badge(T.stopped)).toBeVisible();
    await expect(button(T.discard)).toBeFocused();
    await expect(button(T.apply)).toHaveCount(0);
    const partial = (await result.textContent()) ?? '';
    expect(partial.length).toBeGreaterThan(0);
    expect(partial).not.toContain('## Example responses');
    await expect(prompt).toHaveValue(original);

    // Run again, to the end.
    await optimise.click();
    await until(T.complete);
    const improved = (await result.textContent()) ?? '';
    for (const heading of [
      'Role',
      'Core responsibilities',
      'Guidelines',
      'Prohibited behaviours',
      'Brand tone',
      'Example responses',
    ])
      expect(improved).toContain(`## ${heading}\n`);
    expect(improved).toContain('You are Ava, the customer service assistant of Brightside Home Goods.');
    await expect(prompt).toHaveValue(original);
    await expectNoAxeViolationsOnHeldClock(page);
    await resizeShell(page, 1280, 900);
    await shot(page, '16-optimise-done-light-1280');
    await resizeShell(page, 768, 1000);
    await shot(page, '16-optimise-done-light-768');

    // Apply: the prompt is the improved one, and not saved yet.
    await button(T.apply).click();
    await expect(prompt).toHaveValue(improved);
    await expect(page.getByText(T.unsaved, { exact: true })).toBeVisible();
    await expect(result).toHaveCount(0);
    await expect(optimise).toBeFocused();

    // Discard leaves the prompt as it is.
    await prompt.fill('你是 [Company Name] 的前台助理。不要透露客人的个人信息。');
    await optimise.click();
    await until(T.complete);
    // A Chinese prompt gets Chinese headings, with [Company Name] kept.
    await expect(result).toContainText('## 角色\n你是 [Company Name] 的前台助理。');
    await expect(result).toContainText('## 禁止行为\n- 不要透露客人的个人信息。');
    await button(T.discard).click();
    await expect(result).toHaveCount(0);
    await expect(prompt).toHaveValue('你是 [Company Name] 的前台助理。不要透露客人的个人信息。');
    expect(errors).toEqual([]);
  });

  test('a failure says so and keeps the prompt; the keyboard alone runs it', async ({ page }) => {
    const { group, until, prompt, optimise, result, button } = await openPromptTab(page);
    await prompt.fill('You are a helpful assistant. #mock-stream-error');
    await optimise.focus();
    await page.keyboard.press('Enter');
    await until(T.failedBadge);
    const alert = group.getByRole('alert');
    await expect(alert).toContainText(`${T.failed} ${T.unchanged}`);
    await expect(alert).toContainText('The AI service is overloaded');
    await expect(prompt).toHaveValue('You are a helpful assistant. #mock-stream-error');
    // The focus stays where the user left it; the alert was announced. Next come the text, then Discard.
    await expect(optimise).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(result).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(button(T.discard)).toBeFocused();
    await expectNoAxeViolationsOnHeldClock(page);
    await page.keyboard.press('Enter');
    await expect(alert).toHaveCount(0);
    await expect(optimise).toBeFocused();
  });

  test('axe finds nothing while streaming and when done, and it fits 375 px', async ({ page }) => {
    const { group, until, optimise, result, button } = await openPromptTab(page);
    await optimise.click();
    await runClockUntil(page, async () => ((await result.textContent()) ?? '').includes('## Role'));
    await expect(button(T.stop)).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, undefined, { heldClock: true });
    await until(T.complete);
    await expectNoAxeViolationsInBothThemes(page, '16-optimise-1280', { heldClock: true });
    await resizeShell(page, 1280, 900);
    await group.scrollIntoViewIfNeeded();
    await resizeShell(page, 768, 1000);
    await shot(page, '16-optimise-768');
    await resizeShell(page, 375, 800);
    await expect(button(T.apply)).toBeVisible();
    // Nothing runs off the side of a phone.
    const overflow = await group.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await group.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(375);
    await shot(page, '16-optimise-375');
  });
});
