import { expect, type Locator, type Page, test } from '@playwright/test';
import { collectErrors, demoReady, expectNoAxeViolations, OWNER, shot, signIn } from './support';

/** Signs in by a demo account's fixed token (the login flow has its own tests). */
async function asAccount(page: Page, who: 'owner' | 'admin') {
  await page.addInitScript((account) => {
    if (!localStorage.getItem('influx-user-info')) {
      const info = { accessToken: `demo-${account}-token`, id: `user-${account}`, userId: `user-${account}` };
      localStorage.setItem('influx-user-info', JSON.stringify(info));
    }
  }, who);
}

const item = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

const connectDialog = (page: Page) => page.getByRole('dialog', { name: 'Connect a WhatsApp number' });

/** What the QR code draws (its modules), to tell two codes apart by what the phone would see. */
const qrDrawing = (dialog: Locator) =>
  dialog.getByRole('img', { name: 'QR code to scan with WhatsApp' }).locator('path').last().getAttribute('d');

/** Expected failures of a scenario show up as console errors of the browser; anything else is a defect. */
const unexpected = (errors: string[]) => errors.filter((e) => !/Failed to load resource/.test(e));

test.describe('bind WhatsApp', () => {
  test('owner: the plan limit is explained; after logging a number out, a new one is added, scanned, linked, renamed', async ({
    page,
  }) => {
    // The QR code rotates every 20 s of the mock's clock and the phone scans on the 4th check (5 s apart).
    test.setTimeout(120_000);
    const errors = collectErrors(page);
    await page.clock.install();
    await signIn(page, OWNER);
    await page.waitForURL('/');
    await page.getByRole('link', { name: 'Bind WhatsApp', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bind WhatsApp' })).toBeVisible();

    const main = item(page, 'Main support line');
    await expect(main.getByText('Online', { exact: true })).toBeVisible();
    await expect(main).toContainText('Last active:');

    // Starter allows one connected number, and it is in use.
    await page.getByRole('button', { name: 'Add new instance' }).click();
    let dialog = connectDialog(page);
    await expect(dialog.getByRole('alert')).toContainText(
      'Your plan allows 1 connected instance. Log out an instance or upgrade your plan to add another.',
    );
    await expect(dialog.getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute(
      'href',
      '/usage-billing',
    );
    await expect(page.getByText('Failed to create instance')).toBeVisible();
    await shot(page, '4-bind-limit');
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await expect(dialog).toBeHidden();

    // Delete (log out) the online number, through the confirmation.
    await main.getByRole('button', { name: 'Delete Main support line' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this instance?' });
    await expect(confirm).toContainText('Main support line will be logged out of WhatsApp');
    // The least destructive action has the focus.
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Instance logged out')).toBeVisible();
    await expect(main).toHaveCount(0);

    // Add: a new instance with its QR code.
    await page.getByRole('button', { name: 'Add new instance' }).click();
    dialog = connectDialog(page);
    await expect(dialog.getByRole('img', { name: 'QR code to scan with WhatsApp' })).toBeVisible();
    await expect(dialog.getByRole('status')).toContainText('Waiting for connection');
    const name = await dialog.getByLabel('Instance name').inputValue();
    expect(name).toMatch(/^Instance \d+$/);
    await shot(page, '4-bind-qr');
    const firstCode = await qrDrawing(dialog);
    // 20 s later (the first check comes due on the way) the engine has issued another code.
    await page.clock.fastForward(20_000);
    await expect.poll(() => qrDrawing(dialog), { timeout: 10_000 }).not.toBe(firstCode);

    // The simulated phone scans: the dialog switches to connected by itself.
    await expect(dialog.getByRole('status')).toContainText('Connected', { timeout: 30_000 });
    await expect(
      dialog.getByText('Continue setup: name this number, choose its chatbot and confirm.'),
    ).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'QR code to scan with WhatsApp' })).toHaveCount(0);
    const confirmButton = dialog.getByRole('button', { name: 'Confirm' });
    await expect(confirmButton).toBeDisabled();
    await dialog.getByLabel('Chatbot').selectOption({ label: 'Ava – Customer Support' });
    await shot(page, '4-bind-connected');
    await confirmButton.click();
    await expect(page.getByText('Instance created and configured')).toBeVisible();
    await expect(dialog).toBeHidden();
    const added = item(page, name);
    await expect(added.getByText('Online', { exact: true })).toBeVisible();
    await expect(added).toContainText('Chatbot:Ava – Customer Support');

    // Rename it in Settings.
    await added.getByRole('button', { name: `Settings for ${name}` }).click();
    const settings = page.getByRole('dialog', { name: 'Instance settings' });
    await settings.getByLabel('Instance name').fill('Front desk');
    await settings.getByLabel('Chatbot').selectOption({ label: 'Leo – Sales Assistant' });
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Instance settings saved')).toBeVisible();
    const renamed = item(page, 'Front desk');
    await expect(renamed).toContainText('Chatbot:Leo – Sales Assistant');
    await expect(renamed.getByText('Online', { exact: true })).toBeVisible();
    await shot(page, '4-bind-list');

    // The dashboard counts it.
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(
      page.locator('section').filter({ has: page.getByRole('heading', { name: 'Active bound instances' }) }),
    ).toContainText('1');
    expect(unexpected(errors)).toEqual([]);
  });

  test('closing the dialog stops every check; with no chatbot the selector links to Bot settings', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.clock.install();
    await asAccount(page, 'admin');
    await page.goto('/bind-whatsapp');
    await demoReady(page);
    await expect(page.getByText('No WhatsApp numbers yet')).toBeVisible();
    await page.getByRole('button', { name: 'Add new instance' }).first().click();
    const dialog = connectDialog(page);
    await expect(dialog.getByRole('img', { name: 'QR code to scan with WhatsApp' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Create a chatbot in Bot settings' })).toHaveAttribute(
      'href',
      '/bot-settings',
    );
    await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();

    const checks: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/v1\/whatsapp\/inst-[^/]+$/.test(new URL(r.url()).pathname)) checks.push(r.url());
    });
    await page.clock.fastForward(5_000);
    await expect.poll(() => checks.length).toBe(1);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.clock.fastForward(60_000);
    await page.waitForTimeout(300);
    expect(checks).toHaveLength(1);

    // Reopen: a fresh dialog (nothing left of the last one) for a new instance.
    await expect(item(page, 'Instance 1')).toContainText('Offline');
    await item(page, 'Instance 1').getByRole('button', { name: 'Continue setup of Instance 1' }).click();
    await expect(dialog.getByRole('status')).toContainText('Waiting for connection');
    await expect(dialog.getByLabel('Instance name')).toHaveValue('Instance 1');
    await dialog.getByRole('link', { name: 'Create a chatbot in Bot settings' }).click();
    await page.waitForURL('/bot-settings');
    await expect(dialog).toBeHidden();
    expect(unexpected(errors)).toEqual([]);
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`no axe violations (${colorScheme}): list, connection dialog, settings, confirmation, 768 px`, async ({
      page,
    }) => {
      await page.emulateMedia({ colorScheme });
      await asAccount(page, 'owner');
      await page.goto('/bind-whatsapp');
      await demoReady(page);
      await expect(item(page, 'Main support line').getByText('Online', { exact: true })).toBeVisible();
      await expect(item(page, 'Main support line')).toContainText('Chatbot:Ava');
      await expectNoAxeViolations(page);
      await shot(page, `4-bind-list-${colorScheme}`);

      await item(page, 'Instance 3').getByRole('button', { name: 'Continue setup of Instance 3' }).click();
      await expect(
        connectDialog(page).getByRole('img', { name: 'QR code to scan with WhatsApp' }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `4-bind-dialog-${colorScheme}`);
      await page.keyboard.press('Escape');
      await expect(connectDialog(page)).toBeHidden();

      await item(page, 'Sales WhatsApp').getByRole('button', { name: 'Settings for Sales WhatsApp' }).click();
      await expect(page.getByRole('dialog', { name: 'Instance settings' })).toBeVisible();
      await expectNoAxeViolations(page);
      await page.keyboard.press('Escape');

      await item(page, 'Sales WhatsApp').getByRole('button', { name: 'Delete Sales WhatsApp' }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expectNoAxeViolations(page);
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

      await page.setViewportSize({ width: 768, height: 1000 });
      await expect(page.getByRole('heading', { level: 1, name: 'Bind WhatsApp' })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
      await shot(page, `4-bind-list-768-${colorScheme}`);
      await item(page, 'Instance 3').getByRole('button', { name: 'Continue setup of Instance 3' }).click();
      await expect(
        connectDialog(page).getByRole('img', { name: 'QR code to scan with WhatsApp' }),
      ).toBeVisible();
      await expectNoAxeViolations(page);
      await shot(page, `4-bind-dialog-768-${colorScheme}`);
    });
  }

  test('with every call failing, the list shows its error, Add explains, and the page stays usable', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await asAccount(page, 'owner');
    await page.goto('/bind-whatsapp?scenario=server-error');
    await demoReady(page);
    const panel = page.getByRole('alert').filter({ hasText: 'The instances could not be loaded.' });
    await expect(panel).toContainText('Internal server error');
    await panel.getByRole('button', { name: 'Retry' }).click();
    await expect(panel).toContainText('Internal server error');
    await page.getByRole('button', { name: 'Add new instance' }).click();
    const dialog = connectDialog(page);
    await expect(
      dialog.getByRole('alert').filter({ hasText: 'The instance could not be created' }),
    ).toContainText('Internal server error');
    await expect(dialog.getByRole('button', { name: 'Try again' })).toBeEnabled();
    await expectNoAxeViolations(page);
    await shot(page, '4-bind-server-error');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    expect(unexpected(errors)).toEqual([]);
  });
});
