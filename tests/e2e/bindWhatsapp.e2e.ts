import { expect, type Locator, type Page } from '@playwright/test';
import {
  asAccount,
  collectErrors,
  expectNoAxeViolations,
  expectNoAxeViolationsInBothThemes,
  OWNER,
  pauseClock,
  resizeShell,
  shot,
  signIn,
  test,
} from './support';

const item = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });

const connectDialog = (page: Page) => page.getByRole('dialog', { name: 'Connect a WhatsApp number' });

/** Continue setup of the demo owner's unlinked number: the dialog shows its QR code. */
async function continueSetupShowsCode(page: Page) {
  await item(page, 'Main support line')
    .getByRole('button', { name: 'Continue setup of Main support line' })
    .click();
  await expect(connectDialog(page).getByRole('img', { name: 'QR code to scan with WhatsApp' })).toBeVisible();
}

/** What the QR code draws (its modules), to tell two codes apart by what the phone would see. */
const qrDrawing = (dialog: Locator) =>
  dialog.getByRole('img', { name: 'QR code to scan with WhatsApp' }).locator('path').last().getAttribute('d');

/** Expected failures of a scenario show up as console errors of the browser; anything else is a defect. */
const unexpected = (errors: string[]) => errors.filter((e) => !/Failed to load resource/.test(e));

/** Counts the dialog's checks of an instance (GET /whatsapp/<id>) as the page sends them. */
function countChecks(page: Page) {
  const checks: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/v1\/whatsapp\/inst-[^/]+$/.test(new URL(r.url()).pathname)) checks.push(r.url());
  });
  return checks;
}

