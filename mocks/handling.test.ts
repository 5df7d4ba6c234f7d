// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { ChatMessageSchema, ChatSessionListSchema } from '../src/api/schemas/chatSessions';
import { HandlingSchema, WaitingCountSchema } from '../src/api/schemas/handling';
import { HOUR, MINUTE, setNow } from './clock';
import { db } from './db';
import { type GivenUser, givenChatbot, givenChatSession, givenUser } from './fixtures';
import { givenHandoffSettings } from './handlers/handoff';
import { call, withMockServer } from './testing';

withMockServer();

const t = Date.parse('2026-11-19T15:00:00Z');
const at = (ms: number) => new Date(ms).toISOString();
let clock = t;
let u: GivenUser;

beforeEach(async () => {
  clock = t;
  setNow(() => clock);
  u = await givenUser({ email: 'mei@shop.test', planName: 'Starter' });
  await givenChatSession(u.id, { id: 's-1', createdAt: at(t - HOUR), messages: [{ content: 'Hi' }] });
  await givenChatSession(u.id, {
    id: 's-waiting',
    createdAt: at(t - 2 * HOUR),
    handling: { by: 'waiting', reason: 'askedForPerson', since: at(t - HOUR) },
  });
});

const search = async () =>
  ChatSessionListSchema.parse(
    (await call('POST', '/chat-session/search', { token: u.token, body: { filter: 1 } })).body,
  );
const handlingOf = async (id: string) => (await search()).find((s) => s.id === id)?.handling;

describe('who handles a conversation (beyond the spec)', () => {
  it('tells each conversation’s handler in the search, the bot unless someone else', async () => {
    // With the pause a take-over starts with: the bot's default (30 minutes until the bot's settings say).
    expect(await handlingOf('s-1')).toEqual({ by: 'bot', pauseMinutes: 30 });
    expect(await handlingOf('s-waiting')).toEqual({
      by: 'waiting',
      reason: 'askedForPerson',
      since: at(t - HOUR),
      pauseMinutes: 30,
    });
    await givenChatbot(u.id, { id: 'bot-1' });
    await givenHandoffSettings(u.id, 'bot-1', { defaultPauseMinutes: null });
    expect(await handlingOf('s-1')).toEqual({ by: 'bot', pauseMinutes: null });
    const count = await call('GET', '/chat-session/waiting/count', { token: u.token });
    expect(WaitingCountSchema.parse(count.body)).toEqual({ count: 1 });
  });

  it('takes a conversation over for a while, named after the user, and gives it back to the bot when it runs out', async () => {
    const taken = await call('POST', '/chat-session/s-waiting/take-over', {
      token: u.token,
      body: { minutes: 30 },
    });
    expect(taken.status).toBe(200);
    const handling = {
      by: 'person',
      name: 'mei',
      reason: 'takenOver',
      since: at(t),
      until: at(t + 30 * MINUTE),
    };
    expect(HandlingSchema.parse(taken.body)).toEqual(handling);
    expect(await handlingOf('s-waiting')).toEqual(handling);
    expect((await call('GET', '/chat-session/waiting/count', { token: u.token })).body).toEqual({ count: 0 });
    clock = t + 30 * MINUTE;
    expect(await handlingOf('s-waiting')).toEqual({ by: 'bot', pauseMinutes: 30 });
  });

  it('takes one over until handed back, and hands it back', async () => {
    const taken = await call('POST', '/chat-session/s-1/take-over', {
      token: u.token,
      body: { minutes: null },
    });
    expect(taken.body).toMatchObject({ by: 'person', until: null });
    clock = t + 48 * HOUR;
    expect(await handlingOf('s-1')).toMatchObject({ by: 'person', until: null });
    const back = await call('POST', '/chat-session/s-1/hand-back', { token: u.token, body: {} });
    expect(back.body).toEqual({ by: 'bot' });
    expect(await handlingOf('s-1')).toEqual({ by: 'bot', pauseMinutes: 30 });
  });

  it('refuses a pause it does not offer', async () => {
    const refused = await call('POST', '/chat-session/s-1/take-over', {
      token: u.token,
      body: { minutes: 45 },
    });
    expect(refused.status).toBe(400);
    expect(await handlingOf('s-1')).toEqual({ by: 'bot', pauseMinutes: 30 });
  });

  it('stores a person’s reply, named, only while a person handles the conversation', async () => {
    const early = await call('POST', '/chat-session/s-1/reply', {
      token: u.token,
      body: { content: 'Hello!' },
    });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ statusCode: 409, code: 'NOT_HANDLING' });
    await call('POST', '/chat-session/s-1/take-over', { token: u.token, body: { minutes: 120 } });
    const blank = await call('POST', '/chat-session/s-1/reply', { token: u.token, body: { content: '   ' } });
    expect(blank.status).toBe(400);
    const sent = await call('POST', '/chat-session/s-1/reply', {
      token: u.token,
      body: { content: 'Hello!' },
    });
    expect(sent.status).toBe(200);
    const message = ChatMessageSchema.parse(sent.body);
    expect(message).toMatchObject({ content: 'Hello!', sender: 'person', senderName: 'mei', sentAt: at(t) });
    const messages = (await call('GET', '/chat-session/s-1/messages', { token: u.token })).body;
    expect(messages.at(-1)).toEqual(message);
  });

  it('keeps another user’s conversation out of reach', async () => {
    const other = await givenUser({ email: 'other@shop.test', planName: 'Starter' });
    for (const path of ['take-over', 'hand-back', 'reply']) {
      const answer = await call('POST', `/chat-session/s-1/${path}`, {
        token: other.token,
        body: path === 'reply' ? { content: 'x' } : path === 'take-over' ? { minutes: 30 } : {},
      });
      expect(answer.status).toBe(404);
    }
    expect(db.chatSessions.findFirst((q) => q.where((s) => s.id === 's-1'))?.handling).toBeUndefined();
  });
});
