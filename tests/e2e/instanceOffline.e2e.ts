import { expect, type Page } from '@playwright/test';
import { openQa, qaPanel } from './qaTools';
import { asOwner, collectErrors, expectNoAxeViolationsInBothThemes, shot, test } from './support';

/** The demo's main line as the WhatsApp engine reports it, from the QA tools (the panel stays open). */
async function phone(page: Page, action: 'Connects' | 'Drops offline') {
  const panel = qaPanel(page);
  if (!(await panel.isVisible())) await openQa(page);
  await panel.getByRole('button', { name: action, exact: true }).click();
  await expect(
    panel.getByRole('region', { name: 'Phone of Main support line' }).getByText(/^Reported/),
  ).toHaveText(action === 'Connects' ? 'Reported online.' : 'Reported offline.');
}

const card = (page: Page) =>
  page
    .getByRole('heading', { level: 2, name: 'Active bound instances' })
    .locator('xpath=ancestor::*[@aria-busy][1]');

test.describe('a WhatsApp number that goes offline', () => {
  test('the dashboard counts it without a reload; elsewhere a toast says so', async ({ page }) => {
    const errors = collectErrors(page);
    await asOwner(page);
    await page.goto('/');
    // The seed's main line has no phone connected: nothing online.
    await expect(card(page)).toContainText('0');
    await phone(page, 'Connects');
    await expect(card(page)).toContainText('1');
    // No toast for a number coming online.
    const toasts = page.getByRole('region', { name: 'Notifications' });
    await expect(toasts.getByText('WhatsApp number offline')).toHaveCount(0);

    // On another screen, the phone drops: a toast names the number and stays until read.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Bot settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bot settings' })).toBeVisible();
    await phone(page, 'Drops offline');
    await expect(toasts).toContainText('WhatsApp number offline');
    await expect(toasts).toContainText(
      'Main support line went offline. Customers who write to it get no answer until it is connected again in Bind WhatsApp.',
    );
    await shot(page, '17-offline-toast');
    // Back on the dashboard the count is down again, and the toast is still there.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(card(page)).toContainText('0');
    await expect(toasts).toContainText('WhatsApp number offline');
    expect(errors).toEqual([]);
  });

  test('the toast has no axe violations', async ({ page }) => {
    await asOwner(page);
    await page.goto('/bind-whatsapp');
    await phone(page, 'Connects');
    await phone(page, 'Drops offline');
    const toasts = page.getByRole('region', { name: 'Notifications' });
    await expect(toasts).toContainText('WhatsApp number offline');
    await page.keyboard.press('Escape');
    await expect(qaPanel(page)).toBeHidden();
    await expectNoAxeViolationsInBothThemes(page, '17-offline-toast');
  });
});
