import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { API } from '../../../mocks/handlers/common';
import {
  improvePrompt,
  OPTIMIZE_FAILURES,
  OPTIMIZE_STREAM_ERROR,
} from '../../../mocks/handlers/promptOptimization';
import { resetAndSeed, server, switchScenario } from '../../../mocks/node';
import { DEMO_BOTS } from '../../../mocks/seed';
import { withMockServer } from '../../../mocks/testing';
import { renderApp, warmUp } from '../../../tests/render';

withMockServer();
warmUp('/bot-settings?tab=prompt', { as: 'owner' });
beforeEach(async () => {
  await resetAndSeed();
});

const AVA = DEMO_BOTS.ava.prompt;
const promptBox = () => screen.getByLabelText('System prompt') as HTMLTextAreaElement;
const optimiseButton = () => screen.getByRole('button', { name: 'Optimise with AI' });
const result = () => screen.getByRole('region', { name: 'Improved prompt' });
/** The polite status the optimiser speaks through. */
const spoken = () => within(screen.getByRole('group', { name: 'AI optimisation' })).getByRole('status');

/**
 * Waits for the end of a stream from the mock: a hundred pieces, each rendered, is real work whose length is
 * the machine's, so only the test's own limit bounds it. (A text query: a role query over the whole screen
 * on each of the stream's updates would be most of that work.)
 */
const afterStream = (badge: 'Complete' | 'Failed') => screen.findByText(badge, {}, { timeout: 15_000 });

async function openPromptTab() {
  const user = userEvent.setup();
  await renderApp('/bot-settings', { as: 'owner' });
  await user.click(await screen.findByRole('tab', { name: 'Prompt' }));
  await waitFor(() => expect(promptBox()).toHaveValue(AVA));
  return user;
}

/**
 * A stream the test feeds by hand: the mock's first pieces, then nothing until the test says. `aborted` tells
 * whether the client hung up.
 */
function heldStream() {
  const held = { aborted: false, push: (_: string) => {}, end: () => {} };
  server.use(
    http.get(`${API}/chatbots/prompt-optimizations/:id/stream`, ({ request }) => {
      request.signal.addEventListener('abort', () => {
        held.aborted = true;
      });
      const encoder = new TextEncoder();
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          held.push = (text) =>
            controller.enqueue(encoder.encode(`data: ${JSON.stringify({ type: 'delta', text })}\n\n`));
          held.end = () => {
            controller.enqueue(encoder.encode('data: {"type":"done"}\n\n'));
            controller.close();
          };
        },
        cancel() {
          held.aborted = true;
        },
      });
      return new HttpResponse(stream, { headers: { 'Content-Type': 'text/event-stream' } });
    }),
  );
  return held;
}

