import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { isoNow } from '../../../mocks/clock';
import { botTakesTurn } from '../../../mocks/customers';
import { givenChatSession } from '../../../mocks/fixtures';
import { givenHandoffSettings } from '../../../mocks/handlers/handoff';
import { givenLiveMessage, openLiveStreams } from '../../../mocks/handlers/live';
import { resetAndSeed, server } from '../../../mocks/node';
import { DEMO_OWNER } from '../../../mocks/seed';
import { withMockServer } from '../../../mocks/testing';
import { renderApp, warmUp } from '../../../tests/render';

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

beforeEach(async () => {
  await resetAndSeed();
  await givenChatSession(DEMO_OWNER.id, {
    id: 'sess-person',
    fromNumber: '85291234567@c.us',
    createdAt: new Date(Date.parse(isoNow()) - 3 * 60_000).toISOString(),
    messages: [{ content: 'Can I talk to a person?', sender: 'user' }],
    handling: { by: 'waiting', reason: 'askedForPerson', since: isoNow() },
  });
});

async function open() {
  const u = userEvent.setup();
  await renderApp('/chat-history', { as: 'owner' });
  const list = await screen.findByRole('listbox', { name: 'Conversations' });
  await u.click(await within(list).findByRole('option', { name: /\+852 9123 4567/ }));
  await screen.findByRole('heading', { level: 2, name: '+852 9123 4567' });
  return u;
}

