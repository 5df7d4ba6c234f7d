import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { isoNow } from '../../../mocks/clock';
import { givenChatSession } from '../../../mocks/fixtures';
import { givenLiveMessage, openLiveStreams } from '../../../mocks/handlers/live';
import { resetAndSeed, server } from '../../../mocks/node';
import { DEMO_OWNER } from '../../../mocks/seed';
import { call, only, recordRequests, reshaped, withMockServer } from '../../../mocks/testing';
import { renderApp, warmUp } from '../../../tests/render';
import { SPEC_ANALYSIS_FIELDS, SPEC_MESSAGE_FIELDS, SPEC_SESSION_FIELDS } from '../../../tests/specFields';

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
// A test leaves for the dashboard: its code is loaded and run once before, not within the test's wait.
warmUp('/', { as: 'owner' });

/** jsdom has no object URLs: a stand-in for one test. */
function stubObjectUrl(create: (blob: Blob) => string) {
  Object.assign(URL, { createObjectURL: create, revokeObjectURL: () => {} });
  onTestFinished(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
}

const NUMBER = '85291234567@c.us';
const HTML = '<img src=x onerror="alert(1)"> <b>bold?</b>';

beforeEach(async () => {
  await resetAndSeed();
  // The newest session, so it is first in the list: its three messages a minute apart, the last a minute ago.
  await givenChatSession(DEMO_OWNER.id, {
    id: 'sess-test',
    fromNumber: NUMBER,
    createdAt: new Date(Date.parse(isoNow()) - 3 * 60_000).toISOString(),
    messages: [
      { content: 'Hello, is my parcel on its way?', sender: 'user' },
      { content: HTML, sender: 'assistant' },
      { content: 'Thanks!', sender: 'user' },
    ],
  });
});

const user = () => userEvent.setup();
const list = () => screen.findByRole('listbox', { name: 'Conversations' });
const option = async (name: RegExp) => within(await list()).findByRole('option', { name });

async function openTestSession() {
  const u = user();
  await renderApp('/chat-history', { as: 'owner' });
  await u.click(await option(/\+852 9123 4567/));
  await screen.findByRole('heading', { level: 2, name: '+852 9123 4567' });
  return u;
}

describe('chat history screen', () => {
  it('lists sessions without newsletters or the placeholder, and prompts to select a chat', async () => {
    await renderApp('/chat-history', { as: 'owner' });
    expect(await screen.findByText('Select a chat')).toBeInTheDocument();
    const first = await option(/\+852 9123 4567/);
    // An inbox: the conversation's latest message is its preview.
    expect(first).toHaveTextContent('Thanks!');
    expect(first).not.toHaveTextContent('Hello, is my parcel on its way?');
    expect(first).toHaveAttribute('aria-posinset', '1');
    const setSize = Number(first.getAttribute('aria-setsize'));
    expect(setSize).toBe(301);
    const names = within(await list())
      .getAllByRole('option')
      .map((o) => o.textContent ?? '');
    expect(names.some((n) => n.includes('newsletter') || n.startsWith('+0') || n.startsWith('0'))).toBe(
      false,
    );
    expect(names.some((n) => n.includes('@c.us'))).toBe(false);
  });

  it('lists conversations by their latest message: one started days ago that the customer wrote in again comes first', async () => {
    const started = new Date(Date.parse(isoNow()) - 3 * 86_400_000).toISOString();
    const again = isoNow();
    await givenChatSession(DEMO_OWNER.id, {
      id: 'sess-returning',
      fromNumber: '447700900555@c.us',
      createdAt: started,
      messages: [
        { content: 'Do you sell gift cards?', sender: 'user', sentAt: started },
        { content: 'One more question about my gift card', sender: 'user', sentAt: again },
      ],
    });
    await renderApp('/chat-history', { as: 'owner' });
    const returning = await option(/\+44 7700 900555/);
    expect(returning).toHaveAttribute('aria-posinset', '1');
    expect(returning).toHaveTextContent('One more question about my gift card');
    expect(await option(/\+852 9123 4567/)).toHaveAttribute('aria-posinset', '2');
  });

  it('searches by number as you type, and filters starred', async () => {
    const u = user();
    await renderApp('/chat-history', { as: 'owner' });
    await list();
    await u.type(screen.getByLabelText('Phone number'), '8529 1234');
    await waitFor(() => expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(1));
    expect(location.search).toBe('?phone=8529+1234');
    await u.clear(screen.getByLabelText('Phone number'));
    await u.selectOptions(screen.getByLabelText('Show'), 'Starred');
    await waitFor(() => expect(location.search).toBe('?filter=2'));
    await waitFor(() => {
      const options = within(screen.getByRole('listbox')).getAllByRole('option');
      expect(options.length).toBeGreaterThan(0);
      for (const o of options) expect(o).toHaveTextContent('Starred');
    });
  });

  it('shows the conversation as text, never as HTML, bot and customer apart', async () => {
    await openTestSession();
    const messages = await screen.findByRole('region', { name: 'Messages' });
    const items = within(messages).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      expect.stringContaining('Customer: Hello, is my parcel on its way?'),
      expect.stringContaining(`Bot: ${HTML}`),
      expect.stringContaining('Customer: Thanks!'),
    ]);
    expect(messages.querySelector('img, b')).toBeNull();
    expect(screen.getByText(/3 messages/)).toBeInTheDocument();
  });

  it('stars at once, and undoes the star with an error toast when the call fails', async () => {
    const u = await openTestSession();
    const star = screen.getByRole('button', { name: 'Star' });
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await u.click(star);
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));
    // Pressed, it says what it is now.
    expect(star).toHaveAccessibleName('Starred');
    expect(await option(/\+852 9123 4567.*Starred/)).toBeInTheDocument();

    server.use(
      http.post('*/api/v1/chat-session/:id/star', () =>
        HttpResponse.json({ statusCode: 500, message: 'Star service down' }, { status: 500 }),
      ),
    );
    await u.click(star);
    expect(await screen.findByText('Could not update the star')).toBeInTheDocument();
    expect(screen.getByText('Star service down')).toBeInTheDocument();
    await waitFor(() => expect(star).toHaveAttribute('aria-pressed', 'true'));
  });

  it('works with sessions, messages and analyses that carry only the spec fields, and more', async () => {
    // Spec fields plus one the client does not know, at every level.
    const extra = { channel: 'whatsapp' };
    const message = (m: unknown) => ({ ...(only(SPEC_MESSAGE_FIELDS)(m) as object), ...extra });
    const analysis = (a: unknown) => ({ ...(only(SPEC_ANALYSIS_FIELDS)(a) as object), ...extra });
    const session = (s: unknown) => {
      const fields = only(SPEC_SESSION_FIELDS)(s) as { messages: unknown[]; analysis: unknown };
      const analyzed = fields.analysis === null ? null : analysis(fields.analysis);
      return { ...fields, messages: fields.messages.map(message), analysis: analyzed, ...extra };
    };
    server.use(
      reshaped('post', '/chat-session/search', (body) => (body as unknown[]).map(session)),
      reshaped('get', '/chat-session/:id/messages', (body) => (body as unknown[]).map(message)),
      reshaped('post', '/chat-session/:id/analyze', analysis),
      // The spec names nothing of the star answer.
      reshaped('post', '/chat-session/:id/star', () => ({})),
    );
    const u = user();
    await renderApp('/chat-history', { as: 'owner' });
    expect(await option(/\+852 9123 4567/)).toHaveTextContent('Hello, is my parcel on its way?');
    await u.click(await option(/\+852 9123 4567/));
    await screen.findByRole('heading', { level: 2, name: '+852 9123 4567' });
    const messages = await screen.findByRole('region', { name: 'Messages' });
    await waitFor(() =>
      expect(
        within(messages)
          .getAllByRole('listitem')
          .map((i) => i.textContent),
      ).toEqual([
        expect.stringContaining('Customer: Hello, is my parcel on its way?'),
        expect.stringContaining(`Bot: ${HTML}`),
        expect.stringContaining('Customer: Thanks!'),
      ]),
    );

    const star = screen.getByRole('button', { name: 'Star' });
    await u.click(star);
    // Saved (not only shown at once): the button is enabled again, and the star stands.
    await waitFor(() => expect(star).toHaveAttribute('aria-disabled', 'false'));
    expect(star).toHaveAttribute('aria-pressed', 'true');
    expect(await option(/\+852 9123 4567.*Starred/)).toBeInTheDocument();
    expect(screen.queryByText('Could not update the star')).toBeNull();

    await u.click(screen.getByRole('button', { name: 'Analyze' }));
    const meter = await screen.findByRole('meter', { name: 'Positive sentiment' });
    // The mock's analysis is a function of the messages: asking again gives the same figures.
    const { body: expected } = await call('POST', '/chat-session/sess-test/analyze', {
      token: DEMO_OWNER.token,
    });
    expect(meter).toHaveAttribute('aria-valuetext', `${Number(expected.emotion_positive_percent)}%`);
    const keywords = screen.getByRole('heading', { name: 'Keywords' }).closest('section') as HTMLElement;
    expect(
      within(keywords)
        .getAllByRole('listitem')
        .map((k) => k.textContent),
    ).toEqual(expected.key_words);
    expect(screen.getByText(expected.user_will)).toBeInTheDocument();
  });

  it("says 'No messages found' when the messages cannot be loaded, and refresh loads them", async () => {
    server.use(
      http.get('*/api/v1/chat-session/:id/messages', () =>
        HttpResponse.json({ statusCode: 500, message: 'down' }, { status: 500 }),
      ),
    );
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const u = user();
    await renderApp('/chat-history', { as: 'owner' });
    await u.click(await option(/\+852 9123 4567/));
    expect(await screen.findByText('No messages found')).toBeInTheDocument();
    expect(error).toHaveBeenCalledWith('Could not load the messages of the chat session', expect.anything());
    server.resetHandlers();
    await u.click(screen.getByRole('button', { name: 'Refresh messages' }));
    const messages = await screen.findByRole('region', { name: 'Messages' });
    expect(await within(messages).findByText('Thanks!')).toBeInTheDocument();
  });

  it('analyses the conversation: sentiment bar, keywords, intent', async () => {
    const u = await openTestSession();
    expect(screen.getByText('No analysis yet')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Analyze' }));
    const meter = await screen.findByRole('meter', { name: 'Positive sentiment' });
    expect(meter.getAttribute('aria-valuetext')).toMatch(/^\d+(\.\d+)?%$/);
    expect(screen.getByRole('heading', { name: 'Keywords' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'User intent' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Re-analyze' })).toBeInTheDocument();
  });

  it('exports the conversation as CSV through a download link', async () => {
    const blobs: Blob[] = [];
    stubObjectUrl((b) => {
      blobs.push(b);
      return 'blob:x';
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const u = await openTestSession();
    await u.click(screen.getByRole('tab', { name: 'Export' }));
    expect(screen.getByRole('radio', { name: 'JSON' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Include analysis' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Include timestamps' })).toBeChecked();
    await u.click(screen.getByRole('radio', { name: 'CSV (spreadsheet)' }));
    expect(screen.getByRole('checkbox', { name: 'Include analysis' })).toBeDisabled();
    await u.click(screen.getByRole('checkbox', { name: 'Include timestamps' }));
    await u.click(screen.getByRole('button', { name: 'Export' }));
    expect(names[0]).toMatch(/^chat-85291234567-\d{8}-\d{6}\.csv$/);
    expect(await screen.findByText(`Downloaded ${names[0]}`)).toBeInTheDocument();
    const text = new TextDecoder().decode(await blobs[0]?.arrayBuffer());
    expect(text).toBe(
      `Sender,Content\r\nCustomer,"Hello, is my parcel on its way?"\r\nBot,"${HTML.replaceAll('"', '""')}"\r\nCustomer,Thanks!\r\n`,
    );
  });

  it('shows the spec alert when the export fails', async () => {
    stubObjectUrl(() => {
      throw new Error('blocked');
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const u = await openTestSession();
    await u.click(screen.getByRole('tab', { name: 'Export' }));
    await u.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Export failed, please retry.');
  });

  it('keeps the export options for the next conversation, and forgets the file and failure of the last', async () => {
    stubObjectUrl(() => 'blob:x');
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    server.use(
      http.post('*/api/v1/chat-session/:id/analyze', () =>
        HttpResponse.json({ statusCode: 500, message: 'Model busy' }, { status: 500 }),
      ),
    );
    const u = await openTestSession();
    await u.click(screen.getByRole('button', { name: 'Analyze' }));
    expect(await screen.findByText('Analysis failed: Model busy')).toBeInTheDocument();
    await u.click(screen.getByRole('tab', { name: 'Export' }));
    await u.click(screen.getByRole('radio', { name: 'Plain text' }));
    await u.click(screen.getByRole('checkbox', { name: 'Include timestamps' }));
    await u.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText(/^Downloaded chat-85291234567-\d{8}-\d{6}\.txt$/)).toBeInTheDocument();

    await u.click(await option(/\+852 6338 1492/));
    await screen.findByRole('heading', { level: 2, name: '+852 6338 1492' });
    expect(screen.queryByText(/^Downloaded/)).toBeNull();
    expect(screen.getByRole('radio', { name: 'Plain text' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Include timestamps' })).not.toBeChecked();
    await u.click(screen.getByRole('tab', { name: 'Analysis' }));
    expect(screen.queryByText(/^Analysis failed/)).toBeNull();
    expect(screen.getByRole('button', { name: /Analyze/ })).toHaveAttribute('aria-disabled', 'false');
  });

  it('opens a session from the keyboard', async () => {
    const u = user();
    await renderApp('/chat-history', { as: 'owner' });
    const box = await list();
    box.focus();
    await waitFor(() => expect(box).toHaveAttribute('aria-activedescendant'));
    await u.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    expect(await screen.findByRole('heading', { level: 2, name: '+852 9123 4567' })).toBeInTheDocument();
  });

  it('says there is no history on an empty account', async () => {
    await resetAndSeed({ empty: true });
    await renderApp('/chat-history', { as: 'owner' });
    expect(await screen.findByText('No chat history')).toBeInTheDocument();
    expect(screen.getByText('0 conversations')).toBeInTheDocument();
  });
});

describe('chat history at its address', () => {
  const here = () => location.pathname + location.search;
  const notFound = () => screen.findByRole('heading', { level: 2, name: 'Conversation not found' });

  it('opens the conversation a copied address names, with its search and filter, and marks the screen', async () => {
    await renderApp('/chat-history/sess-test?phone=8529', { as: 'owner' });
    expect(await screen.findByRole('heading', { level: 2, name: '+852 9123 4567' })).toBeInTheDocument();
    expect(
      await screen.findByText('Hello, is my parcel on its way?', { selector: 'div' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).toHaveValue('8529');
    expect(await option(/\+852 9123 4567/)).toHaveAttribute('aria-selected', 'true');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Chat history' })).toHaveAttribute('aria-current', 'page');
    expect(document.title).toMatch(/^Chat history/);
    expect(here()).toBe('/chat-history/sess-test?phone=8529');
  });

  it('opens a conversation the filter leaves out (a link copied before the filter changed)', async () => {
    await renderApp('/chat-history/sess-test?filter=2', { as: 'owner' });
    expect(await screen.findByRole('heading', { level: 2, name: '+852 9123 4567' })).toBeInTheDocument();
    expect(screen.getByLabelText('Show')).toHaveValue('2');
  });

  it('adds a history entry per conversation opened, none per key typed, and Back and Forward follow', async () => {
    const u = await openTestSession();
    expect(here()).toBe('/chat-history/sess-test');
    const depth = history.length;
    await u.type(screen.getByLabelText('Phone number'), '85');
    await waitFor(() => expect(here()).toBe('/chat-history/sess-test?phone=85'));
    expect(history.length).toBe(depth);
    await u.clear(screen.getByLabelText('Phone number'));
    await waitFor(() => expect(here()).toBe('/chat-history/sess-test'));
    const second = within(await list()).getAllByRole('option')[1] as HTMLElement;
    // The number, without the time and preview beside it.
    const secondName = second.querySelector('span > span')?.textContent ?? '';
    await u.click(second);
    await screen.findByRole('heading', { level: 2, name: secondName });
    expect(location.pathname).toMatch(/^\/chat-history\/sess-/);
    expect(location.pathname).not.toBe('/chat-history/sess-test');
    expect(history.length).toBe(depth + 1);

    history.back();
    expect(await screen.findByRole('heading', { level: 2, name: '+852 9123 4567' })).toBeInTheDocument();
    expect(here()).toBe('/chat-history/sess-test');
    history.forward();
    expect(await screen.findByRole('heading', { level: 2, name: secondName })).toBeInTheDocument();
    // The sidebar's entry goes to the list: nothing open.
    await u.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Chat history' }),
    );
    expect(await screen.findByText('Select a chat')).toBeInTheDocument();
    expect(here()).toBe('/chat-history');
  });

  it.each([
    ['an unknown id', '/chat-history/sess-does-not-exist'],
    ['another account’s conversation', '/chat-history/sess-admin-only'],
    ['a hidden number', '/chat-history/sess-newsletter'],
    ['dot segments and an encoded slash', '/chat-history/..%2F..%2Fusers%2Fme'],
    ['markup', '/chat-history/%3Cscript%3Ealert(1)%3C%2Fscript%3E'],
    ['a malformed escape', '/chat-history/%E0%A4%A'],
    ['a very long id', `/chat-history/${'x'.repeat(4000)}`],
  ])('says "Conversation not found" for %s, keeps the list, and never sends the id', async (_, path) => {
    await givenChatSession('user-admin', { id: 'sess-admin-only', fromNumber: '85290000000@c.us' });
    await givenChatSession(DEMO_OWNER.id, {
      id: 'sess-newsletter',
      fromNumber: '120363025246125486@newsletter',
    });
    const requests = recordRequests();
    const u = user();
    await renderApp(path, { as: 'owner' });
    expect(await notFound()).toHaveFocus();
    expect(await option(/\+852 9123 4567/)).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
    // Only the searches and the count of conversations waiting for a person: no call names the id in its path.
    const named = requests.filter(
      (r) =>
        r.includes('/chat-session/') && !r.endsWith('/search') && !r.endsWith('/chat-session/waiting/count'),
    );
    expect(named).toEqual([]);
    await u.click(screen.getByRole('button', { name: 'Show all conversations' }));
    expect(await screen.findByText('Select a chat')).toBeInTheDocument();
    expect(here()).toBe('/chat-history');
  });

  it('says "not found" when the server no longer has a listed conversation (404)', async () => {
    server.use(
      http.get('*/api/v1/chat-session/:id/messages', () =>
        HttpResponse.json({ statusCode: 404, message: 'Chat session not found' }, { status: 404 }),
      ),
    );
    await openTestSessionFromAddress();
    expect(await notFound()).toBeInTheDocument();
  });

  it('says a failed lookup is a failure, not "not found", and retries it', async () => {
    let fail = true;
    server.use(
      http.post('*/api/v1/chat-session/search', async ({ request }) => {
        const body = (await request.clone().json()) as { filter?: number };
        if (fail && body.filter === 1) return HttpResponse.json({ message: 'Down' }, { status: 503 });
        return undefined;
      }),
    );
    const u = user();
    await renderApp('/chat-history/sess-test?filter=2', { as: 'owner' });
    expect(await screen.findByText('Could not open the conversation')).toBeInTheDocument();
    expect(screen.queryByText('Conversation not found')).toBeNull();
    fail = false;
    await u.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 2, name: '+852 9123 4567' })).toBeInTheDocument();
  });

  it('takes a signed-out visitor of a conversation to sign in, with the way back to it', async () => {
    await renderApp('/chat-history/sess-test?phone=8529&filter=2');
    await waitFor(() =>
      expect(here()).toBe(
        `/login?redirect=${encodeURIComponent('/chat-history/sess-test?phone=8529&filter=2')}`,
      ),
    );
  });
});

async function openTestSessionFromAddress() {
  await renderApp('/chat-history/sess-test', { as: 'owner' });
}

describe('chat history, live', () => {
  it('shows what customers write as it comes: in the open conversation, unread elsewhere, new ones first', async () => {
    await openTestSession();
    // The tab's one stream, which the app's instance watch and this screen share.
    await waitFor(() => expect(openLiveStreams(DEMO_OWNER.id)).toBe(1));
    const messages = await screen.findByRole('region', { name: 'Messages' });
    await givenLiveMessage(DEMO_OWNER.id, { sessionId: 'sess-test', content: 'Is it the blue one?' });
    expect(await within(messages).findByText('Is it the blue one?')).toBeInTheDocument();
    expect(within(await option(/\+852 9123 4567/)).queryByText(/unread/)).toBeNull();

    // A conversation the list shows, not open: counted unread (text only, even when it looks like markup).
    const other = within(await list()).getAllByRole('option')[1] as HTMLElement;
    await givenLiveMessage(DEMO_OWNER.id, { fromNumber: '447700900123@c.us', content: HTML });
    const fresh = await option(/\+44 7700 900123/);
    expect(fresh).toHaveAttribute('aria-posinset', '1');
    expect(fresh).toHaveTextContent('1 unread message');
    expect(fresh).toHaveTextContent(HTML);
    expect(document.querySelector('img')).toBeNull();
    expect(other).toBeInTheDocument();
    // Opening it reads it.
    await user().click(fresh);
    await screen.findByRole('heading', { level: 2, name: '+44 7700 900123' });
    expect(await option(/\+44 7700 900123/)).not.toHaveTextContent(/unread/);
  });

  it("opens no stream of its own: leaving and coming back keeps the tab's one stream, which still delivers", async () => {
    const requests = recordRequests();
    const u = await openTestSession();
    await waitFor(() => expect(openLiveStreams(DEMO_OWNER.id)).toBe(1));
    await u.click(screen.getByRole('link', { name: 'Dashboard' }));
    await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await u.click(screen.getByRole('link', { name: 'Chat history' }));
    await u.click(await option(/\+852 9123 4567/));
    const messages = await screen.findByRole('region', { name: 'Messages' });
    await givenLiveMessage(DEMO_OWNER.id, { sessionId: 'sess-test', content: 'Still there?' });
    expect(await within(messages).findByText('Still there?')).toBeInTheDocument();
    expect(requests.filter((r) => r === 'GET /api/v1/events/stream')).toHaveLength(1);
    expect(openLiveStreams(DEMO_OWNER.id)).toBe(1);
  });

  it('says quietly that live updates are interrupted when the stream fails, and the screen still works', async () => {
    server.use(
      http.get('*/api/v1/events/stream', () =>
        HttpResponse.json({ statusCode: 503, message: 'Events unavailable' }, { status: 503 }),
      ),
    );
    const u = await openTestSession();
    const notice = await screen.findByText(
      'Live updates are interrupted. Checking for new messages every 5 seconds.',
    );
    // A status line in the list's panel, not an alert: the list and the conversation still work.
    expect(notice).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('alert')).toBeNull();
    await u.click(await option(/\+852 9123 4567/));
    expect(await screen.findByRole('region', { name: 'Messages' })).toHaveTextContent('Thanks!');
  });

  it('on a server without live updates, checks now and then and says only that', async () => {
    let asked = 0;
    server.use(
      http.get('*/api/v1/events/stream', () => {
        asked += 1;
        return HttpResponse.json(
          { statusCode: 404, message: 'Cannot GET /api/v1/events/stream' },
          { status: 404 },
        );
      }),
    );
    const u = await openTestSession();
    const notice = await screen.findByText('Checking for new messages every 30 seconds.');
    expect(notice).toHaveAttribute('role', 'status');
    expect(screen.queryByText(/interrupted/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    // Asked once, by the tab's live connection; the screen and the instance watch then only poll.
    await waitFor(() => expect(asked).toBe(1));
    await u.click(await option(/\+852 9123 4567/));
    expect(await screen.findByRole('region', { name: 'Messages' })).toHaveTextContent('Thanks!');
    expect(asked).toBe(1);
  });
});