describe('optimise with AI', () => {
  it('streams the improved prompt and applies it: the prompt is replaced, unsaved', async () => {
    const user = await openPromptTab();
    await user.click(optimiseButton());
    await afterStream('Complete');
    const done = screen.getByRole('button', { name: 'Apply' });
    expect(result()).toHaveTextContent(improvePrompt(AVA).replaceAll(/\s+/g, ' '), {
      normalizeWhitespace: true,
    });
    expect(result().textContent).toBe(improvePrompt(AVA));
    // The text is no live region; the status says once that it is ready.
    expect(result()).not.toHaveAttribute('aria-live');
    expect(spoken()).toHaveTextContent('The improved prompt is ready. Apply it or discard it.');
    expect(screen.getByText('Complete')).toBeInTheDocument();
    // The prompt is untouched until Apply.
    expect(promptBox()).toHaveValue(AVA);
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    await user.click(done);
    expect(promptBox()).toHaveValue(improvePrompt(AVA));
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Improved prompt' })).not.toBeInTheDocument();
    expect(spoken()).toHaveTextContent('Your prompt was replaced with the improved one.');
    // Focus does not fall to the page: it returns to the button that started it all.
    expect(optimiseButton()).toHaveFocus();
  }, 30_000);

  it('shows the text as it arrives; Stop keeps it visible but not applicable; Discard leaves the prompt', async () => {
    const held = heldStream();
    const user = await openPromptTab();
    await user.click(optimiseButton());
    expect(spoken()).toHaveTextContent('Optimising the prompt…');
    expect(await screen.findByText('Waiting for the AI…')).toBeInTheDocument();
    await waitFor(() => expect(result()).toHaveAttribute('aria-busy', 'true'));
    held.push('## Role\n');
    await waitFor(() => expect(result().textContent).toBe('## Role\n'));
    held.push('You are Ava');
    await waitFor(() => expect(result().textContent).toBe('## Role\nYou are Ava'));
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();

    const stop = screen.getByRole('button', { name: 'Stop' });
    stop.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(held.aborted).toBe(true));
    expect(result().textContent).toBe('## Role\nYou are Ava');
    expect(screen.getByText('Stopped')).toBeInTheDocument();
    expect(spoken()).toHaveTextContent('Optimisation stopped.');
    expect(result()).toHaveAccessibleDescription(
      'Stopped before the end. Incomplete text cannot be applied: optimise again, or discard it.',
    );
    expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
    // Stop is gone; the keyboard user lands on Discard, not on the page.
    const discard = screen.getByRole('button', { name: 'Discard' });
    expect(discard).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('region', { name: 'Improved prompt' })).not.toBeInTheDocument();
    expect(promptBox()).toHaveValue(AVA);
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    expect(spoken()).toHaveTextContent('The improved prompt was discarded.');
  });

  it('runs again after a stop, and a finished stream moves the focus from Stop to Apply', async () => {
    const held = heldStream();
    const user = await openPromptTab();
    await user.click(optimiseButton());
    held.push('First');
    await waitFor(() => expect(result().textContent).toBe('First'));
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    const again = heldStream();
    await user.click(optimiseButton());
    await waitFor(() => expect(screen.getByText('Waiting for the AI…')).toBeInTheDocument());
    again.push('Second, complete');
    await waitFor(() => expect(result().textContent).toBe('Second, complete'));
    screen.getByRole('button', { name: 'Stop' }).focus();
    again.end();
    const apply = await screen.findByRole('button', { name: 'Apply' });
    await waitFor(() => expect(apply).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(promptBox()).toHaveValue('Second, complete');
    expect(held.aborted).toBe(true);
  });

  it.each([
    [
      'an error line',
      OPTIMIZE_FAILURES.errorLine,
      `The optimisation failed before it was complete. Your prompt is unchanged.${OPTIMIZE_STREAM_ERROR}`,
    ],
    [
      'a non-OK status',
      OPTIMIZE_FAILURES.httpError,
      'The optimisation failed before it was complete. Your prompt is unchanged.Internal Server Error',
    ],
    [
      'a dropped connection',
      OPTIMIZE_FAILURES.dropped,
      'The connection was lost before the improved prompt was complete. Your prompt is unchanged.',
    ],
  ])(
    'says so on %s, and keeps the prompt',
    async (_, trigger, message) => {
      const user = await openPromptTab();
      await user.type(promptBox(), ` ${trigger}`);
      const edited = promptBox().value;
      await user.click(optimiseButton());
      await afterStream('Failed');
      expect(screen.getByRole('alert')).toHaveTextContent(message, { normalizeWhitespace: false });
      expect(promptBox()).toHaveValue(edited);
      expect(screen.queryByRole('button', { name: 'Apply' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Discard' }));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(promptBox()).toHaveValue(edited);
    },
    30_000,
  );

  it('says so when the optimisation cannot start', async () => {
    server.use(
      http.post(`${API}/chatbots/prompt-optimizations`, () =>
        HttpResponse.json({ statusCode: 503, message: 'The AI service is down' }, { status: 503 }),
      ),
    );
    const user = await openPromptTab();
    await user.click(optimiseButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The optimisation could not start. Your prompt is unchanged.The AI service is down',
    );
    expect(screen.queryByRole('region', { name: 'Improved prompt' })).not.toBeInTheDocument();
  });

  it('on a server without the optimisation call, says so quietly, once, and is not offered again', async () => {
    switchScenario('spec-only');
    const user = await openPromptTab();
    await user.click(optimiseButton());
    expect(
      await screen.findByText('This server does not offer AI optimisation. Your prompt is unchanged.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Optimise with AI' })).toBeNull();
    expect(promptBox()).toHaveValue(AVA);
  });

  it('is not offered for a blank prompt', async () => {
    const user = await openPromptTab();
    await user.clear(promptBox());
    expect(optimiseButton()).toBeDisabled();
    await user.type(promptBox(), 'Be kind.');
    expect(optimiseButton()).toBeEnabled();
  });

  it('stops streaming when the user leaves the screen', async () => {
    const held = heldStream();
    const user = await openPromptTab();
    await user.click(optimiseButton());
    held.push('Half');
    await waitFor(() => expect(result().textContent).toBe('Half'));
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Dashboard' }),
    );
    // The editor goes once the next screen's code has loaded (real work, bounded by the test's limit only).
    await waitFor(() => expect(held.aborted).toBe(true), { timeout: 15_000 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  }, 30_000);
});
