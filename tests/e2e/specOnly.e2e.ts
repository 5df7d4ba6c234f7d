import { expect, type Page, test } from '@playwright/test';
import { DEMO_ADMIN, DEMO_OWNER } from '../../mocks/seed';
import { isSpecCall, notRoutedBody } from '../../mocks/specCalls';
import { PRODUCTION_URL } from './servers';
import { collectErrors } from './support';

// The production build, with the HTTP mock API behind /api/.
test.use({ baseURL: PRODUCTION_URL });

/*
 * The production build against a server that has only the spec's calls (section 7), as the provider's may:
 * every extension of ours is answered 404, as an unrouted path is. Each screen works as it would without the
 * extension and says so quietly where it shows: no error text, no Retry, nothing left busy, no uncaught error.
 */

const NOT_FOUND_LINE = /^Failed to load resource: the server responded with a status of 404 /;

/** The extensions asked for: each one a 404 the browser logs as a failed resource, and nothing else. */
async function specOnly(page: Page, as: typeof DEMO_OWNER | typeof DEMO_ADMIN) {
  const refused: string[] = [];
  await page.route('**/api/v1/**', (route) => {
    const request = route.request();
    if (isSpecCall(request.method(), request.url())) return route.fallback();
    refused.push(`${request.method()} ${new URL(request.url()).pathname}`);
    return route.fulfill({ status: 404, json: notRoutedBody(request.method(), request.url()) });
  });
  await page.addInitScript((user) => {
    if (localStorage.getItem('influx-user-info')) return;
    const info = { accessToken: user.token, id: user.id, userId: user.id, email: user.email };
    localStorage.setItem('influx-user-info', JSON.stringify(info));
  }, as);
  const errors = collectErrors(page);
  return { refused, errors: () => errors.filter((e) => !NOT_FOUND_LINE.test(e)) };
}

/** The screen has settled: nothing busy or loading, and then no failure shown anywhere on it. */
async function expectCalm(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.getByText('Loading…')).toHaveCount(0);
  // Everything has answered: a failure would be on the page by now.
  expect(await page.getByRole('alert').allTextContents()).toEqual([]);
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
}

const open = async (page: Page, path: string, title: string) => {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
};
const notOffered = (page: Page, text: string) => page.locator('[data-not-offered]').filter({ hasText: text });

