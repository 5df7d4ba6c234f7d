import { expect, type Page } from '@playwright/test';
import {
  asOwner,
  collectErrors,
  expectNoAxeViolations,
  expectNoAxeViolationsInBothThemes,
  pageNow,
  shot,
  test,
} from './support';

async function openBilling(page: Page, query = '') {
  await asOwner(page);
  await page.goto(`/usage-billing${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Usage and billing' })).toBeVisible();
  await expect(page.getByTestId('current-plan')).toHaveText('Starter');
}

const planCard = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });

/** Upgrades the owner to Pro through the demo checkout and lands on payment success. */
async function upgradeToPro(page: Page, cycle: 'Monthly' | 'Yearly', amount: string) {
  await planCard(page, 'Pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose a billing cycle' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: new RegExp(`^${cycle}`) }).click();
  await page.waitForURL(/\/demo-checkout\?session_id=cs_demo_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Subscribe to Pro' })).toBeVisible();
  await expect(page.getByTestId('checkout-amount')).toHaveText(amount);
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await page.waitForURL(/\/payment-success\?sessionId=cs_demo_/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
  await expect(page.getByTestId('payment-amount')).toHaveText(amount);
  await expect(page.getByTestId('paid-plan')).toHaveText('Pro');
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
}

/** Every panel has answered and React has run the effects of what it drew: a focus move would have happened. */
async function settled(page: Page, details: RegExp) {
  await expect(page.getByRole('region', { name: 'Billing details' })).toContainText(details);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));
}

/** Nobody asked for a focus move: the page is at its top, and the focus is on no control of it. */
async function expectAtTop(page: Page, step: string) {
  const where = await page.evaluate(
    (step) => ({
      step,
      scrollY: window.scrollY,
      // The page itself, or where a route change puts it (its main region or heading): never a control.
      focus: ['BODY', 'MAIN', 'H1'].includes(document.activeElement?.tagName ?? 'BODY'),
    }),
    step,
  );
  expect(where).toEqual({ step, scrollY: 0, focus: true });
}

test.describe('usage and billing', () => {
  test('while the billing details are edited, the payment methods beside them stay at the top of their card', async ({
    page,
  }) => {
    await openBilling(page);
    const cards = page.getByRole('region', { name: 'Payment methods' });
    // The card's rows would share out the extra height: its list, below the title, is what would move.
    const firstCard = cards.getByRole('listitem').first();
    await expect(firstCard).toBeVisible();
    const offset = async () => {
      const [card, item] = [await cards.boundingBox(), await firstCard.boundingBox()];
      return Math.round((item?.y ?? 0) - (card?.y ?? 0));
    };
    const before = await offset();
    const cardHeight = (await cards.boundingBox())?.height ?? 0;
    await page.getByRole('button', { name: 'Edit billing details' }).click();
    await expect(page.getByLabel('Company name')).toBeFocused();
    // The row is taller now (the form), and the card with it; its content has not moved down.
    expect((await cards.boundingBox())?.height ?? 0).toBeGreaterThan(cardHeight);
    expect(await offset()).toBe(before);
  });

  test('opened by address, reloaded, back from checkout, and on a new account, the page stays at its top', async ({
    page,
  }) => {
    const saved = /Brightside Home Goods/;
    await openBilling(page);
    await settled(page, saved);
    await expectAtTop(page, 'opened');
    await page.reload();
    await settled(page, saved);
    await expectAtTop(page, 'reloaded');

    await planCard(page, 'Pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Monthly/ })
      .click();
    await page.waitForURL(/\/demo-checkout/);
    await page.getByRole('button', { name: 'Cancel and return to Influx' }).click();
    await page.waitForURL('/usage-billing');
    await settled(page, saved);
    await expectAtTop(page, 'back from checkout');

    await page.goto('/usage-billing?scenario=empty');
    await settled(page, /No billing details yet/);
    await expectAtTop(page, 'new account');
  });

  test('shows the subscription, usage and plans; the period changes the details', async ({ page }) => {
    const errors = collectErrors(page);
    const bodies: unknown[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/v1/whatsapp/usage-info')) bodies.push(r.postDataJSON());
    });
    await openBilling(page);
    await expect(page.getByRole('meter', { name: 'Instances in use' })).toBeVisible();
    const table = page.getByRole('region', { name: 'Token usage by conversation' });
    await expect(table.getByRole('rowheader', { name: 'Total' })).toBeVisible();
    await expect(table.getByRole('row').nth(1)).toContainText(/^\+\d+/);
    const box = await table.boundingBox();
    expect(box?.height).toBeCloseTo(256, 0);
    const totalAll = await table.getByRole('row').last().textContent();

    await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Today' });
    await expect(page.getByRole('region', { name: 'Usage details' })).toHaveAttribute('aria-busy', 'false');
    await page.getByLabel('Period', { exact: true }).selectOption({ label: 'Last 7 days' });
    await expect.poll(() => bodies).toEqual([{ timeRange: 8 }, { timeRange: 1 }, { timeRange: 2 }]);
    await expect(table.getByRole('row').last()).not.toHaveText(totalAll ?? '');
    expect(errors).toEqual([]);
  });

  test('long token tables render only the rows in view and scroll to the end', async ({ page }) => {
    await openBilling(page);
    const table = page.getByRole('region', { name: 'Token usage by conversation' });
    const count = Number(await table.getByRole('table').getAttribute('aria-rowcount'));
    expect(count).toBeGreaterThan(100);
    const rendered = await table.locator('tbody tr:not([aria-hidden])').count();
    expect(rendered).toBeLessThan(40);
    await table.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(table.locator(`tbody tr[aria-rowindex="${count - 1}"]`)).toBeVisible();
  });

  test('a lower plan cannot be chosen, and the current plan is highlighted', async ({ page }) => {
    await openBilling(page);
    const free = planCard(page, 'Free');
    await expect(free.getByRole('button', { name: 'Cannot downgrade' })).toBeDisabled();
    await expect(free).toContainText('Your current level is higher than this plan.');
    await expect(planCard(page, 'Starter').getByRole('button', { name: 'Current plan' })).toBeDisabled();
    await expect(planCard(page, 'Starter')).toContainText('Most popular');
    await expect(planCard(page, 'Enterprise').getByRole('button', { name: 'Talk to sales' })).toHaveAttribute(
      'aria-haspopup',
      'dialog',
    );
    await free.getByRole('button', { name: 'Cannot downgrade' }).click({ force: true });
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('upgrades monthly through the demo checkout and comes back to the new plan', async ({ page }) => {
    const errors = collectErrors(page);
    await openBilling(page);
    await upgradeToPro(page, 'Monthly', '$299.00');
    await page.getByRole('link', { name: 'Go to billing' }).click();
    await page.waitForURL('/usage-billing');
    await expect(page.getByTestId('current-plan')).toHaveText('Pro');
    await expect(planCard(page, 'Pro').getByRole('button', { name: 'Current plan' })).toBeDisabled();
    await expect(planCard(page, 'Starter').getByRole('button', { name: 'Cannot downgrade' })).toBeDisabled();
    const facts = page.getByRole('region', { name: 'Current subscription' });
    await expect(facts).toContainText('Renews on');
    // The paid session is remembered: the demo's customer portal opens, on the app's own origin.
    await page.getByRole('button', { name: 'Manage subscription' }).click();
    await page.waitForURL(/\/demo-checkout\?portal_session=cs_demo_/);
    await expect(page.getByRole('heading', { level: 1, name: 'Manage your subscription' })).toBeVisible();
    await expect(page.getByTestId('portal-plan')).toHaveText('Pro');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Cancel at period end' }).click();
    await expect(page.getByText('Your plan will end at the end of this period.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resume subscription' })).toBeEnabled();
    await page.getByRole('button', { name: 'Switch to yearly billing' }).click();
    await expect(page.getByText('The next period is billed at the new cycle.')).toBeVisible();
    await shot(page, '9-demo-portal');
    await page.getByRole('button', { name: 'Return to Influx' }).click();
    await page.waitForURL('/usage-billing');
    // Cancelled: the plan now ends on its date instead of renewing.
    await expect(facts).toContainText('Ends on');
    await expect(facts).not.toContainText('Renews on');
    expect(errors).toEqual([]);
  });

  test('upgrades yearly through the demo checkout and comes back to the new plan', async ({ page }) => {
    await openBilling(page);
    await planCard(page, 'Pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
    const yearly = page.getByRole('dialog').getByRole('button', { name: /^Yearly/ });
    await expect(yearly).toContainText('Save $598.00');
    await expect(yearly).toContainText('$249.20 per month');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await upgradeToPro(page, 'Yearly', '$2,990.00');
    await page.getByRole('link', { name: 'Go to billing' }).click();
    await expect(page.getByTestId('current-plan')).toHaveText('Pro');
    // A year from now.
    const endsOn = await page
      .locator('dt', { hasText: 'Renews on' })
      .locator('xpath=following-sibling::dd[1]')
      .textContent();
    expect(new Date(endsOn ?? '').getFullYear()).toBe(pageNow().getFullYear() + 1);
  });

  test('cancelling the checkout returns to billing with the plan unchanged', async ({ page }) => {
    await openBilling(page);
    await planCard(page, 'Pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Monthly/ })
      .click();
    await page.waitForURL(/\/demo-checkout/);
    await page.getByRole('button', { name: 'Cancel and return to Influx' }).click();
    await page.waitForURL('/usage-billing');
    await expect(page.getByTestId('current-plan')).toHaveText('Starter');
  });

  test('a failing payment provider shows the payment-failed toast and keeps the choice', async ({ page }) => {
    await openBilling(page, '?scenario=payment-failing');
    await planCard(page, 'Pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Monthly/ })
      .click();
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Payment failed');
    await expect(page.getByRole('dialog')).toContainText(
      'Payment failed. Unable to start payment process, please try again later.',
    );
    await expect(page).toHaveURL(/\/usage-billing/);
  });

  test('payment success without a session id shows the load-failed card', async ({ page }) => {
    await asOwner(page);
    await page.goto('/payment-success');
    await expect(page.getByRole('alert')).toContainText('Missing payment session ID.');
    await page.getByRole('link', { name: 'Back to billing' }).click();
    await page.waitForURL('/usage-billing');
  });

  test('billing, the cycle dialog, the checkout and payment success have no axe violations', async ({
    page,
  }) => {
    await openBilling(page);
    await expect(page.getByRole('region', { name: 'Token usage by conversation' })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, '7-billing');
    await planCard(page, 'Pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, '7-cycle-dialog');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Monthly/ })
      .click();
    await expect(page.getByRole('button', { name: 'Pay $299.00' })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, '7-demo-checkout');
    await page.getByRole('button', { name: 'Pay $299.00' }).click();
    await expect(page.getByTestId('paid-plan')).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, '7-payment-success');
  });

  test('works at 768 px', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 1000 });
    await openBilling(page);
    await expect(page.getByRole('region', { name: 'Token usage by conversation' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page);
    await shot(page, '7-billing-768');
    await planCard(page, 'Pro').getByRole('button', { name: 'Upgrade to Pro' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shot(page, '7-cycle-dialog-768');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^Monthly/ })
      .click();
    await expect(page.getByRole('button', { name: 'Pay $299.00' })).toBeVisible();
    await shot(page, '7-demo-checkout-768');
  });
});