describe('a person takes a conversation over (beyond the spec)', () => {
  it('takes over, replies (Enter sends), and hands back', async () => {
    const u = await open();
    const who = screen.getByRole('region', { name: 'Who replies' });
    expect(within(who).getByText('Needs a person: asked for a person')).toBeInTheDocument();
    const row = () =>
      within(screen.getByRole('listbox', { name: 'Conversations' })).getByRole('option', {
        name: /\+852 9123 4567/,
      });
    expect(within(row()).getByText('Needs a person')).toBeInTheDocument();
    await u.selectOptions(within(who).getByRole('combobox', { name: 'Pause the bot for' }), '30 minutes');
    await u.click(within(who).getByRole('button', { name: 'Take over' }));
    expect(await within(who).findByText('owner is replying')).toBeInTheDocument();
    expect(within(row()).getByText('A person replies')).toBeInTheDocument();
    // The mock server's clock and the page's differ by a moment: never more than the thirty minutes chosen.
    expect(within(who).getByText(/Bot resumes in 0:(29:5\d|30:00)/)).toBeInTheDocument();
    const box = within(who).getByRole('textbox', { name: 'Reply' });
    await u.type(box, 'Of course, I am here.{Shift>}{Enter}{/Shift}Mei');
    expect(box).toHaveValue('Of course, I am here.\nMei');
    await u.type(box, '{Enter}');
    const messages = screen.getByRole('region', { name: 'Messages' });
    expect(await within(messages).findByText(/Of course, I am here/)).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(within(who).getByRole('status')).toHaveTextContent('Sent');
    await u.type(box, 'A');
    expect(within(who).getByRole('status')).toHaveTextContent('');
    await u.clear(box);
    await u.click(within(who).getByRole('button', { name: 'Hand back to the bot' }));
    expect(await within(who).findByText('The bot replies')).toBeInTheDocument();
    expect(within(row()).queryByText('A person replies')).toBeNull();
  });

  it('offers first the pause the bot’s handoff settings choose', async () => {
    await givenHandoffSettings(DEMO_OWNER.id, 'bot-ava', { defaultPauseMinutes: 720 });
    await open();
    const who = screen.getByRole('region', { name: 'Who replies' });
    expect(within(who).getByRole('combobox', { name: 'Pause the bot for' })).toHaveDisplayValue('12 hours');
  });

  it('keeps the text of a reply that failed and sends it again', async () => {
    const u = await open();
    const who = screen.getByRole('region', { name: 'Who replies' });
    await u.click(within(who).getByRole('button', { name: 'Take over' }));
    await within(who).findByRole('button', { name: 'Hand back to the bot' });
    server.use(
      http.post('*/api/v1/chat-session/:id/reply', () =>
        HttpResponse.json({ statusCode: 500, message: 'Server down' }, { status: 500 }),
      ),
    );
    const box = within(who).getByRole('textbox', { name: 'Reply' });
    await u.type(box, 'Still there?{Enter}');
    expect(await within(who).findByText('Your reply was not sent: Server down')).toBeInTheDocument();
    expect(box).toHaveValue('Still there?');
    server.resetHandlers();
    await u.click(within(who).getByRole('button', { name: 'Retry' }));
    expect(
      await within(screen.getByRole('region', { name: 'Messages' })).findByText('Still there?'),
    ).toBeInTheDocument();
    expect(box).toHaveValue('');
  });

  it('on a server without the calls, says once and quietly that taking over is not offered', async () => {
    server.use(
      http.post('*/api/v1/chat-session/:id/take-over', () => new HttpResponse(null, { status: 404 })),
    );
    const u = await open();
    const who = screen.getByRole('region', { name: 'Who replies' });
    await u.click(within(who).getByRole('button', { name: 'Take over' }));
    expect(
      await screen.findByText('This server does not offer taking conversations over from the bot.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the conversations waiting for a person (beyond the spec)', () => {
  it('are counted in the sidebar and the title, listed oldest first under "Needs a person", and a hand-off arrives live', async () => {
    await givenChatSession(DEMO_OWNER.id, {
      id: 'sess-older',
      fromNumber: '447700900123@c.us',
      createdAt: new Date(Date.parse(isoNow()) - 60 * 60_000).toISOString(),
      messages: [{ content: 'The bot could not help me.', sender: 'user' }],
      handling: {
        by: 'waiting',
        reason: 'noAnswer',
        since: new Date(Date.parse(isoNow()) - 50 * 60_000).toISOString(),
      },
    });
    const u = userEvent.setup();
    await renderApp('/chat-history', { as: 'owner' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByText('2 waiting for a person')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('(2) Chat history · Influx'));

    await u.selectOptions(await screen.findByRole('combobox', { name: 'Show' }), 'Needs a person (2)');
    const list = screen.getByRole('listbox', { name: 'Conversations' });
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([expect.stringContaining('+44 7700 900123'), expect.stringContaining('+852 9123 4567')]),
    );
    expect(new URL(location.href).searchParams.get('filter')).toBe('waiting');

    // A customer of another conversation asks for a person: the bot hands off, and every count follows.
    await waitFor(() => expect(openLiveStreams(DEMO_OWNER.id)).toBe(1));
    const other = await givenChatSession(DEMO_OWNER.id, {
      id: 'sess-asks',
      fromNumber: '8613912345678@c.us',
      createdAt: isoNow(),
      messages: [{ content: 'Hello', sender: 'user' }],
    });
    await givenLiveMessage(DEMO_OWNER.id, { sessionId: other.id, content: '我要转人工' });
    await botTakesTurn(DEMO_OWNER.id, other.id);
    expect(await within(nav).findByText('3 waiting for a person')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('(3) Chat history · Influx'));

    // Taken over, a conversation no longer waits.
    await u.click(within(list).getByRole('option', { name: /\+44 7700 900123/ }));
    const who = await screen.findByRole('region', { name: 'Who replies' });
    await u.click(within(who).getByRole('button', { name: 'Take over' }));
    expect(await within(nav).findByText('2 waiting for a person')).toBeInTheDocument();
    await waitFor(() => expect(within(list).queryByRole('option', { name: /\+44 7700 900123/ })).toBeNull());
  });

  it('on a server that does not count them, neither the sidebar nor the filter offers them', async () => {
    server.use(
      http.get('*/api/v1/chat-session/waiting/count', () => new HttpResponse(null, { status: 404 })),
    );
    await renderApp('/chat-history', { as: 'owner' });
    const show = await screen.findByRole('combobox', { name: 'Show' });
    await screen.findByRole('listbox', { name: 'Conversations' });
    expect(within(show).queryByRole('option', { name: /Needs a person/ })).toBeNull();
    expect(screen.queryByText(/waiting for a person/)).toBeNull();
    expect(document.title).toBe('Chat history · Influx');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('alerts on this device when a conversation needs a person', () => {
  it('asks the browser for permission only when the user turns notifications on, and remembers the choices', async () => {
    const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    try {
      const u = userEvent.setup();
      await renderApp('/chat-history', { as: 'owner' });
      const alerts = await screen.findByRole('group', { name: 'When a conversation needs a person:' });
      expect(requestPermission).not.toHaveBeenCalled();
      const desktop = within(alerts).getByRole('checkbox', { name: 'Desktop notification' });
      expect(desktop).not.toBeChecked();
      await u.click(desktop);
      expect(requestPermission).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(desktop).toBeChecked());
      await u.click(within(alerts).getByRole('checkbox', { name: 'Sound' }));
      expect(JSON.parse(localStorage.getItem('influx-handoff-alerts') ?? '{}')).toEqual({
        desktop: true,
        sound: true,
      });
    } finally {
      vi.unstubAllGlobals();
      localStorage.removeItem('influx-handoff-alerts');
    }
  });
});

describe('saved replies (beyond the spec)', () => {
  it('go into a reply by "/" and their shortcut, and the team keeps the list', async () => {
    const u = await open();
    const who = screen.getByRole('region', { name: 'Who replies' });
    await u.click(within(who).getByRole('button', { name: 'Take over' }));
    await within(who).findByRole('button', { name: 'Hand back to the bot' });
    const box = within(who).getByRole('textbox', { name: 'Reply' });
    await u.type(box, 'Hello! /ref');
    const list = within(who).getByRole('list', { name: 'Saved replies' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([expect.stringMatching(/^\/refund/)]);
    await u.keyboard('{Enter}');
    expect(box).toHaveValue(
      'Hello! Your refund is approved. It reaches your card within 3 to 5 business days.',
    );
    expect(within(who).queryByRole('list', { name: 'Saved replies' })).toBeNull();
    // Escape leaves the suggestions; Enter then sends as usual.
    await u.clear(box);
    await u.type(box, '/th');
    await u.keyboard('{Escape}');
    expect(within(who).queryByRole('list', { name: 'Saved replies' })).toBeNull();

    await u.click(within(who).getByRole('button', { name: 'Saved replies' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saved replies' });
    await u.click(within(dialog).getByRole('button', { name: 'Add a saved reply' }));
    await u.type(within(dialog).getByRole('textbox', { name: 'Shortcut' }), 'eta');
    await u.type(within(dialog).getByRole('textbox', { name: 'Reply' }), 'It arrives within 2 days.');
    await u.click(within(dialog).getByRole('button', { name: 'Save reply' }));
    expect(await within(dialog).findByText('/eta')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Delete /thanks' }));
    await waitFor(() => expect(within(dialog).queryByText('/thanks')).toBeNull());
  });
});
