import { expect, type Page } from '@playwright/test';
import { mockOptions } from '../../mocks/options';
import { QR_MAX_POLLS_WITHOUT_SCAN, QR_POLL_INTERVAL_MS } from '../../src/machines/constants';
import { card, open } from './qaTools';
import { afterRealWork, collectErrors, pauseClock, test } from './support';

/*
 * Every mock scenario once, on the screens where it matters, against the spec's error catalogue (section 8):
 * failures stay in their own panel with a retry, nothing is blank, and nothing is thrown uncaught.
 */

const FIGURES = ['Active bound instances', "Today's messages", 'Active bots', 'WhatsApp users'];

/**
 * The browser itself reports a failed load in the console when a scenario makes calls fail on purpose; those
 * lines (and only those) are expected. Anything else, an uncaught error above all, is a defect.
 */
const failedLoads = {
  'server-error': /^Failed to load resource: the server responded with a status of 500 /,
  offline: /^Failed to load resource: net::ERR_FAILED$/,
  'session-expiring': /^Failed to load resource: the server responded with a status of 401 /,
  'payment-failing': /^Failed to load resource: the server responded with a status of 500 /,
} as const;
const unexpected = (errors: string[], scenario?: keyof typeof failedLoads) =>
  errors.filter((e) => !(scenario && failedLoads[scenario].test(e)));

const badge = (page: Page) => page.getByTestId('scenario-badge');

