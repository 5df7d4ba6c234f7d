import { expect, type Page } from '@playwright/test';
import { openQa, qaPanel } from './qaTools';
import {
  asOwner,
  collectErrors,
  expectNoAxeViolations,
  expectNoAxeViolationsInBothThemes,
  shot,
  test,
} from './support';

/** Payment methods (issue 18, point 3): the saved cards on Usage and billing, and adding one at the provider. */

async function openBilling(page: Page) {
  await asOwner(page);
  await page.goto('/usage-billing');
  const region = page.getByRole('region', { name: 'Payment methods' });
  await expect(region.getByTestId('payment-method').first()).toBeVisible();
  return region;
}

const FULL_NUMBER = '4242424242424242';
const TYPED_NUMBER = '4242 4242 4242 4242';
const WRONG_NUMBER = '4242 4242 4242 4241';
const CVC = '739';
/** Every way the full number (or the mistyped one) could be written out. */
const leaks = (text: string) =>
  [
    FULL_NUMBER,
    TYPED_NUMBER,
    WRONG_NUMBER,
    WRONG_NUMBER.replaceAll(' ', ''),
    `"${CVC}"`,
    `cvc":"${CVC}`,
  ].filter((s) => text.toLowerCase().includes(s.toLowerCase()));

test.describe('payment methods', () => {
  // Six axe runs and full-page screenshots in each test: real work, as long as the machine takes.
  test.slow();
  test('lists the cards, makes one the default, removes one after asking, and keeps the last', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const region = await openBilling(page);
    const rows = region.getByTestId('payment-method');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Visa');
    await expect(rows.nth(0)).toContainText('•••• 4242');
    await expect(rows.nth(0)).toContainText(/Expires 08\/\d{4}/);
    await expect(rows.nth(0)).toContainText('Default');
    await expect(rows.nth(1)).toContainText('Mastercard');
    await expect(rows.nth(1)).not.toContainText('Default');
    await region.scrollIntoViewIfNeeded();
    await expectNoAxeViolationsInBothThemes(page, '18-payment-methods');

    await region.getByRole('button', { name: 'Make default: Mastercard ending in 5100' }).click();
    await expect(rows.nth(1)).toContainText('Default');
    await expect(rows.nth(0)).not.toContainText('Default');

    await region.getByRole('button', { name: 'Remove: Visa ending in 4242' }).click();
    const question = page.getByRole('alertdialog', { name: 'Remove this card?' });
    await expect(question).toContainText('Visa ending in 4242 will no longer be charged');
    await expect(question.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await expectNoAxeViolationsInBothThemes(page, '18-payment-methods-remove-question');
    await question.getByRole('button', { name: 'Remove card' }).click();
    await expect(question).toBeHidden();
    await expect(rows).toHaveCount(1);

    // Starter is paid for: the last card stays, and the row says why.
    const removeLast = region.getByRole('button', { name: 'Remove: Mastercard ending in 5100' });
    await expect(removeLast).toBeDisabled();
    await expect(removeLast).toHaveAccessibleDescription(/one card must stay on file/);
    await expect(rows.nth(0)).toContainText('Add another card before you remove this one.');
    await expectNoAxeViolationsInBothThemes(page, '18-payment-methods-last-card');

    // The server refuses too, with its code, whatever the page allows.
    const refused = await page.evaluate(async () => {
      const token = JSON.parse(localStorage.getItem('influx-user-info') ?? '{}').accessToken;
      const list = await fetch('/api/v1/payments/methods', { headers: { Authorization: `Bearer ${token}` } });
      const [last] = await list.json();
      const answer = await fetch(`/api/v1/payments/methods/${last.id}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${token}` },
      });
      return { status: answer.status, body: await answer.json() };
    });
    expect(refused).toMatchObject({ status: 409, body: { code: 'LAST_PAYMENT_METHOD' } });
    expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
  });

  test('adds a card through the demo provider: each field checked, only brand, last four and expiry kept', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const bodies: string[] = [];
    page.on('request', (request) => bodies.push(`${request.url()} ${request.postData() ?? ''}`));
    const console: string[] = [];
    page.on('console', (m) => console.push(m.text()));
    const storage = () =>
      page.evaluate(() => {
        const dump = (s: Storage) => Object.keys(s).map((k) => `${k}=${s.getItem(k)}`);
        return [...dump(localStorage), ...dump(sessionStorage)].join('\n');
      });

    const region = await openBilling(page);
    await region.getByRole('button', { name: 'Add card' }).click();
    await page.waitForURL(/\/demo-checkout\?setup_session=seti_demo_/);
    await expect(page.getByRole('heading', { level: 1, name: 'Add a card' })).toBeVisible();

    const number = page.getByLabel('Card number');
    const expiry = page.getByLabel('Expiry (MM/YY)');
    const cvc = page.getByLabel('Security code (CVC)');
    const holder = page.getByLabel('Name on card');
    const save = page.getByRole('button', { name: 'Save card' });

    // A wrong number (Luhn), an expired card, a short CVC and no name: each said, the number focused.
    await number.fill(WRONG_NUMBER);
    await expiry.fill('01/20');
    await cvc.fill('12');
    await save.click();
    await expect(number).toBeFocused();
    await expect(number).toHaveAccessibleDescription('This card number is not valid. Check the digits.');
    await expect(expiry).toHaveAccessibleDescription('This card has expired.');
    await expect(cvc).toHaveAccessibleDescription('Enter the 3 or 4 digit security code.');
    await expect(holder).toHaveAccessibleDescription('Enter the name on the card.');
    await expect(holder).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolationsInBothThemes(page, '18-card-form-errors');

    // The number fixed: the focus goes to the next field to fix.
    await number.fill(TYPED_NUMBER);
    await save.click();
    await expect(expiry).toBeFocused();
    await expiry.fill('12/34');
    await cvc.fill(CVC);
    // A card the mock provider will fail to make the default (the holder name's marker).
    await holder.fill('Mei Chen #mock-http-500');
    expect(leaks(await storage())).toEqual([]);
    await save.click();

    // Back on billing: the new card is listed by brand, last four digits and expiry.
    await page.waitForURL('**/usage-billing');
    const rows = region.getByTestId('payment-method');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(2)).toContainText('Visa');
    await expect(rows.nth(2)).toContainText('•••• 4242');
    await expect(rows.nth(2)).toContainText('Expires 12/2034');

    // A failed change says why and keeps the list.
    await region.getByRole('button', { name: 'Make default: Visa ending in 4242' }).last().click();
    await expect(region.getByRole('alert')).toContainText(
      'The default card could not be changed: The payment provider is not available',
    );
    await expect(rows).toHaveCount(3);
    await expectNoAxeViolationsInBothThemes(page, '18-payment-methods-added-failed-change');

    // The full number and the CVC never left the card form: not in a request, storage, or the console.
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.filter((b) => leaks(b).length > 0)).toEqual([]);
    expect(leaks(await storage())).toEqual([]);
    expect(console.filter((m) => leaks(m).length > 0)).toEqual([]);
    expect(errors.filter((e) => !e.includes('500'))).toEqual([]);
  });

  test("the QA tools show the card form's number and CVC only as redacted", async ({ page }) => {
    const region = await openBilling(page);
    await region.getByRole('button', { name: 'Add card' }).click();
    await page.waitForURL(/\/demo-checkout\?setup_session=/);
    await page.getByLabel('Card number').fill(TYPED_NUMBER);
    await page.getByLabel('Security code (CVC)').fill(CVC);
    await page.getByLabel('Name on card').fill('Mei Chen');
    await openQa(page);
    const panel = qaPanel(page);
    await panel.getByLabel('Running flow').selectOption('cardSetup');
    await expect(panel.getByLabel('Context')).toContainText('[redacted]');
    await expect(panel.getByTestId('qa-timeline')).toContainText('field.changed');
    expect(leaks((await panel.textContent()) ?? '')).toEqual([]);
    expect(leaks(page.url())).toEqual([]);
  });

  test('at 375 px the cards and the card form fit the screen', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const region = await openBilling(page);
    await region.scrollIntoViewIfNeeded();
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await fits()).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
    await shot(region, '18-payment-methods-375');
    await region.getByRole('button', { name: 'Add card' }).click();
    await page.waitForURL(/\/demo-checkout\?setup_session=/);
    await page.getByRole('button', { name: 'Save card' }).click();
    await expect(page.getByLabel('Card number')).toBeFocused();
    expect(await fits()).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
    await shot(page, '18-card-form-375');
  });
});
