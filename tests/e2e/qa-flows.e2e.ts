import { expect, type Locator, type Page } from '@playwright/test';
import { card, jump, open, openLink, openQa, qaPanel, stateLink } from './qaTools';
import { collectErrors, expectNoAxeViolationsInBothThemes, shot, test } from './support';

/*
 * Every flow the QA tools know: three jumps from the panel and one state link, each checked against the
 * screen. A jump restores a snapshot and the flow then runs for real, so the states chosen rest (or, when
 * busy, the check is what the real call brings).
 */

const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
const alertDialog = (page: Page, name: string) => page.getByRole('alertdialog', { name });
const qaState = (page: Page) => qaPanel(page).getByTestId('qa-state');

let errors: string[] = [];
test.beforeEach(({ page }) => {
  errors = collectErrors(page);
});
test.afterEach(() => {
  expect(errors).toEqual([]);
});

test.describe('QA jumps and state links, flow by flow', () => {
  test('login', async ({ page }) => {
    await open(page, '/login', null);
    await openQa(page);
    await jump(page, 'login', 'login.codeEntry');
    await expect(page.getByLabel('Verification code')).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveValue('owner@demo.test');
    await expect(page.getByRole('button', { name: 'Resend Code' })).toBeVisible();
    await jump(page, 'login', 'login.emailEntry');
    await expect(page.getByRole('button', { name: 'Send Code' })).toBeVisible();
    await expect(page.getByLabel('Verification code')).toHaveCount(0);
    await jump(page, 'login', 'login.done');
    await expect(page.getByText('Signed in. Taking you to your dashboard…')).toBeVisible();

    await openLink(page, await stateLink(page, 'login', 'login.codeEntry'));
    await expect(page.getByLabel('Verification code')).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Resend Code' })).toBeVisible();
  });

  test('session', async ({ page }) => {
    await open(page, '/', 'owner');
    await openQa(page);
    await jump(page, 'session', 'session.signedIn.ready');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(
      page.getByRole('complementary', { name: 'Sidebar' }).getByRole('button', { name: 'Logout' }),
    ).toBeVisible();
    // Busy: it asks the server who the user is, and is ready with the answer.
    await jump(page, 'session', 'session.signedIn.loadingUser');
    await expect(qaState(page)).toContainText('"signedIn": "ready"');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await jump(page, 'session', 'session.signedOut');
    await page.waitForURL('/login?redirect=%2F');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

    await open(page, '/chat-history', 'owner');
    await openQa(page);
    await openLink(page, await stateLink(page, 'session', 'session.signedOut'));
    await page.waitForURL(/\/login\?redirect=%2Fchat-history/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  });

  test('dashboard', async ({ page }) => {
    await open(page, '/', 'owner');
    await openQa(page);
    await jump(page, 'activeInstances', 'activeInstances.failed');
    const instances = card(page, 'Active bound instances');
    await expect(instances.getByRole('alert')).toContainText('Could not load this figure.');
    await expect(instances.getByRole('alert')).toContainText('Internal server error');
    await expect(instances.getByRole('button', { name: 'Retry' })).toBeEnabled();
    await shot(page, '8-qa-dashboard-failed');
    await jump(page, 'messages', 'messages.ready');
    await expect(card(page, "Today's messages")).toContainText('15+ 50% from yesterday');
    await jump(page, 'activity', 'activity.ready');
    const entries = page.getByRole('region', { name: 'Recent activity entries' }).getByRole('listitem');
    await expect(entries).toHaveCount(2);
    await expect(entries.last()).toContainText('New instance bound');
    await expect(entries.last()).toContainText('Main support line (+1 415 555 0123)');

    await openLink(page, await stateLink(page, 'activity', 'activity.failed'));
    const activity = page.getByRole('region', { name: 'Recent activity' });
    await expect(activity.getByRole('alert')).toContainText('Could not load the recent activity.');
    await expect(activity.getByRole('button', { name: 'Retry' })).toBeEnabled();
    // The other panels ran for real.
    await expect(card(page, 'Active bots')).toContainText('3');
  });

  test('instances', async ({ page }) => {
    await open(page, '/bind-whatsapp', 'owner');
    await openQa(page);
    await jump(page, 'instanceList', 'instanceList.failed');
    const failed = page.getByRole('alert').filter({ hasText: 'The instances could not be loaded.' });
    await expect(failed).toContainText('Internal server error');
    await expect(failed.getByRole('button', { name: 'Retry' })).toBeEnabled();
    await jump(page, 'instances', 'instances.confirmingDelete');
    const confirm = alertDialog(page, 'Delete this instance?');
    await expect(confirm).toContainText('Main support line will be logged out of WhatsApp');
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    // The panel stays usable over the page's dialog.
    await jump(page, 'chatbotOptions', 'chatbotOptions.failed');
    await expect(confirm).toHaveCount(0);
    await page.getByRole('button', { name: 'Settings for Main support line' }).click();
    await expect(dialog(page, 'Instance settings').getByRole('alert')).toContainText(
      'Your chatbots could not be loaded: Internal server error',
    );

    await openLink(page, await stateLink(page, 'instances', 'instances.editing'));
    const settings = dialog(page, 'Instance settings');
    await expect(settings.getByLabel('Instance name')).toHaveValue('Main support line');
    await expect(settings.getByLabel('Chatbot').locator('option:checked')).toHaveText(
      'Ava – Customer Support',
    );
    await expect(settings.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  test('instance connection', async ({ page }) => {
    await open(page, '/bind-whatsapp', 'owner');
    await openQa(page);
    await jump(page, 'instanceConnection', 'instanceConnection.open.link.expired');
    const connect = dialog(page, 'Connect a WhatsApp number');
    await expect(connect.getByRole('status')).toContainText('Code expired');
    await expect(connect.getByRole('button', { name: 'Get a new code' })).toBeEnabled();
    await shot(page, '8-qa-connection-expired');
    await jump(page, 'instanceConnection', 'instanceConnection.open.link.connected');
    await expect(connect.getByRole('status')).toContainText('Connected');
    await expect(connect.getByLabel('Instance name')).toHaveValue('Main support line');
    // The demo's line comes with its chatbot: only the confirmation is left.
    await expect(connect.getByLabel('Chatbot').locator('option:checked')).toHaveText(
      'Ava – Customer Support',
    );
    await expect(connect.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    await jump(page, 'instanceConnection', 'instanceConnection.open.link.createFailed');
    await expect(
      connect.getByRole('alert').filter({ hasText: 'The instance could not be created' }),
    ).toContainText('Internal server error');
    await expect(connect.getByRole('button', { name: 'Try again' })).toBeEnabled();

    await openLink(page, await stateLink(page, 'instanceConnection', 'instanceConnection.open.link.failed'));
    await expect(connect.getByRole('status')).toContainText('Connection check failed');
    await expect(connect.getByText('The connection could not be checked')).toBeVisible();
  });

  test('bot editor', async ({ page }) => {
    await open(page, '/bot-settings', 'owner');
    await openQa(page);
    await jump(page, 'botEditor', 'botEditor.loadFailed');
    const failed = page.getByRole('main').getByRole('alert');
    await expect(failed).toContainText('Load failed');
    await expect(failed).toContainText('Internal server error');
    await expect(failed.getByRole('button', { name: 'Retry' })).toBeEnabled();
    await jump(page, 'botEditor', 'botEditor.ready.mode.editing.idle');
    await expect(page.getByRole('heading', { level: 2, name: 'Ava – Customer Support' })).toBeVisible();
    await expect(page.getByLabel('Bot name')).toHaveValue('Ava – Customer Support');
    await expect(page.getByLabel('Model')).toHaveValue('gpt-4.1-mini');
    await jump(page, 'botEditor', 'botEditor.ready.confirm.template');
    const replace = alertDialog(page, 'Replace the prompt?');
    await expect(replace).toBeVisible();
    await replace.getByRole('button', { name: 'Cancel' }).click();
    await expect(replace).toHaveCount(0);

    await openLink(page, await stateLink(page, 'botEditor', 'botEditor.ready.mode.new.idle'));
    await expect(page.getByRole('heading', { level: 2, name: 'New chatbot' })).toBeVisible();
    await expect(page.getByLabel('Bot name')).toHaveValue('');
    await expect(page.getByLabel('Temperature')).toHaveValue('0.7');
  });

  test('test chat', async ({ page }) => {
    await open(page, '/bot-settings', 'owner');
    const testTab = page.getByRole('tab', { name: 'Test', exact: true });
    const chat = page.getByRole('tabpanel', { name: 'Test' });
    await openQa(page);
    await jump(page, 'testChat', 'testChat.failed');
    await testTab.click();
    await expect(chat.getByText('Do you ship abroad?')).toBeVisible();
    await expect(chat.getByRole('alert')).toContainText('Internal server error');
    await expect(chat.getByRole('button', { name: 'Retry' })).toBeEnabled();
    // Busy: the question goes to the demo's Ava for real, and her answer arrives.
    await jump(page, 'testChat', 'testChat.replying');
    await testTab.click();
    await expect(chat.getByText('Do you ship abroad?')).toBeVisible();
    await expect(qaState(page)).toHaveText('"idle"');
    await expect(chat.getByRole('log')).toContainText(/Brightside|ship/);
    await jump(page, 'testChat', 'testChat.idle');
    await testTab.click();
    await expect(chat.getByText('Do you ship abroad?')).toHaveCount(0);
    await expect(chat.getByRole('button', { name: 'Send' })).toBeDisabled();

    await openLink(page, await stateLink(page, 'testChat', 'testChat.failed'));
    await testTab.click();
    await expect(chat.getByRole('alert')).toContainText('Internal server error');
  });

  test('chat history', async ({ page }) => {
    await open(page, '/chat-history', 'owner');
    await openQa(page);
    await jump(page, 'chatHistory', 'chatHistory.list.failed');
    const list = page.getByRole('region', { name: 'Conversations' });
    await expect(list.getByRole('alert')).toContainText('Could not load the conversations');
    await expect(list.getByRole('alert')).toContainText('Internal server error');
    await expect(list.getByRole('button', { name: 'Retry' })).toBeEnabled();
    await jump(page, 'chatHistory', 'chatHistory.conversation.open.messages.ready');
    const conversation = page.getByRole('region', { name: '+852 6338 1492' });
    await expect(conversation.getByRole('heading', { level: 2 })).toHaveText('+852 6338 1492');
    await expect(conversation.getByRole('region', { name: 'Messages' })).toContainText(
      'Where is my order #51907?',
    );
    // The analysis is the open conversation's own flow: jumped, the conversation stays open.
    await jump(page, 'conversationAnalysis', 'conversationAnalysis.failed');
    await expect(conversation.getByRole('heading', { level: 2 })).toHaveText('+852 6338 1492');
    const tools = page.getByRole('region', { name: 'Analysis and export' });
    await expect(tools.getByRole('alert')).toContainText('Internal server error');
    await shot(page, '8-qa-chat-analysis-failed');

    await openLink(page, await stateLink(page, 'chatHistory', 'chatHistory.list.ready'));
    const options = page.getByRole('listbox', { name: 'Conversations' }).getByRole('option');
    await expect(options).toHaveCount(2);
    await expect(options.first()).toContainText('Where is my order #51907?');
    await expect(options.last()).toContainText('Starred');
    // The list is the demo's: opening a conversation loads its messages from the demo backend.
    await options.last().click();
    const abroad = page.getByRole('region', { name: '+86 150 2183 4467' });
    await expect(abroad).toContainText(/· \d{2,} messages/);
    await expect(abroad.getByRole('region', { name: 'Messages' })).toContainText('Customer:');
  });

  test('billing', async ({ page }) => {
    await open(page, '/usage-billing', 'owner');
    await openQa(page);
    await jump(page, 'plans', 'plans.failed');
    const plans = page.getByRole('region', { name: 'Plans' });
    await expect(plans.getByRole('alert')).toContainText('Load failed');
    await expect(plans.getByRole('button', { name: 'Retry' })).toBeEnabled();
    await jump(page, 'plans', 'plans.empty');
    await expect(plans.getByText('No membership plans available')).toBeVisible();
    await expect(plans.getByRole('button', { name: 'Talk to sales' })).toBeVisible();
    await jump(page, 'tokens', 'tokens.failed');
    const subscription = page.getByRole('region', { name: 'Current subscription' });
    await expect(subscription.getByRole('alert')).toHaveText('Token details could not be loaded.');
    await expect(subscription.getByRole('button', { name: 'Retry' })).toBeEnabled();

    await openLink(page, await stateLink(page, 'billing', 'billing.manage.available'));
    await expect(subscription.getByRole('button', { name: 'Manage subscription' })).toBeEnabled();
    await expect(subscription).toContainText('Starter');
  });

  test('usage', async ({ page }) => {
    await open(page, '/usage-billing', 'owner');
    const details = page.getByRole('region', { name: 'Usage details' });
    await openQa(page);
    await jump(page, 'usage', 'usage.failed');
    await expect(details.getByRole('alert')).toContainText('Usage could not be loaded');
    await expect(details.getByRole('button', { name: 'Retry' })).toBeEnabled();
    await jump(page, 'usage', 'usage.ready');
    const table = details.getByRole('region', { name: 'Token usage by conversation' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByRole('row').last()).toContainText('120');
    // Busy: the demo's own figures arrive.
    await jump(page, 'usage', 'usage.loading');
    await expect(qaState(page)).toHaveText('"ready"');
    await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(3);

    await openLink(page, await stateLink(page, 'usage', 'usage.failed'));
    await expect(details.getByRole('alert')).toContainText('Usage could not be loaded');
  });

  test('plan change', async ({ page }) => {
    await open(page, '/usage-billing', 'owner');
    await openQa(page);
    await jump(page, 'planChange', 'planChange.change.choosingCycle');
    const cycle = dialog(page, 'Choose a billing cycle');
    await expect(cycle).toContainText('You are subscribing to Pro.');
    await expect(cycle.getByRole('button', { name: /^Yearly/ })).toBeEnabled();
    await jump(page, 'planChange', 'planChange.change.failed');
    await expect(cycle).toContainText(
      'Payment failed. Unable to start payment process, please try again later.',
    );
    await shot(page, '8-qa-plan-change-failed');
    await jump(page, 'planChange', 'planChange.change.idle');
    await expect(cycle).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Upgrade to Pro' })).toBeEnabled();

    await openLink(page, await stateLink(page, 'planChange', 'planChange.change.choosingCycle'));
    await expect(cycle).toContainText('You are subscribing to Pro.');
    await cycle.getByRole('button', { name: 'Cancel' }).click();
    await expect(cycle).toHaveCount(0);
  });

  test('payment success', async ({ page }) => {
    await open(page, '/payment-success?sessionId=cs_demo_admin_pro', 'admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
    await openQa(page);
    await jump(page, 'paymentSuccess', 'paymentSuccess.failed');
    await expect(page.getByRole('heading', { level: 1, name: 'Load failed' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: 'Retry' })).toBeEnabled();
    await expect(page.getByRole('link', { name: 'Back to billing' })).toHaveAttribute(
      'href',
      '/usage-billing',
    );
    await jump(page, 'paymentSuccess', 'paymentSuccess.missing');
    await expect(page.getByRole('heading', { level: 1, name: 'Load failed' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await jump(page, 'paymentSuccess', 'paymentSuccess.ready');
    const details = page.getByRole('region', { name: 'Payment details' });
    // The demo admin's yearly Pro payment.
    await expect(details).toContainText('$2,990.00');
    await expect(page.getByRole('region', { name: 'Plan details' })).toContainText('Pro');

    await openLink(page, await stateLink(page, 'paymentSuccess', 'paymentSuccess.failed'));
    await expect(page.getByRole('heading', { level: 1, name: 'Load failed' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: 'Retry' })).toBeEnabled();
  });

  test('plan admin', async ({ page }) => {
    await open(page, '/membership-management', 'admin');
    await openQa(page);
    await jump(page, 'planAdmin', 'planAdmin.failed');
    await expect(page.getByRole('main').getByRole('alert')).toContainText('Load failed');
    await expect(page.getByRole('main').getByRole('button', { name: 'Retry' })).toBeEnabled();
    await jump(page, 'planAdmin', 'planAdmin.form.updating.filling');
    await expect(dialog(page, 'Edit plan').getByLabel('Name', { exact: true })).toHaveValue('Pro');
    await jump(page, 'planAdmin', 'planAdmin.confirmingDelete');
    await expect(alertDialog(page, 'Confirm delete')).toBeVisible();

    await openLink(page, await stateLink(page, 'planAdmin', 'planAdmin.form.creating.filling'));
    await expect(dialog(page, 'Create plan').getByLabel('Name', { exact: true })).toHaveValue('');
  });

  test('demo checkout', async ({ page }) => {
    await open(page, '/demo-checkout?session_id=cs_demo_model', null);
    await expect(
      page.getByRole('heading', { level: 1, name: 'This checkout is no longer available' }),
    ).toBeVisible();
    await openQa(page);
    await jump(page, 'demoCheckout', 'demoCheckout.open.ready');
    await expect(page.getByRole('heading', { level: 1, name: 'Subscribe to Pro' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay $299.00' })).toBeEnabled();
    await jump(page, 'demoCheckout', 'demoCheckout.alreadyPaid');
    await expect(
      page.getByRole('heading', { level: 1, name: 'This checkout is already paid' }),
    ).toBeVisible();
    await jump(page, 'demoCheckout', 'demoCheckout.unknown');
    await expect(page.getByRole('link', { name: 'Back to billing' })).toBeVisible();

    await openLink(page, await stateLink(page, 'demoCheckout', 'demoCheckout.open.failed'));
    await expect(page.getByRole('alert')).toHaveText('The payment did not go through. Try again.');
    await expect(page.getByRole('button', { name: 'Pay $299.00' })).toBeEnabled();
  });
});

/** Presses Tab until `target` has the focus (the panel's scrollable boxes take a stop each on the way). */
async function tabTo(page: Page, target: Locator, most = 12) {
  for (let i = 0; i < most; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test.describe('the QA panel itself', () => {
  test('keyboard: Alt+Shift+Q opens it, Tab goes through it, Enter jumps, Escape closes it', async ({
    page,
  }) => {
    await open(page, '/bind-whatsapp', 'owner');
    await expect(page.getByRole('heading', { level: 2, name: 'Main support line' })).toBeVisible();
    // The QA tools load after the page; the shortcut works once their button shows.
    await expect(page.getByRole('button', { name: 'QA', exact: true })).toBeVisible();
    await page.keyboard.press('Alt+Shift+KeyQ');
    const panel = qaPanel(page);
    await expect(panel.getByRole('heading', { name: 'QA tools' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(panel.getByLabel('Mock scenario')).toBeFocused();
    await page.keyboard.press('Tab');
    const flow = panel.getByLabel('Running flow');
    await expect(flow).toBeFocused();
    // A native select: selectOption stands in for its keyboard list.
    await flow.selectOption('instances');
    const state = panel.getByLabel('State', { exact: true });
    await tabTo(page, state);
    await state.selectOption('instances.confirmingDelete');
    await page.keyboard.press('Tab');
    await expect(panel.getByRole('button', { name: 'Jump', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Delete this instance?' });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    // Escape in the page's dialog closes the dialog, and leaves the panel open.
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(panel).toBeVisible();
    // The event buttons work from the keyboard too.
    const deleteEvent = panel.getByRole('button', { name: 'delete.requested' });
    await tabTo(page, deleteEvent, 40);
    await page.keyboard.press('Enter');
    await expect(confirm).toBeVisible();
    await page.keyboard.press('Escape');
    // Escape in the panel closes it and gives the focus back to the QA button.
    await panel.getByLabel('Running flow').focus();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    const launcher = page.getByRole('button', { name: 'QA', exact: true });
    await expect(launcher).toBeFocused();
    await expect(launcher).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('heading', { name: 'QA tools' })).toBeFocused();
    await page.keyboard.press('Alt+Shift+KeyQ');
    await expect(panel).toHaveCount(0);
  });

  test('no axe violations with the panel open, over a page and over its dialog', async ({ page }) => {
    await open(page, '/bind-whatsapp', 'owner');
    await expect(page.getByRole('heading', { level: 2, name: 'Main support line' })).toBeVisible();
    await openQa(page);
    await qaPanel(page).getByLabel('Running flow').selectOption('instances');
    await expect(qaPanel(page).getByRole('button', { name: 'settings.opened' })).toBeVisible();
    await expectNoAxeViolationsInBothThemes(page, '8-qa-panel');
    await jump(page, 'instances', 'instances.editing');
    await expect(page.getByRole('dialog', { name: 'Instance settings' })).toBeVisible();
    await expect(qaPanel(page).getByTestId('qa-timeline')).not.toBeEmpty();
    await expectNoAxeViolationsInBothThemes(page, '8-qa-panel-dialog');
    await page.setViewportSize({ width: 768, height: 1000 });
    await expect(qaPanel(page)).toBeVisible();
    await shot(page, '8-qa-panel-768');
  });
});