test.describe('bind WhatsApp', () => {
  test('owner: adds a number, its code changes every 5 s, the phone scans it, a chatbot is linked; then the plan is full', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await signIn(page, OWNER);
    await page.waitForURL('/');
    await page.getByRole('link', { name: 'Bind WhatsApp', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Bind WhatsApp' })).toBeVisible();

    // Starter allows one number: the support line's phone was unlinked, so the slot is free.
    const main = item(page, 'Main support line');
    await expect(main.getByText('Offline', { exact: true })).toBeVisible();
    await expect(main.getByRole('button', { name: 'Continue setup of Main support line' })).toBeVisible();
    await pauseClock(page);
    const checks = countChecks(page);

    await page.getByRole('button', { name: 'Add new instance' }).click();
    const dialog = connectDialog(page);
    const code = dialog.getByTestId('qr-code');
    await expect(dialog.getByRole('img', { name: 'QR code to scan with WhatsApp' })).toBeVisible();
    await expect(dialog.getByRole('status')).toContainText('Waiting for connection');
    await expect(dialog.getByLabel('Instance name')).toHaveValue('Instance 2');
    await shot(page, '4-bind-qr');
    const codes = [await code.getAttribute('data-value')];
    const drawings = [await qrDrawing(dialog)];
    await page.clock.runFor(5_000);
    for (const check of [1, 2]) {
      await expect.poll(() => checks.length).toBe(check);
      await expect(code).not.toHaveAttribute('data-value', codes.at(-1) ?? '');
      codes.push(await code.getAttribute('data-value'));
      drawings.push(await qrDrawing(dialog));
      await page.clock.runFor(5_000);
    }
    expect(new Set(codes).size).toBe(3);
    expect(new Set(drawings).size).toBe(3);

    // The third check finds the simulated phone has scanned: the dialog switches to connected by itself.
    await expect(dialog.getByRole('status')).toContainText('Connected');
    expect(checks).toHaveLength(3);
    await expect(
      dialog.getByText('Continue setup: name this number, choose its chatbot and confirm.'),
    ).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'QR code to scan with WhatsApp' })).toHaveCount(0);
    const confirmButton = dialog.getByRole('button', { name: 'Confirm' });
    await expect(confirmButton).toBeDisabled();
    await dialog.getByLabel('Chatbot').selectOption({ label: 'Leo – Sales Assistant' });
    await shot(page, '4-bind-connected');
    await confirmButton.click();
    await expect(page.getByText('Instance created and configured')).toBeVisible();
    await expect(dialog).toBeHidden();
    const added = item(page, 'Instance 2');
    await expect(added.getByText('Online', { exact: true })).toBeVisible();
    await expect(added).toContainText('Chatbot:Leo – Sales Assistant');
    // A minute on: connecting is over, so no check comes due.
    await page.clock.runFor(60_000);

    expect(checks).toHaveLength(3);

    // The plan's one number is in use: said up front, before any code, with the ways on; nothing to press
    // that the server would refuse.
    const notice = page.getByTestId('plan-limit');
    await expect(notice).toContainText(
      'Your Starter plan allows 1 connected number, and it is in use. To connect another, delete an instance or upgrade your plan.',
    );
    await expect(notice.getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute(
      'href',
      '/usage-billing',
    );
    await expect(page.getByRole('button', { name: 'Add new instance' })).toBeDisabled();
    await expect(main.getByRole('button', { name: 'Continue setup of Main support line' })).toBeDisabled();
    await shot(page, '4-bind-limit');

    // The dashboard counts the number and reports its binding.
    await page.clock.resume();
    await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
    await expect(
      page.locator('section').filter({ has: page.getByRole('heading', { name: 'Active bound instances' }) }),
    ).toContainText('1');
    const newest = page
      .getByRole('region', { name: 'Recent activity entries' })
      .getByRole('listitem')
      .first();
    await expect(newest).toContainText('New instance bound');
    await expect(newest).toContainText('Instance 2');
    // Nothing was refused: no 4xx for the browser to report.
    expect(errors).toEqual([]);
  });

  test('owner with the plan’s number connected (limits-reached): the limit is explained; rename; logging out frees the number', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await asAccount(page, 'owner');
    await page.goto('/bind-whatsapp?scenario=limits-reached');
    const main = item(page, 'Main support line');
    await expect(main.getByText('Online', { exact: true })).toBeVisible();
    const notice = page.getByTestId('plan-limit');
    await expect(notice).toContainText('Your Starter plan allows 1 connected number, and it is in use.');
    await expect(page.getByRole('button', { name: 'Add new instance' })).toBeDisabled();
    await expectNoAxeViolationsInBothThemes(page, '4-bind-plan-full');

    // Rename it and change its chatbot in Settings.
    await main.getByRole('button', { name: 'Settings for Main support line' }).click();
    const settings = page.getByRole('dialog', { name: 'Instance settings' });
    await settings.getByLabel('Instance name').fill('Front desk');
    await settings.getByLabel('Chatbot').selectOption({ label: 'Leo – Sales Assistant' });
    await settings.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Instance settings saved')).toBeVisible();
    const renamed = item(page, 'Front desk');
    await expect(renamed).toContainText('Chatbot:Leo – Sales Assistant');
    await expect(renamed.getByText('Online', { exact: true })).toBeVisible();
    await shot(page, '4-bind-list');

    // Logging it out (through the confirmation) frees the plan's number.
    await renamed.getByRole('button', { name: 'Delete Front desk' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this instance?' });
    await expect(confirm).toContainText('Front desk will be logged out of WhatsApp');
    // The least destructive action has the focus.
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Instance logged out')).toBeVisible();
    await expect(renamed).toHaveCount(0);
    await expect(notice).toHaveCount(0);
    await page.getByRole('button', { name: 'Add new instance' }).first().click();
    await expect(
      connectDialog(page).getByRole('img', { name: 'QR code to scan with WhatsApp' }),
    ).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('cancelling removes the number it created and stops every check; with no chatbot the selector links to Bot settings', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await asAccount(page, 'admin');
    await page.goto('/bind-whatsapp');
    await expect(page.getByText('No WhatsApp numbers yet')).toBeVisible();
    await pauseClock(page);
    await page.getByRole('button', { name: 'Add new instance' }).first().click();
    const dialog = connectDialog(page);
    await expect(dialog.getByRole('img', { name: 'QR code to scan with WhatsApp' })).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Create a chatbot in Bot settings' })).toHaveAttribute(
      'href',
      '/bot-settings',
    );
    await expect(dialog.getByRole('button', { name: 'Confirm' })).toBeDisabled();

    const checks = countChecks(page);
    const logouts: string[] = [];
    page.on('request', (r) => {
      if (/\/whatsapp\/inst-[^/]+\/logout$/.test(new URL(r.url()).pathname)) logouts.push(r.url());
    });
    await page.clock.runFor(5_000);
    await expect.poll(() => checks.length).toBe(1);
    await dialog.getByLabel('Instance name').fill('Front desk');
    // Cancelled before a phone linked it: the number is logged out (the spec's call), and the list is as before.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('No WhatsApp numbers yet')).toBeVisible();
    expect(logouts).toHaveLength(1);
    await page.clock.runFor(60_000);

    // Reopen: a fresh dialog (nothing left of the last one) for a new instance, with the freed name. Its first
    // check comes one interval after the code: none came while the dialog was closed.
    await page.getByRole('button', { name: 'Add new instance' }).first().click();
    await expect(dialog.getByRole('img', { name: 'QR code to scan with WhatsApp' })).toBeVisible();
    await expect(dialog.getByLabel('Instance name')).toHaveValue('Instance 1');
    expect(checks).toHaveLength(1);
    await expect(dialog.getByRole('status')).toContainText('Waiting for connection');
    await dialog.getByRole('link', { name: 'Create a chatbot in Bot settings' }).click();
    await page.waitForURL('/bot-settings');
    await expect(dialog).toBeHidden();
    expect(unexpected(errors)).toEqual([]);
  });

  test('no axe violations: list, connection dialog, settings, confirmation, 768 px', async ({ page }) => {
    await asAccount(page, 'owner');
    // The demo's data with a phone that never scans: the code stays on screen however long axe takes (axe
    // needs the page's timers, so they run).
    await page.goto('/bind-whatsapp?scenario=qr-never-scanned');
    await expect(item(page, 'Main support line').getByText('Offline', { exact: true })).toBeVisible();
    await expect(item(page, 'Main support line')).toContainText('Chatbot:Ava');
    await expectNoAxeViolationsInBothThemes(page, '4-bind-list');

    await continueSetupShowsCode(page);
    await expectNoAxeViolationsInBothThemes(page, '4-bind-dialog');
    await page.keyboard.press('Escape');
    await expect(connectDialog(page)).toBeHidden();

    await item(page, 'Main support line')
      .getByRole('button', { name: 'Settings for Main support line' })
      .click();
    await expect(page.getByRole('dialog', { name: 'Instance settings' })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page);
    await page.keyboard.press('Escape');

    await item(page, 'Main support line').getByRole('button', { name: 'Delete Main support line' }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();

    await resizeShell(page, 768, 1000);
    await expect(page.getByRole('heading', { level: 1, name: 'Bind WhatsApp' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await shot(page, '4-bind-list-768');
    await continueSetupShowsCode(page);
    await expectNoAxeViolationsInBothThemes(page, '4-bind-dialog-768');
  });

  test('with every call failing, the list shows its error, Add explains, and the page stays usable', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await asAccount(page, 'owner');
    await page.goto('/bind-whatsapp?scenario=server-error');
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
