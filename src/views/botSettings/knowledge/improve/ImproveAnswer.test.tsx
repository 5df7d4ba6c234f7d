import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isoNow } from '../../../../../mocks/clock';
import { givenChatSession } from '../../../../../mocks/fixtures';
import { answeringBot } from '../../../../../mocks/handlers/handoff';
import { qaEntriesOf, qaReply } from '../../../../../mocks/handlers/knowledgeQa';
import { resetAndSeed, server } from '../../../../../mocks/node';
import { DEMO_OWNER } from '../../../../../mocks/seed';
import { withMockServer } from '../../../../../mocks/testing';
import { renderApp, warmUp } from '../../../../../tests/render';

withMockServer();

// jsdom lays nothing out: give scroll areas and rows a size so the virtual lists render their rows.
const sizes = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
});
afterAll(() => {
  if (sizes) Object.defineProperty(HTMLElement.prototype, 'clientHeight', sizes);
});
warmUp('/chat-history', { as: 'owner' });

const QUESTION = 'Do you deliver to Penang on Sundays?';
const WRONG = 'We do not deliver on weekends.';
const RIGHT = 'Yes: Sunday deliveries to Penang arrive before 6 pm.';

beforeEach(async () => {
  await resetAndSeed();
  await givenChatSession(DEMO_OWNER.id, {
    id: 'sess-wrong',
    fromNumber: '60123456789@c.us',
    createdAt: new Date(Date.parse(isoNow()) - 3 * 60_000).toISOString(),
    messages: [
      { content: QUESTION, sender: 'user' },
      { content: WRONG, sender: 'assistant' },
    ],
  });
});

async function openWrongAnswer() {
  const user = userEvent.setup();
  await renderApp('/chat-history/sess-wrong', { as: 'owner' });
  const messages = await screen.findByRole('region', { name: 'Messages' }, { timeout: 10_000 });
  await within(messages).findByText(WRONG);
  await user.click(within(messages).getByRole('button', { name: 'Improve this answer' }));
  const dialog = await screen.findByRole('dialog', { name: 'Improve this answer' }, { timeout: 10_000 });
  return { user, dialog };
}

describe('improving an answer from chat history (beyond the spec)', () => {
  it("saves the right answer as a Q&A entry of the conversation's bot, which its replies then use", async () => {
    const bot = answeringBot(DEMO_OWNER.id);
    if (!bot) throw new Error('the demo owner has a bot');
    const { user, dialog } = await openWrongAnswer();
    expect(within(dialog).getByText(WRONG)).toBeInTheDocument();
    // The conversation names its bot: nothing to pick.
    expect(within(dialog).queryByRole('combobox', { name: 'Chatbot' })).not.toBeInTheDocument();
    const question = within(dialog).getByRole('textbox', { name: "Customer's question" });
    expect(question).toHaveValue(QUESTION);
    await user.click(within(dialog).getByRole('button', { name: 'Save answer' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Write the answer.');
    await user.type(within(dialog).getByRole('textbox', { name: 'The right answer' }), RIGHT);
    await user.click(within(dialog).getByRole('button', { name: 'Save answer' }));
    expect(await within(dialog).findByText("Saved to the bot's knowledge.")).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: "Open the bot's knowledge" })).toHaveAttribute(
      'href',
      `/bot-settings/${bot.id}?tab=knowledge`,
    );
    expect(qaEntriesOf(bot.id).map(({ question: q, answer }) => [q, answer])).toEqual([[QUESTION, RIGHT]]);
    // The bot now answers the question, or a close one, from the entry and names it.
    expect(qaReply(bot.id, 'do you deliver to penang on sunday')).toContain(RIGHT);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps what was written when the bot has no room left', async () => {
    server.use(
      http.post('*/api/v1/chatbots/:id/qa', () =>
        HttpResponse.json(
          { success: false, message: 'A chatbot keeps at most 50 questions', code: 'QA_LIMIT_REACHED' },
          { status: 409 },
        ),
      ),
    );
    const { user, dialog } = await openWrongAnswer();
    await user.type(within(dialog).getByRole('textbox', { name: 'The right answer' }), RIGHT);
    await user.click(within(dialog).getByRole('button', { name: 'Save answer' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'The right answer' })).toHaveValue(RIGHT);
    expect(within(dialog).getByRole('textbox', { name: "Customer's question" })).toHaveValue(QUESTION);
  });

  it('says quietly that a server without the Q&A calls does not offer it', async () => {
    server.use(http.post('*/api/v1/chatbots/:id/qa', () => new HttpResponse(null, { status: 404 })));
    const { user, dialog } = await openWrongAnswer();
    await user.type(within(dialog).getByRole('textbox', { name: 'The right answer' }), RIGHT);
    await user.click(within(dialog).getByRole('button', { name: 'Save answer' }));
    expect(
      await within(dialog).findByText('Improving answers is not offered by this server.'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('asks which bot learns the answer when the conversation does not say', async () => {
    // A server that knows nothing of chatbotId: the conversation as the spec has it.
    server.use(
      http.post('*/api/v1/chat-session/search', () =>
        HttpResponse.json([
          {
            id: 'sess-wrong',
            fromNumber: '60123456789@c.us',
            createdAt: isoNow(),
            isStarred: false,
            messages: [{ id: 'm-first', content: QUESTION, sender: 'user', sentAt: isoNow() }],
            analysis: null,
          },
        ]),
      ),
    );
    const { user, dialog } = await openWrongAnswer();
    const picker = await within(dialog).findByRole('combobox', { name: 'Chatbot' }, { timeout: 10_000 });
    await user.selectOptions(picker, 'Choose a chatbot');
    await user.type(within(dialog).getByRole('textbox', { name: 'The right answer' }), RIGHT);
    await user.click(within(dialog).getByRole('button', { name: 'Save answer' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Choose the chatbot that should learn this answer.',
    );
    await user.selectOptions(picker, 'Ava – Customer Support');
    await user.click(within(dialog).getByRole('button', { name: 'Save answer' }));
    expect(await within(dialog).findByText("Saved to the bot's knowledge.")).toBeInTheDocument();
    expect(qaEntriesOf('bot-ava').map((e) => e.answer)).toEqual([RIGHT]);
  });
});
