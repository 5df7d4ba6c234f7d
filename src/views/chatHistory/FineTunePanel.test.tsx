import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { isoNow } from '../../../mocks/clock';
import { givenChatSession } from '../../../mocks/fixtures';
import { API } from '../../../mocks/handlers/common';
import { resetAndSeed, server } from '../../../mocks/node';
import { DEMO_OWNER } from '../../../mocks/seed';
import { withMockServer } from '../../../mocks/testing';
import { renderApp, warmUp } from '../../../tests/render';
import { MIN_EXAMPLES } from '../../machines/chatHistory/fineTune/dataset';

withMockServer();

// jsdom lays nothing out: give scroll areas and rows a size so the virtual lists render their rows.
const sizes = {
  clientHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight'),
  clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
};
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 400 });
});
afterAll(() => {
  if (sizes.clientHeight) Object.defineProperty(HTMLElement.prototype, 'clientHeight', sizes.clientHeight);
  if (sizes.clientWidth) Object.defineProperty(HTMLElement.prototype, 'clientWidth', sizes.clientWidth);
});
warmUp('/chat-history', { as: 'owner' });

const NUMBER = '85291234567@c.us';
/** Text a server could send: markup, quotes, a line separator, emoji, a newline. */
const HOSTILE = '<img src=x onerror="alert(1)"> "quoted" \u2028 next 😀\nline';

beforeEach(async () => {
  await resetAndSeed();
  await givenChatSession(DEMO_OWNER.id, {
    id: 'sess-test',
    fromNumber: NUMBER,
    createdAt: isoNow(),
    messages: [
      { content: 'Hello, is my parcel on its way?', sender: 'user' },
      { content: HOSTILE, sender: 'assistant' },
      { content: 'Thanks!', sender: 'user' },
    ],
  });
  // Today's list holds a whole dataset at any hour (just after midnight the demo's own "today" is nearly
  // empty): the minimum of answered conversations, written a moment ago.
  for (let i = 0; i < MIN_EXAMPLES; i++) {
    await givenChatSession(DEMO_OWNER.id, {
      id: `sess-today-${i}`,
      fromNumber: `4477009000${String(i).padStart(2, '0')}@c.us`,
      createdAt: isoNow(),
      messages: [
        { content: `Do you ship to postcode ${i}?`, sender: 'user' },
        { content: 'Yes, within two working days.', sender: 'assistant' },
      ],
    });
  }
});

/** Today's list (the demo's newest conversations, this one first), the test session open, on Fine-tune. */
async function openFineTune() {
  const u = userEvent.setup();
  await renderApp('/chat-history?filter=3', { as: 'owner' });
  const list = await screen.findByRole('listbox', { name: 'Conversations' });
  await u.click(await within(list).findByRole('option', { name: /\+852 9123 4567/ }));
  await u.click(screen.getByRole('tab', { name: 'Fine-tune' }));
  const panel = screen.getByRole('tabpanel', { name: 'Fine-tune' });
  await waitFor(() => expect(within(panel).getByRole('combobox', { name: 'Chatbot' })).not.toHaveValue(''));
  return { u, panel: within(panel) };
}

/** Captures what the download hands to the browser. */
function captureDownloads() {
  const files: Array<{ name: string; blob: Blob }> = [];
  let last: Blob | null = null;
  Object.assign(URL, {
    createObjectURL: (b: Blob) => {
      last = b;
      return 'blob:x';
    },
    revokeObjectURL: () => {},
  });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (last) files.push({ name: this.download, blob: last });
  });
  onTestFinished(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
  return files;
}

// Each test reads a day's conversations through the mock server: real work that a busy machine makes slow
// (the suite's test time limit, in vite.config.ts, is for a hang only).
describe('fine-tune tab', () => {
  it('previews the list as text and downloads JSONL whose lines read back', async () => {
    const files = captureDownloads();
    const { u, panel } = await openFineTune();
    expect(panel.getByRole('radio', { name: /^Current list \(\d+\)$/ })).toBeChecked();
    await u.click(panel.getByRole('button', { name: 'Preview dataset' }));
    const download = await panel.findByRole('button', { name: 'Download JSONL' }, { timeout: 10_000 });
    await waitFor(() => expect(download).toBeEnabled(), { timeout: 10_000 });
    // The server's text is shown as text: no element is made of it. (Which rows jsdom's zero-sized layout lets
    // the virtual list render is not this test's subject: the e2e test sees them in a browser.)
    const preview = panel.getByRole('region', { name: 'Dataset preview' });
    expect(document.querySelector('main img')).toBeNull();
    expect(preview.textContent).toContain('1 unanswered customer message at the end cut');

    await u.click(download);
    expect(await panel.findByText(/^Downloaded finetune-[a-z0-9-]+-\d{8}-\d{6}\.jsonl$/)).toBeVisible();
    expect(files).toHaveLength(1);
    const text = await files[0]?.blob.text();
    const lines = (text ?? '').split('\n').map((l) => JSON.parse(l));
    const ours = lines.find((l) => l.messages.some((m: { content: string }) => m.content === HOSTILE));
    expect(ours.messages.map((m: { role: string }) => m.role)).toEqual(['system', 'user', 'assistant']);
    expect(text).not.toContain('\u2028');
  });

  it('a conversation that fails to load blocks the file until it is retried', async () => {
    server.use(
      http.get(`${API}/chat-session/sess-test/messages`, () =>
        HttpResponse.json({ message: 'Internal server error' }, { status: 500 }),
      ),
    );
    const { u, panel } = await openFineTune();
    await u.click(panel.getByRole('button', { name: 'Preview dataset' }));
    const problems = await panel.findByTestId('fine-tune-problems', {}, { timeout: 10_000 });
    await waitFor(() => expect(problems).toHaveTextContent('1 conversation did not load'), {
      timeout: 10_000,
    });
    expect(panel.getByRole('button', { name: 'Download JSONL' })).toBeDisabled();

    server.resetHandlers();
    await u.click(panel.getByRole('button', { name: 'Retry the failed ones' }));
    await waitFor(() => expect(panel.getByRole('button', { name: 'Download JSONL' })).toBeEnabled(), {
      timeout: 10_000,
    });
    expect(panel.getByText(/^Valid OpenAI chat fine-tuning JSONL/)).toBeVisible();
  });
});
