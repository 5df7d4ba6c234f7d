import { expect, type Page } from '@playwright/test';
import {
  ADMIN,
  asAccount,
  collectErrors,
  expectNoAxeViolations,
  expectNoAxeViolationsInBothThemes,
  OWNER,
  shot,
  signIn,
  test,
} from './support';

async function signInAs(page: Page, email: string, path = '/login') {
  await signIn(page, email, { path });
  await page.waitForURL('/');
}

/**
 * Signs in (or switches the signed-in user) by the demo's fixed tokens and opens `path`: signing in has tests
 * of its own, and several sign-ins through the form made one test longer than its time limit on a busy machine.
 */
async function switchTo(page: Page, who: 'owner' | 'admin', path: string) {
  // The stored user belongs to the app's origin. Before the first load, a script of the page stores it (the
  // same one stays for later loads, and leaves whoever is signed in then as they are).
  if (!page.url().startsWith('http')) await asAccount(page, who);
  else
    await page.evaluate((id) => {
      const info = { accessToken: `demo-${id}-token`, id: `user-${id}`, userId: `user-${id}` };
      localStorage.setItem('influx-user-info', JSON.stringify(info));
    }, who);
  await page.goto(path);
}

async function openAdmin(page: Page) {
  await page.getByRole('link', { name: 'Membership management' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Membership management' })).toBeVisible();
  return page.getByRole('table', { name: 'Membership plans' });
}

const planCard = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

test.describe('membership management', () => {
  test('an admin creates a plan from the spec defaults and edits it in the same form', async ({ page }) => {
    const errors = collectErrors(page);
    await signInAs(page, ADMIN);
    const table = await openAdmin(page);
    await expect(table.getByRole('rowheader')).toHaveText(['Free', 'Starter', 'Pro', 'Enterprise']);

    await page.getByRole('button', { name: 'New plan' }).click();
    const form = page.getByRole('dialog', { name: 'Create plan' });
    await expect(form.getByLabel('Knowledge file limit')).toHaveValue('10');
    await expect(form.getByLabel('Monthly token limit')).toHaveValue('1000');
    await form.getByLabel('Name', { exact: true }).fill('Growth');
    await form.getByLabel('Level', { exact: true }).fill('3');
    await form.getByLabel('Instance limit').fill('5');
    await form.getByLabel('Monthly price (USD)').fill('149');
    await form.getByLabel('Yearly price (USD)').fill('1490');
    await form.getByLabel('Custom prompts').check();
    await form.getByRole('button', { name: 'Create plan' }).click();
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Plan created');
    await expect(form).toBeHidden();
    const growth = table.getByRole('row', { name: /^Growth/ });
    await expect(growth).toContainText('$149.00');
    await expect(growth).toContainText('Enabled');

    await page.getByRole('button', { name: 'Edit Growth' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit plan' });
    await expect(edit.getByLabel('Name', { exact: true })).toHaveValue('Growth');
    await edit.getByLabel('Name', { exact: true }).fill('Growth Plus');
    await edit.getByLabel('Monthly token limit').fill('-1');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Plan updated');
    await expect(table.getByRole('row', { name: /^Growth Plus/ })).toContainText('Unlimited');
    expect(errors).toEqual([]);
  });

  test('customers see a plan while it exists; deleted by the admin, it is gone for both', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    // The plan comes from the API as the admin: creating through the form is the test above.
    await switchTo(page, 'admin', '/');
    const created = await page.evaluate(async () => {
      const response = await fetch('/api/v1/membership', {
        method: 'POST',
        headers: { Authorization: 'Bearer demo-admin-token', 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: 'Growth Plus',
          level: 3,
          description: null,
          instanceLimit: 5,
          chatbotLimit: 3,
          monthlyTokenLimit: -1,
          totalChatSessionLimit: 1000,
          knowledgeBaseFileLimit: 10,
          monthlyPrice: 149,
          yearlyPrice: 1490,
          monthlyPriceId: null,
          yearlyPriceId: null,
          hasAdvancedFeatures: false,
          hasCustomPrompt: true,
          status: 1,
        }),
      });
      return response.status;
    });
    expect(created).toBeLessThan(300);

    await switchTo(page, 'owner', '/usage-billing');
    const card = planCard(page, 'Growth Plus');
    await expect(card).toContainText('$149.00');
    await expect(card.getByRole('button', { name: 'Upgrade to Growth Plus' })).toBeEnabled();

    await switchTo(page, 'admin', '/');
    const table = await openAdmin(page);
    await page.getByRole('button', { name: 'Delete Growth Plus' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm delete' });
    await expect(confirm).toContainText(
      'Are you sure you want to delete the plan “Growth Plus”? This cannot be undone.',
    );
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Plan deleted');
    await expect(table.getByRole('rowheader')).toHaveText(['Free', 'Starter', 'Pro', 'Enterprise']);
    await switchTo(page, 'owner', '/usage-billing');
    await expect(planCard(page, 'Pro')).toBeVisible();
    await expect(planCard(page, 'Growth Plus')).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('a regular user gets no membership management, and the mock refuses the plan calls', async ({
    page,
  }) => {
    await signInAs(page, OWNER);
    await expect(page.getByRole('link', { name: 'Membership management' })).toHaveCount(0);
    await page.goto('/membership-management');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    const status = await page.evaluate(async () => {
      const r = await fetch('/api/v1/membership', {
        method: 'POST',
        headers: { Authorization: 'Bearer demo-owner-token', 'Content-Type': 'application/json' },
        body: '{}',
      });
      return r.status;
    });
    expect([400, 403]).toContain(status);
  });

  test('the table, the form and the confirmation have no axe violations', async ({ page }) => {
    await signInAs(page, ADMIN);
    await openAdmin(page);
    await expectNoAxeViolationsInBothThemes(page, '7-membership');
    await page.getByRole('button', { name: 'Edit Pro' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit plan' })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, '7-membership-form');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('button', { name: 'Delete Free' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, '7-membership-delete');
  });

  test("at 1366 and 768 px every plan's Edit and Delete are in view, without scrolling the table", async ({
    page,
  }) => {
    await asAccount(page, 'admin');
    for (const [width, height] of [
      [1366, 900],
      [768, 1000],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto('/membership-management');
      const table = page.getByRole('table', { name: 'Membership plans' });
      await expect(table.getByRole('button', { name: /^Edit / }).first()).toBeVisible();
      const area = await table.locator('xpath=..').boundingBox();
      const buttons = await table.getByRole('button').all();
      expect(buttons.length).toBeGreaterThan(0);
      for (const button of buttons) {
        const box = await button.boundingBox();
        // Fully inside the table's visible area: not cut off at its right edge.
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual((area?.x ?? 0) + (area?.width ?? 0));
      }
      await shot(page, `7-membership-${width}`);
    }
  });

  test('its texts load with it, in the language chosen, also after a switch', async ({ page }) => {
    await asAccount(page, 'admin');
    await page.addInitScript(() => localStorage.setItem('influx-language', 'zh-TW'));
    await page.goto('/membership-management');
    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: '月繳價格' })).toBeVisible();
    // Another screen, then back: the admin's texts are still there (a catalog of their own).
    await page.getByRole('link', { name: '儀表板', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('');
    await page.goBack();
    await expect(table.getByRole('columnheader', { name: '月繳價格' })).toBeVisible();
  });

  test('works at 768 px', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 1000 });
    await asAccount(page, 'admin');
    await page.goto('/membership-management');
    await expect(page.getByRole('table', { name: 'Membership plans' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await shot(page, '7-membership-768');
    await page.getByRole('button', { name: 'New plan' }).click();
    await expect(page.getByRole('dialog', { name: 'Create plan' })).toBeVisible();
    await expectNoAxeViolations(page);
    await shot(page, '7-membership-form-768');
  });
});