test.describe('a server with only the spec’s calls', () => {
  test('dashboard: the figures, and the trends card says once that the server has none', async ({ page }) => {
    const server = await specOnly(page, DEMO_OWNER);
    await open(page, '/', 'Dashboard');
    await expect(notOffered(page, 'This server does not offer trends.')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Period' })).toHaveCount(0);
    await expectCalm(page);
    expect(server.refused).toContain('GET /api/v1/dashboard/trends');
    expect(server.errors()).toEqual([]);
  });

  test('bind WhatsApp: the numbers, watched without a live stream', async ({ page }) => {
    const server = await specOnly(page, DEMO_OWNER);
    await open(page, '/bind-whatsapp', 'Bind WhatsApp');
    await expect(page.getByText('Main support line').first()).toBeVisible();
    await expectCalm(page);
    expect(server.errors()).toEqual([]);
  });

  test('bot settings: knowledge without a database, history without versions, no optimising, and the test chat answers', async ({
    page,
  }) => {
    const server = await specOnly(page, DEMO_OWNER);
    const tab = (name: string) => page.getByRole('tab', { name, exact: true });
    await open(page, '/bot-settings', 'Bot settings');
    await tab('Knowledge').click();
    await expect(notOffered(page, 'This server does not connect bots to databases.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Connect a database' })).toHaveCount(0);
    // The Knowledge tab's own sections (issue 33): each says once that it is not offered; the files work.
    for (const line of [
      'This server does not offer questions and answers: the bot learns from its files.',
      'This server does not gather the questions the bot could not answer.',
      'This server does not offer website sources: the bot learns from its files.',
    ])
      await expect(notOffered(page, line)).toHaveCount(1);
    await expect(tab('Knowledge')).toHaveText('Knowledge');
    await expect(page.getByRole('button', { name: 'Add a question' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add a website' })).toHaveCount(0);
    await page.getByLabel('A question a customer might ask').fill('Do you ship abroad?');
    await page.getByRole('button', { name: 'Find passages' }).click();
    await expect(
      notOffered(
        page,
        'This server does not offer the retrieval test: the bot still answers from its knowledge.',
      ),
    ).toHaveCount(1);
    await expectCalm(page);

    await tab('Prompt').click();
    await page.getByRole('button', { name: 'Optimise with AI' }).click();
    await expect(notOffered(page, 'This server does not offer AI optimisation.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Optimise with AI' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Prompt history' }).click();
    const history = page.getByRole('dialog', { name: 'Prompt history' });
    await expect(notOffered(page, 'This server does not keep older versions')).toBeVisible();
    await expect(history.getByRole('list', { name: 'Versions' }).getByRole('listitem')).toHaveCount(1);
    await expectCalm(page);
    await history.getByRole('button', { name: 'Close' }).first().click();

    await tab('Handoff').click();
    await expect(
      notOffered(page, 'This server does not offer handoff settings: the bot answers every conversation.'),
    ).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Save handoff settings' })).toHaveCount(0);
    await expectCalm(page);

    // The stream of the reply is ours: the spec's POST answers instead, at once.
    await tab('Test').click();
    const message = page.getByLabel('Message', { exact: true });
    await message.fill('Do you ship abroad?');
    await message.press('Enter');
    const log = page.getByRole('log', { name: 'Test conversation' });
    await expect(log).toContainText('Do you ship abroad?');
    await expect(log).toContainText('3-5 business days');
    await expectCalm(page);
    expect(server.refused).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^GET \/api\/v1\/chatbots\/[^/]+\/database$/),
        expect.stringMatching(/^GET \/api\/v1\/chatbots\/[^/]+\/prompt-versions$/),
        expect.stringMatching(/^GET \/api\/v1\/chatbots\/[^/]+\/handoff$/),
        expect.stringMatching(/^GET \/api\/v1\/chatbots\/[^/]+\/qa$/),
        expect.stringMatching(/^GET \/api\/v1\/chatbots\/[^/]+\/unanswered$/),
        expect.stringMatching(/^GET \/api\/v1\/chatbots\/[^/]+\/sources$/),
        expect.stringMatching(/^POST \/api\/v1\/chatbots\/[^/]+\/retrieval-test$/),
        'POST /api/v1/chatbots/prompt-optimizations',
        expect.stringMatching(/^GET \/api\/v1\/chatbots\/test\/[^/]+\/stream$/),
      ]),
    );
    expect(server.errors()).toEqual([]);
  });

  test('chat history: conversations and their messages, checked now and then instead of live; the inbox says once it is not offered', async ({
    page,
  }) => {
    const server = await specOnly(page, DEMO_OWNER);
    await open(page, '/chat-history', 'Chat history');
    const list = page.getByRole('listbox', { name: 'Conversations' });
    await list.getByRole('option').first().click();
    await expect(page.getByRole('region', { name: 'Messages' }).getByRole('listitem').first()).toBeVisible();
    await expect(page.getByText('Checking for new messages every 30 seconds.')).toBeVisible();
    await expect(page.getByText(/Live updates are interrupted/)).toHaveCount(0);
    // Who handles a conversation is beyond the spec: no take-over, no reply box, no count, no filter.
    await expect(
      notOffered(page, 'This server does not offer taking conversations over from the bot.'),
    ).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Take over' })).toHaveCount(0);
    await expect(page.getByRole('textbox', { name: 'Reply' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Show' }).locator('option')).toHaveCount(5);
    await expect(page.getByText(/waiting for a person/)).toHaveCount(0);
    await expect(page).toHaveTitle('Chat history · Influx');
    await expectCalm(page);
    // Improving an answer (issue 33): the server has no Q&A calls, which the dialog says once.
    const reply = page
      .getByRole('region', { name: 'Messages' })
      .getByRole('listitem')
      .filter({
        has: page.getByRole('button', { name: 'Improve this answer' }),
      });
    await reply.first().getByRole('button', { name: 'Improve this answer' }).click();
    const improve = page.getByRole('dialog', { name: 'Improve this answer' });
    await improve.getByRole('textbox', { name: 'The right answer' }).fill('Yes, to 40 countries.');
    await improve.getByRole('button', { name: 'Save answer' }).click();
    await expect(notOffered(page, 'Improving answers is not offered by this server.')).toHaveCount(1);
    await expectCalm(page);
    expect(server.refused).toEqual(
      expect.arrayContaining([
        'GET /api/v1/events/stream',
        'GET /api/v1/chat-session/waiting/count',
        expect.stringMatching(/^POST \/api\/v1\/chatbots\/[^/]+\/qa$/),
      ]),
    );
    expect(server.errors()).toEqual([]);
  });

  test('usage and billing: the plan and usage; cards, billing details and invoices each say once they are not offered', async ({
    page,
  }) => {
    const server = await specOnly(page, DEMO_OWNER);
    await open(page, '/usage-billing', 'Usage and billing');
    await expect(notOffered(page, 'This server does not keep cards on file.')).toBeVisible();
    await expect(notOffered(page, 'This server does not keep billing details.')).toBeVisible();
    await expect(notOffered(page, 'This server does not list invoices.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add card' })).toHaveCount(0);
    await expectCalm(page);

    // Talk to sales keeps what was typed, and says quietly that this server takes no such message.
    await page.getByRole('button', { name: 'Talk to sales' }).click();
    const dialog = page.getByRole('dialog', { name: 'Talk to sales' });
    await dialog.getByLabel('Your name').fill('Mei Lin');
    await dialog.getByLabel('Work e-mail').fill('mei@harbour.test');
    await dialog.getByLabel('Company').fill('Harbour Trading');
    await dialog.getByLabel('WhatsApp numbers needed').fill('12');
    await dialog.getByRole('button', { name: 'Send to sales' }).click();
    await expect(notOffered(page, 'This server does not take messages for sales.')).toBeVisible();
    await expect(dialog.getByLabel('Company')).toHaveValue('Harbour Trading');
    await expect(dialog.getByRole('button', { name: 'Send to sales' })).toBeDisabled();
    await expectCalm(page);
    expect(server.errors()).toEqual([]);
  });

  test('membership management: the plans, as the spec has them', async ({ page }) => {
    const server = await specOnly(page, DEMO_ADMIN);
    await open(page, '/membership-management', 'Membership management');
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    await expectCalm(page);
    expect(server.errors()).toEqual([]);
  });
});
