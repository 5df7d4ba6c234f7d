import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { qaEntriesOf } from '../../../../../mocks/handlers/knowledgeQa';
import { resetAndSeed, server } from '../../../../../mocks/node';
import { withMockServer } from '../../../../../mocks/testing';
import { unansweredOf } from '../../../../../mocks/unanswered';
import { renderApp, warmUp } from '../../../../../tests/render';

withMockServer();
warmUp('/bot-settings/bot-ava?tab=knowledge', { as: 'owner' });
beforeEach(async () => {
  await resetAndSeed();
});

async function openKnowledge() {
  const user = userEvent.setup();
  await renderApp('/bot-settings/bot-ava?tab=knowledge', { as: 'owner' });
  const section = await screen.findByRole('region', { name: 'Unanswered questions' });
  const list = await within(section).findByRole(
    'list',
    { name: 'Unanswered questions' },
    { timeout: 10_000 },
  );
  return { user, section, list, tab: screen.getByRole('tab', { name: 'Knowledge' }) };
}

describe('unanswered questions in the Knowledge tab (beyond the spec)', () => {
  it('answers one: it leaves the list, the badge drops and the Q&A list has the entry', async () => {
    const { user, section, list, tab } = await openKnowledge();
    expect(tab).toHaveAccessibleDescription('3 unanswered questions');
    const group = within(list).getByRole('listitem', { name: 'Do you sell gift cards?' });
    expect(within(group).getByText(/Asked 5 times/)).toBeInTheDocument();
    expect(within(group).getByRole('list', { name: 'Also asked as' })).toHaveTextContent(
      'Can I buy a gift card?',
    );

    await user.click(within(group).getByRole('button', { name: 'Answer it: Do you sell gift cards?' }));
    const form = within(group).getByRole('form', { name: 'Answer “Do you sell gift cards?”' });
    const question = within(form).getByRole('textbox', { name: "The customer's question" });
    expect(question).toHaveValue('Do you sell gift cards?');
    const answer = within(form).getByRole('textbox', { name: 'The answer' });
    expect(answer).toHaveFocus();
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText('Write the answer.')).toBeInTheDocument();
    await user.type(answer, 'Yes, from $10, in the shop and online.');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(section).findByText('2 questions to look at')).toBeInTheDocument();
    expect(within(list).queryByRole('listitem', { name: 'Do you sell gift cards?' })).toBeNull();
    expect(tab).toHaveAccessibleDescription('2 unanswered questions');
    expect(qaEntriesOf('bot-ava').map((e) => e.answer)).toEqual(['Yes, from $10, in the shop and online.']);
    const qa = screen.getByRole('region', { name: 'Questions and answers' });
    expect(await within(qa).findByText('Do you sell gift cards?')).toBeInTheDocument();
  });

  it('dismisses one without an entry, and says when nothing is left', async () => {
    const { user, section, list, tab } = await openKnowledge();
    for (const name of ['Do you sell gift cards?', '週末有營業嗎？', '你们有实体店吗？']) {
      const group = within(list).getByRole('listitem', { name });
      await user.click(within(group).getByRole('button', { name: `Dismiss: ${name}` }));
      await within(section).findByText(/to look at|Nothing unanswered/);
      expect(within(section).queryByRole('listitem', { name })).toBeNull();
    }
    expect(
      await within(section).findByText(
        'Nothing unanswered: the bot had an answer for every question lately.',
      ),
    ).toBeInTheDocument();
    expect(tab).not.toHaveAccessibleDescription();
    expect(unansweredOf('bot-ava')).toEqual([]);
    expect(qaEntriesOf('bot-ava')).toEqual([]);
  });

  it('counts a question the test chat could not answer once the user comes back from the Test tab', async () => {
    const { user, tab, list } = await openKnowledge();
    await user.click(screen.getByRole('tab', { name: 'Test' }));
    await user.type(screen.getByLabelText('Message', { exact: true }), 'Do you rent out kayaks?{Enter}');
    const log = screen.getByRole('log', { name: 'Test conversation' });
    // The bot's fallback: it has no answer (the server gathered the question before it replied).
    await within(log).findByText(/Sorry, I do not have information about that yet/);
    await user.click(tab);
    expect(
      await within(list).findByRole('listitem', { name: 'Do you rent out kayaks?' }),
    ).toBeInTheDocument();
    expect(tab).toHaveAccessibleDescription('4 unanswered questions');
  });

  it('on a server without the calls, shows no badge and says so once, quietly', async () => {
    server.use(http.get('*/api/v1/chatbots/:id/unanswered', () => new HttpResponse(null, { status: 404 })));
    await renderApp('/bot-settings/bot-ava?tab=knowledge', { as: 'owner' });
    expect(
      await screen.findByText('This server does not gather the questions the bot could not answer.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Knowledge' })).not.toHaveAccessibleDescription();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
