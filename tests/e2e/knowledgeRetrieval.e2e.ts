import { expect, type Page } from '@playwright/test';
import { asOwner, collectErrors, expectNoAxeViolationsInBothThemes, resizeShell, test } from './support';

/**
 * The retrieval test and the test chat's sources (issue 33), in English: a Q&A entry the owner adds is what
 * the bot finds first for a close question, above the file about something else, and what the test chat
 * answers with, naming it among the reply's sources.
 */
const QUESTION = 'Do you gift wrap orders?';
const ANSWER = 'Yes, for $3 an order.';

async function openKnowledge(page: Page) {
  await asOwner(page);
  await page.goto('/bot-settings');
  await expect(page.getByRole('heading', { level: 2, name: 'Ava – Customer Support' })).toBeVisible();
  await page.getByRole('tab', { name: 'Knowledge', exact: true }).click();
}

test.describe('bot settings: what the bot finds in its knowledge', () => {
  test('a new Q&A entry ranks first for a close question, above a file; the test chat names it as a source', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await openKnowledge(page);

    const qa = page.getByRole('region', { name: 'Questions and answers' });
    await expect(qa).toContainText('0 of 50 questions');
    await qa.getByRole('button', { name: 'Add a question' }).click();
    await qa.getByRole('textbox', { name: "The customer's question" }).fill(QUESTION);
    await qa.getByRole('textbox', { name: 'The answer' }).fill(ANSWER);
    await qa.getByRole('button', { name: 'Save the question' }).click();
    await expect(qa.getByRole('list', { name: 'Questions and answers' })).toContainText(QUESTION);

    const retrieval = page.getByRole('region', { name: 'Test what the bot finds' });
    const asked = 'Can you gift wrap my order and ship it?';
    await retrieval.getByRole('searchbox', { name: 'A question a customer might ask' }).fill(asked);
    await retrieval.getByRole('button', { name: 'Find passages' }).click();
    const passages = retrieval
      .getByRole('list', { name: `Passages found for “${asked}”` })
      .getByRole('listitem');
    await expect(passages.first()).toContainText(`Q&A${QUESTION}`);
    await expect(passages.first()).toContainText(ANSWER);
    const file = passages.filter({ hasText: 'shipping-faq.docx' }).first();
    await expect(file).toContainText('File');
    const score = async (item: typeof file) =>
      Number(await item.getByRole('meter').getAttribute('aria-valuenow'));
    expect(await score(passages.first())).toBeGreaterThan(await score(file));
    await expect(passages.first().getByRole('meter', { name: `Match of “${QUESTION}”` })).toHaveAttribute(
      'aria-valuetext',
      /^\d+%$/,
    );
    await expectNoAxeViolationsInBothThemes(page, 'knowledge-retrieval');
    // On a phone the passages stack under the question, their names and texts wrapped.
    await resizeShell(page, 375, 800);
    await expect(passages.first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolationsInBothThemes(page, 'knowledge-retrieval-375');
    await resizeShell(page, 1280, 900);

    await page.getByRole('tab', { name: 'Test', exact: true }).click();
    const log = page.getByRole('log', { name: 'Test conversation' });
    await page.getByLabel('Message', { exact: true }).fill('Can you gift wrap my order?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const sources = log.locator('summary', { hasText: /^Sources \(\d\)$/ });
    await expect(sources).toBeVisible();
    await expect(log).toContainText(ANSWER);
    await sources.click();
    const list = log.getByRole('list', { name: 'Sources of this reply' });
    await expect(list.getByRole('listitem').first()).toHaveText(
      new RegExp(`^Q&A: ${QUESTION.replace('?', '\\?')} · match \\d+%$`),
    );
    await expectNoAxeViolationsInBothThemes(page, 'test-chat-sources');
    expect(errors).toEqual([]);
  });
});
