import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { givenQaEntry, QA_LIMIT, qaEntriesOf } from '../../../../../mocks/handlers/knowledgeQa';
import { resetAndSeed, server } from '../../../../../mocks/node';
import { DEMO_OWNER } from '../../../../../mocks/seed';
import { withMockServer } from '../../../../../mocks/testing';
import { renderApp, warmUp } from '../../../../../tests/render';

withMockServer();
warmUp('/bot-settings/bot-ava?tab=knowledge', { as: 'owner' });
beforeEach(async () => {
  await resetAndSeed();
});

async function openKnowledge() {
  const user = userEvent.setup();
  await renderApp('/bot-settings/bot-ava?tab=knowledge', { as: 'owner' });
  const section = await screen.findByRole('region', { name: 'Questions and answers' });
  await within(section).findByText(/of 50 questions/, {}, { timeout: 10_000 });
  return { user, section };
}

describe('questions and answers in the Knowledge tab (beyond the spec)', () => {
  it('adds one, lists it with the limit, changes it and deletes it', async () => {
    const { user, section } = await openKnowledge();
    expect(within(section).getByText(`0 of ${QA_LIMIT} questions`)).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Add a question' }));
    await user.type(
      within(section).getByRole('textbox', { name: "The customer's question" }),
      'Do you ship to Singapore?',
    );
    await user.type(within(section).getByRole('textbox', { name: 'The answer' }), 'Yes, in 3 to 5 days.');
    await user.click(within(section).getByRole('button', { name: 'Save the question' }));
    const list = await within(section).findByRole('list', { name: 'Questions and answers' });
    expect(within(list).getByText('Do you ship to Singapore?')).toBeInTheDocument();
    expect(within(section).getByText(`1 of ${QA_LIMIT} questions`)).toBeInTheDocument();
    expect(qaEntriesOf('bot-ava').map((e) => e.answer)).toEqual(['Yes, in 3 to 5 days.']);

    await user.click(within(list).getByRole('button', { name: 'Edit “Do you ship to Singapore?”' }));
    const answer = within(section).getByRole('textbox', { name: 'The answer' });
    await user.clear(answer);
    await user.type(answer, 'Yes, in 2 days.');
    await user.click(within(section).getByRole('button', { name: 'Save the question' }));
    expect(await within(list).findByText('Yes, in 2 days.')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Delete “Do you ship to Singapore?”' }));
    expect(await within(section).findByText(`0 of ${QA_LIMIT} questions`)).toBeInTheDocument();
  });

  it('at the limit, offers no more', async () => {
    for (let i = 0; i < QA_LIMIT; i++) {
      await givenQaEntry(DEMO_OWNER.id, 'bot-ava', { question: `Question ${i + 1}?`, answer: 'An answer.' });
    }
    const { section } = await openKnowledge();
    expect(within(section).getByText(`${QA_LIMIT} of ${QA_LIMIT} questions`)).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Add a question' })).toBeDisabled();
  });

  it("while searching, counts the matches, not the bot's questions", async () => {
    for (const question of ['Opening hours?', 'Do you ship abroad?', 'Opening hours on Sundays?'])
      await givenQaEntry(DEMO_OWNER.id, 'bot-ava', { question, answer: 'An answer.' });
    const { user, section } = await openKnowledge();
    expect(within(section).getByText(`3 of ${QA_LIMIT} questions`)).toBeInTheDocument();
    await user.type(
      within(section).getByRole('searchbox', { name: 'Search questions and answers' }),
      'opening',
    );
    expect(
      await within(section).findByText('2 questions match', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(within(section).queryByText(/of 50 questions/)).toBeNull();
  });

  it('on a server without the calls, says so once and quietly', async () => {
    server.use(http.get('*/api/v1/chatbots/:id/qa', () => new HttpResponse(null, { status: 404 })));
    await renderApp('/bot-settings/bot-ava?tab=knowledge', { as: 'owner' });
    expect(
      await screen.findByText(
        'This server does not offer questions and answers: the bot learns from its files.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
