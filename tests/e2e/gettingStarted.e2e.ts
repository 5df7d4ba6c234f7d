import { expect } from '@playwright/test';
import { collectErrors, expectNoAxeViolationsInBothThemes, resizeShell, shot, signIn, test } from './support';

/** A new account's first dashboard: a checklist rather than a wall of zeros (issue 30, point 25). */
test.describe('getting started', () => {
  test('a new account is welcomed with its first steps, which it can put away for good', async ({ page }) => {
    const errors = collectErrors(page);
    await signIn(page, 'new.shop@demo.test');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Welcome. Here is how your AI agents are doing today.')).toBeVisible();
    const list = page.getByRole('region', { name: 'Get started' });
    await expect(list.getByRole('status')).toHaveText('0 of 4 done');
    await expect(list.getByRole('link')).toHaveText([
      /Create your chatbot/,
      /Test it/,
      /Bind a WhatsApp number/,
      /See your first conversation/,
    ]);
    await expectNoAxeViolationsInBothThemes(page, '30-getting-started');
    await resizeShell(page, 375, 800);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(page, '30-getting-started-375');

    // The first step leads to its screen.
    await list.getByRole('link', { name: /Create your chatbot/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bot settings' })).toBeVisible();
    await page.goBack();
    await list.getByRole('button', { name: 'Hide this list' }).click();
    await expect(list).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByText('Welcome back. Here is how your AI agents are doing today.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Get started' })).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
