import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetAndSeed, server } from '../../../../../mocks/node';
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
  const qa = await screen.findByRole('region', { name: 'Questions and answers' });
  await within(qa).findByText(/of 50 questions/, {}, { timeout: 10_000 });
  const retrieval = await screen.findByRole('region', { name: 'Test what the bot finds' });
  const field = await within(retrieval).findByRole('searchbox', { name: 'A question a customer might ask' });
  return { user, qa, retrieval, field };
}

describe('the retrieval test in the Knowledge tab (beyond the spec)', () => {
  it('ranks a new Q&A entry above an unrelated file, each passage with its source and score', async () => {
    const { user, qa, retrieval, field } = await openKnowledge();
    await user.click(within(qa).getByRole('button', { name: 'Add a question' }));
    await user.type(
      within(qa).getByRole('textbox', { name: "The customer's question" }),
      'Do you gift wrap orders?',
    );
    await user.type(within(qa).getByRole('textbox', { name: 'The answer' }), 'Yes, for $3 an order.');
    await user.click(within(qa).getByRole('button', { name: 'Save the question' }));
    await within(qa).findByRole('list', { name: 'Questions and answers' });

    await user.type(field, 'Can you gift wrap my order and ship it?');
    await user.click(within(retrieval).getByRole('button', { name: 'Find passages' }));
    const list = await within(retrieval).findByRole('list', {
      name: 'Passages found for “Can you gift wrap my order and ship it?”',
    });
    const [first, ...rest] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Q&A');
    expect(first).toHaveTextContent('Do you gift wrap orders?');
    expect(first).toHaveTextContent('Yes, for $3 an order.');
    const file = rest.find((item) => item.textContent?.includes('shipping-faq.docx'));
    expect(file).toBeDefined();
    expect(file).toHaveTextContent('File');
    const score = (item: HTMLElement) =>
      Number(within(item).getByRole('meter').getAttribute('aria-valuenow'));
    expect(
      within(first as HTMLElement).getByRole('meter', { name: 'Match of “Do you gift wrap orders?”' }),
    ).toHaveAttribute('aria-valuetext', `${score(first as HTMLElement)}%`);
    expect(score(first as HTMLElement)).toBeGreaterThan(score(file as HTMLElement));
    expect(within(retrieval).getByRole('status')).toHaveTextContent(/passages found, best first/);
  });

  it('refuses an empty question with a message, and keeps the question through a failure with a retry', async () => {
    const { user, retrieval, field } = await openKnowledge();
    await user.click(within(retrieval).getByRole('button', { name: 'Find passages' }));
    expect(await within(retrieval).findByRole('alert')).toHaveTextContent('Write a question to test.');

    server.use(
      http.post('*/api/v1/chatbots/:id/retrieval-test', () =>
        HttpResponse.json({ statusCode: 500, message: 'The index is rebuilding' }, { status: 500 }),
      ),
    );
    await user.type(field, 'How do I get a refund?');
    await user.click(within(retrieval).getByRole('button', { name: 'Find passages' }));
    expect(await within(retrieval).findByText('The index is rebuilding')).toBeInTheDocument();
    expect(field).toHaveValue('How do I get a refund?');
    server.resetHandlers();
    await user.click(within(retrieval).getByRole('button', { name: 'Retry' }));
    const list = await within(retrieval).findByRole('list', {
      name: 'Passages found for “How do I get a refund?”',
    });
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('return-policy.pdf');
  });

  it('on a server without the call, says so once and quietly', async () => {
    server.use(
      http.post('*/api/v1/chatbots/:id/retrieval-test', () => new HttpResponse(null, { status: 404 })),
    );
    const { user, retrieval, field } = await openKnowledge();
    await user.type(field, 'Opening hours?');
    await user.click(within(retrieval).getByRole('button', { name: 'Find passages' }));
    expect(
      await within(retrieval).findByText(
        'This server does not offer the retrieval test: the bot still answers from its knowledge.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
