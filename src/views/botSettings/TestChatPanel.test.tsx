import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API } from '../../../mocks/handlers/common';
import { givenQaEntry } from '../../../mocks/handlers/knowledgeQa';
import { resetTestChatMock, STREAM_BROKE_OFF, testChatMock } from '../../../mocks/handlers/testChat';
import { resetAndSeed, server } from '../../../mocks/node';
import { DEMO_OWNER } from '../../../mocks/seed';
import { withMockServer } from '../../../mocks/testing';
import { renderApp, warmUp } from '../../../tests/render';
import { TEST_MESSAGE_MAX_LENGTH } from '../../api/schemas/testChat';

withMockServer();
warmUp('/bot-settings', { as: 'owner' });
beforeEach(async () => {
  await resetAndSeed();
});
afterEach(resetTestChatMock);

const AVA = 'Ava – Customer Support';
const FIGURES = /^First token \d+\.\d s · \d+\.\d s in all · \d+ tokens$/;

async function openTestTab() {
  const user = userEvent.setup();
  await renderApp('/bot-settings', { as: 'owner' });
  expect(await screen.findByRole('heading', { level: 2, name: AVA })).toBeInTheDocument();
  await user.click(screen.getByRole('tab', { name: 'Test' }));
  const log = screen.getByRole('log', { name: 'Test conversation' });
  const message = screen.getByLabelText('Message');
  return { user, log, message };
}

describe('the test chat', () => {
  it('streams the reply in, shows its figures, and tells screen readers once it is complete', async () => {
    const { user, log, message } = await openTestTab();
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(message, 'Where is my order?{Shift>}{Enter}{/Shift}');
    expect(message).toHaveValue('Where is my order?\n');
    await user.keyboard('{Enter}');
    expect(message).toHaveValue('');
    expect(within(log).getByText('Where is my order?')).toBeInTheDocument();
    const figures = await within(log).findByText(FIGURES);
    const reply = figures.parentElement as HTMLElement;
    expect(reply).toHaveTextContent(/Hello! I am the customer service assistant of Brightside Home/);
    expect(reply).toHaveTextContent(/Let me check that for you/);
    expect(log).toHaveAttribute('aria-live', 'off');
    const announced = screen.getAllByRole('status').find((s) => s.textContent?.startsWith(`${AVA} replied:`));
    expect(announced?.textContent).toMatch(/Let me check that for you/);
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
  });

  it('Stop ends a reply under way and keeps what arrived, marked', async () => {
    // Slow enough that the reply is still arriving when Stop is pressed, however busy the machine.
    testChatMock.chunkMs = 100;
    const { user, log, message } = await openTestTab();
    await user.type(message, 'Do you ship abroad?{Enter}');
    await within(log).findByText(/Hello!/);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    const stopped = within(log).getByText('Stopped');
    const partial = stopped.parentElement?.textContent ?? '';
    expect(partial).toMatch(/^.+Hello!/);
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(message, 'Thanks');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    expect(stopped.parentElement?.textContent).toBe(partial);
    expect(within(log).queryByText(FIGURES)).not.toBeInTheDocument();
  });

  it('a stream that breaks off keeps the partial reply, says so, and Retry asks again', async () => {
    testChatMock.failAfterChunks = 4;
    const { user, log, message } = await openTestTab();
    await user.type(message, 'Do you ship abroad?{Enter}');
    const alert = await within(log).findByRole('alert');
    expect(alert).toHaveTextContent(`The bot could not answer. ${STREAM_BROKE_OFF}`);
    expect(within(log).getByText('Interrupted: only part of the reply arrived')).toBeInTheDocument();
    testChatMock.failAfterChunks = null;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(log).findByText(FIGURES)).toBeInTheDocument();
    expect(within(log).queryByText(/Interrupted/)).not.toBeInTheDocument();
    expect(within(log).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('on a server without the stream, the reply comes at once from the plain endpoint, tokens unknown', async () => {
    server.use(http.get(`${API}/chatbots/test/:id/stream`, () => new HttpResponse(null, { status: 404 })));
    const { user, log, message } = await openTestTab();
    await user.type(message, 'Do you ship abroad?{Enter}');
    expect(await within(log).findByText(/· tokens unknown$/)).toBeInTheDocument();
    expect(log).toHaveTextContent(/3-5 business days/);
  });

  it('a reply that used passages of the bot’s knowledge offers its sources, closed until asked for', async () => {
    await givenQaEntry(DEMO_OWNER.id, 'bot-ava', {
      question: 'Do you ship to Singapore?',
      answer: 'Yes, in 3 to 5 days.',
    });
    const { user, log, message } = await openTestTab();
    await user.type(message, 'Where is my order?{Enter}');
    await within(log).findByText(FIGURES);
    // The bot's knowledge has nothing about orders: the reply names no sources.
    expect(within(log).queryByText(/^Sources/)).not.toBeInTheDocument();

    await user.type(message, 'Can you ship to Singapore?{Enter}');
    // The entry it answered with, then the best of its files (the entry's words are about shipping).
    const summary = await within(log).findByText('Sources (3)');
    const details = summary.closest('details') as HTMLElement;
    expect(details).not.toHaveAttribute('open');
    await user.click(summary);
    expect(details).toHaveAttribute('open');
    const sources = within(details).getByRole('list', { name: 'Sources of this reply' });
    const items = within(sources).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(/^Q&A: Do you ship to Singapore\? · match \d+%$/);
    expect(items[1]).toHaveTextContent(/^File: shipping-faq\.docx · match \d+%$/);
  });

  it(`counts characters near the limit and will not send more than ${TEST_MESSAGE_MAX_LENGTH}`, async () => {
    const { user, message } = await openTestTab();
    await user.click(message);
    await user.paste('a'.repeat(TEST_MESSAGE_MAX_LENGTH - 1));
    expect(screen.getByText('999 of 1,000 characters')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
    await user.paste('bc');
    expect(
      screen.getByText('1,001 of at most 1,000 characters: shorten the message to send it'),
    ).toBeInTheDocument();
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(message).toHaveValue(`${'a'.repeat(999)}bc`));
  });
});