test.describe('mock scenarios', () => {
  test('happy: the seeded figures, and no scenario badge', async ({ page }) => {
    const errors = collectErrors(page);
    await open(page, '/?scenario=happy', 'owner');
    await expect(card(page, 'Active bots')).toContainText('3');
    await expect(card(page, 'Active bound instances')).toContainText('0');
    await expect(
      page.getByRole('region', { name: 'Recent activity entries' }).getByRole('listitem'),
    ).not.toHaveCount(0);
    await expect(badge(page)).toHaveCount(0);
    expect(unexpected(errors)).toEqual([]);
  });

  test('empty: every screen shows its empty state', async ({ page }) => {
    const errors = collectErrors(page);
    await open(page, '/?scenario=empty', 'owner');
    await expect(badge(page)).toHaveText('Scenario: empty');
    await expect(card(page, 'Active bots')).toContainText('0');
    await page.getByRole('link', { name: 'Bind WhatsApp', exact: true }).click();
    await expect(page.getByText('No WhatsApp numbers yet')).toBeVisible();
    await page.getByRole('link', { name: 'Bot settings', exact: true }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'New chatbot' })).toBeVisible();
    await page.getByRole('link', { name: 'Chat history', exact: true }).click();
    const list = page.getByRole('region', { name: 'Conversations' });
    // The count (while loading, "Searching…" and "Loading conversations…" are statuses too).
    await expect(list.getByRole('status').filter({ hasText: /conversations?$/ })).toHaveText(
      '0 conversations',
    );
    await expect(list).toContainText('No chat history');
    expect(unexpected(errors)).toEqual([]);
  });

  test('slow: panels show they are loading, then their figures (every call takes 3 s)', async ({ page }) => {
    const errors = collectErrors(page);
    // The mock holds each call with a timer of the page, so the test can move past the wait.
    await open(page, '/?scenario=slow', 'owner');
    await expect(badge(page)).toHaveText('Scenario: slow');
    const bots = card(page, 'Active bots');
    await expect(bots).toHaveAttribute('aria-busy', 'true');
    // A call not held yet when the clock jumps is answered as the clock runs on: later, never wrong.
    await page.clock.fastForward(mockOptions.slowDelayMs);
    await expect(bots).toContainText('3');
    await expect(bots).toHaveAttribute('aria-busy', 'false');
    expect(unexpected(errors)).toEqual([]);
  });

  test('server-error: each dashboard panel fails on its own, with a retry', async ({ page }) => {
    const errors = collectErrors(page);
    await open(page, '/?scenario=server-error', 'owner');
    await expect(badge(page)).toHaveText('Scenario: server-error');
    for (const title of [...FIGURES, 'Recent activity']) {
      const panel = card(page, title);
      await expect(panel.getByRole('alert')).toContainText('Internal server error');
      await expect(panel.getByRole('button', { name: 'Retry' })).toBeEnabled();
    }
    await expect(page.getByRole('region', { name: 'Quick actions' }).getByRole('link')).toHaveCount(3);
    expect(unexpected(errors, 'server-error')).toEqual([]);
  });

  test('offline: network errors in each panel, nothing blank', async ({ page }) => {
    const errors = collectErrors(page);
    await open(page, '/?scenario=offline', 'owner');
    await expect(badge(page)).toHaveText('Scenario: offline');
    for (const title of [...FIGURES, 'Recent activity']) {
      await expect(card(page, title).getByRole('alert')).toContainText(
        'Network error: the server could not be reached',
      );
    }
    await page.getByRole('link', { name: 'Chat history', exact: true }).click();
    const list = page.getByRole('region', { name: 'Conversations' });
    await expect(list.getByRole('alert')).toContainText('Network error: the server could not be reached');
    await expect(list.getByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(unexpected(errors, 'offline')).toEqual([]);
  });

  test('session-expiring: after a few calls, back to sign-in with the way back', async ({ page }) => {
    const errors = collectErrors(page);
    await open(page, '/?scenario=session-expiring', 'owner');
    await expect(card(page, 'Active bots')).toContainText('3');
    // The dashboard used up the token's calls; the next screen's first call is refused.
    await page.getByRole('link', { name: 'Chat history', exact: true }).click();
    await page.waitForURL('/login?redirect=%2Fchat-history');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('influx-user-info'))).toBeNull();
    expect(unexpected(errors, 'session-expiring')).toEqual([]);
  });

  test('malformed: each panel names the answer it could not read, never a white screen', async ({ page }) => {
    const errors = collectErrors(page);
    await open(page, '/?scenario=malformed', 'owner');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(card(page, 'Active bots').getByRole('alert')).toContainText(
      'Unexpected response from GET /chatbots/count/active: count',
    );
    await expect(card(page, "Today's messages").getByRole('alert')).toContainText(
      'Unexpected response from GET /chat-message/compare/yesterday: countsOfToday',
    );
    await page.getByRole('link', { name: 'Bot settings', exact: true }).click();
    await expect(page.getByRole('main').getByRole('alert')).toContainText(
      'Unexpected response from GET /chatbots',
    );
    await expect(page.getByRole('main').getByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(unexpected(errors)).toEqual([]);
  });

  test('qr-never-scanned: the code expires, and a new one can be fetched', async ({ page }) => {
    const errors = collectErrors(page);
    await open(page, '/bind-whatsapp?scenario=qr-never-scanned', 'owner');
    await page.getByRole('button', { name: 'Continue setup of Main support line' }).click();
    const connect = page.getByRole('dialog', { name: 'Connect a WhatsApp number' });
    await expect(connect.getByRole('status')).toContainText('Waiting for connection');
    // From here the page's time moves only when the test moves it.
    await pauseClock(page);
    // Two minutes of checks every 5 s, and no phone ever scans. The dialog checks once on opening; between
    // checks it offers Refresh code, its next check's timer set.
    const refresh = connect.getByRole('button', { name: 'Refresh code' });
    for (let check = 2; check <= QR_MAX_POLLS_WITHOUT_SCAN; check++) {
      await expect(refresh).toBeEnabled();
      await page.clock.fastForward(QR_POLL_INTERVAL_MS);
    }
    await expect(connect.getByText('Code expired', { exact: true })).toBeVisible();
    await expect(connect.getByText('The code expired')).toBeVisible();
    await connect.getByRole('button', { name: 'Get a new code' }).click();
    await expect(connect.getByRole('status')).toContainText('Waiting for connection');
    await expect(connect.getByRole('img', { name: 'QR code to scan with WhatsApp' })).toBeVisible();
    expect(unexpected(errors)).toEqual([]);
  });

  test('limits-reached: the plan limit is explained on Bind WhatsApp, before any code, and on a new chatbot', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await open(page, '/bind-whatsapp?scenario=limits-reached', 'admin');
    const notice = page.getByTestId('plan-limit');
    await expect(notice).toContainText(
      'Your Pro plan allows 3 connected numbers, and all are in use. To connect another, delete an instance or upgrade your plan.',
    );
    await expect(notice.getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute(
      'href',
      '/usage-billing',
    );
    await expect(page.getByRole('button', { name: 'Add new instance' })).toBeDisabled();
    await page.getByRole('link', { name: 'Bot settings', exact: true }).click();
    await expect(page.getByText('You have 3 chatbots, the most an account can have.')).toBeVisible();
    await expect(
      page.getByLabel('Chatbot', { exact: true }).getByRole('option', { name: /New chatbot/ }),
    ).toHaveCount(0);
    expect(errors).toEqual([]);
  });

  test('payment-failing: the payment-failed toast, and the plan stays as it was', async ({ page }) => {
    const errors = collectErrors(page);
    await open(page, '/usage-billing?scenario=payment-failing', 'owner');
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    const cycle = page.getByRole('dialog', { name: 'Choose a billing cycle' });
    await cycle.getByRole('button', { name: /^Monthly/ }).click();
    const toast = page.getByRole('region', { name: 'Notifications' }).locator('[data-variant]');
    await expect(toast.filter({ hasText: 'Payment failed' })).toContainText(
      'Unable to start payment process, please try again later.',
    );
    await expect(page.getByRole('region', { name: 'Current subscription' })).toContainText('Starter');
    expect(unexpected(errors, 'payment-failing')).toEqual([]);
  });

  test('large-data: 10,000 conversations load, and a long one opens', { tag: '@scale' }, async ({ page }) => {
    const errors = collectErrors(page);
    await open(page, '/chat-history?scenario=large-data', 'owner');
    const list = page.getByRole('region', { name: 'Conversations' });
    await afterRealWork(list.getByRole('status').filter({ hasText: /^\d{1,2},\d{3} conversations$/ }));
    const options = list.getByRole('listbox', { name: 'Conversations' }).getByRole('option');
    // Virtualized: only what fits on screen is in the page.
    expect(await options.count()).toBeLessThan(100);
    await options.first().click();
    await expect(page.getByRole('region', { name: 'Messages' }).getByRole('listitem').first()).toBeVisible();
    expect(unexpected(errors)).toEqual([]);
  });
});
