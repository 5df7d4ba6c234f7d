// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { ChatMessageListSchema, ChatSessionListSchema } from '../src/api/schemas/chatSessions';
import { DEFAULT_HOURS } from '../src/api/schemas/handoff';
import type { LiveEvent } from '../src/api/schemas/live';
import { HOUR, MINUTE, setNow } from './clock';
import { botTakesTurn, followingUp, HANDOFF_MESSAGES, phoneReplies } from './customers';
import { type GivenUser, givenChatbot, givenChatSession, givenUser } from './fixtures';
import { givenHandoffSettings } from './handlers/handoff';
import { givenLiveMessage, givenNextLiveStream } from './handlers/live';
import { asksForPerson, backAt, closedUntil, customerLanguage } from './handoffRules';
import { BASE, call, withMockServer } from './testing';

withMockServer();

const t = Date.parse('2026-11-19T15:00:00Z');
const at = (ms: number) => new Date(ms).toISOString();
let u: GivenUser;

beforeEach(async () => {
  setNow(() => t);
  u = await givenUser({ email: 'mei@shop.test', planName: 'Starter' });
  await givenChatbot(u.id, { id: 'bot-1', name: 'Shop assistant' });
  await givenChatSession(u.id, {
    id: 's-1',
    fromNumber: '447700900123@c.us',
    createdAt: at(t - HOUR),
    messages: [{ content: 'Hi, where is my parcel?', sentAt: at(t - HOUR) }],
  });
  // What the user's next live stream tells: all that happens in the test.
  givenNextLiveStream(u.id);
});

/** The events the live stream told (it tells what it held, then ends). */
async function toldLive(): Promise<LiveEvent[]> {
  const response = await fetch(`${BASE}/events/stream`, { headers: { Authorization: `Bearer ${u.token}` } });
  return (await response.text())
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as LiveEvent);
}

const messages = async (id: string) =>
  ChatMessageListSchema.parse((await call('GET', `/chat-session/${id}/messages`, { token: u.token })).body);
const session = async (id: string) =>
  ChatSessionListSchema.parse(
    (await call('POST', '/chat-session/search', { token: u.token, body: { filter: 1 } })).body,
  ).find((s) => s.id === id);
const waiting = async () =>
  (await call('GET', '/chat-session/waiting/count', { token: u.token })).body as { count: number };

describe('a customer asking for a person', () => {
  it('is heard in the three languages, and not in an ordinary question', () => {
    expect(asksForPerson('Can I talk to a person, please?')).toBe(true);
    expect(asksForPerson('I want a HUMAN')).toBe(true);
    expect(asksForPerson('我要转人工')).toBe(true);
    expect(asksForPerson('請幫我找專人處理')).toBe(true);
    expect(asksForPerson('Where is my parcel?')).toBe(false);
    expect(asksForPerson('Is the humane trap in stock?')).toBe(false);
    expect(customerLanguage('Hello')).toBe('en');
    expect(customerLanguage('你好，这个有货吗')).toBe('zh-CN');
    expect(customerLanguage('請問這個有貨嗎')).toBe('zh-TW');
  });

  it('makes the bot hand the conversation off: it says so, and the conversation waits with the reason', async () => {
    await givenLiveMessage(u.id, { sessionId: 's-1', content: '可以转人工吗？' });
    expect(await botTakesTurn(u.id, 's-1')).toBe('handedOff');
    expect((await messages('s-1')).at(-1)).toMatchObject({
      sender: 'assistant',
      content: HANDOFF_MESSAGES['zh-CN'],
    });
    expect((await session('s-1'))?.handling).toEqual({
      by: 'waiting',
      reason: 'askedForPerson',
      since: at(t),
      pauseMinutes: 30,
    });
    expect(await waiting()).toEqual({ count: 1 });
    // Every tab hears of it: the customer's message, the bot's, and the conversation's new handler.
    expect((await toldLive()).map((e) => e.type)).toEqual(['ping', 'message', 'message', 'handling']);
    // Waiting, the bot keeps quiet: the customer's next message is for the team.
    await givenLiveMessage(u.id, { sessionId: 's-1', content: 'Hello?' });
    expect(await botTakesTurn(u.id, 's-1')).toBe('quiet');
  });
});

describe('the bot after a person', () => {
  it('keeps quiet while a person has the conversation, and afterwards builds on what the person said', async () => {
    await call('POST', '/chat-session/s-1/take-over', { token: u.token, body: { minutes: 30 } });
    const said = 'Your parcel left our warehouse this morning; I have asked the courier to call you.';
    await call('POST', '/chat-session/s-1/reply', { token: u.token, body: { content: said } });
    await givenLiveMessage(u.id, { sessionId: 's-1', content: 'Thanks!' });
    expect(await botTakesTurn(u.id, 's-1')).toBe('quiet');
    await call('POST', '/chat-session/s-1/hand-back', { token: u.token });

    await givenLiveMessage(u.id, { sessionId: 's-1', content: 'When will the courier call?' });
    expect(await botTakesTurn(u.id, 's-1')).toBe('answered');
    const answer = (await messages('s-1')).at(-1);
    expect(answer?.sender).toBe('assistant');
    expect(answer?.content.startsWith(followingUp(said, 'en'))).toBe(true);
    // Only its first answer after the person: the next one is its own again.
    await givenLiveMessage(u.id, { sessionId: 's-1', content: 'And the price of shipping?' });
    await botTakesTurn(u.id, 's-1');
    expect((await messages('s-1')).at(-1)?.content).not.toContain('Following up');
  });
});

describe('a reply from the phone', () => {
  it('is a person’s message marked as sent from the phone, and pauses the bot with a countdown', async () => {
    const message = await phoneReplies(u.id, 's-1', 'I am on it, give me a minute.');
    expect(message).toMatchObject({
      sender: 'person',
      fromPhone: true,
      content: 'I am on it, give me a minute.',
    });
    expect((await messages('s-1')).at(-1)).toMatchObject({ sender: 'person', fromPhone: true });
    expect((await session('s-1'))?.handling).toEqual({
      by: 'person',
      reason: 'phoneReply',
      since: at(t),
      until: at(t + 30 * MINUTE),
    });
    await givenLiveMessage(u.id, { sessionId: 's-1', content: 'OK' });
    expect(await botTakesTurn(u.id, 's-1')).toBe('quiet');
  });

  it('keeps the end of a pause a person already chose', async () => {
    await call('POST', '/chat-session/s-1/take-over', { token: u.token, body: { minutes: 720 } });
    await phoneReplies(u.id, 's-1', 'Me again, from the phone.');
    expect((await session('s-1'))?.handling).toMatchObject({ by: 'person', until: at(t + 12 * HOUR) });
  });
});

describe('the bot’s handoff settings', () => {
  const lastMessage = async () => (await messages('s-1')).at(-1);
  const handling = async () => (await session('s-1'))?.handling;
  const customerWrites = async (content: string) => {
    await givenLiveMessage(u.id, { sessionId: 's-1', content });
    return botTakesTurn(u.id, 's-1');
  };

  it('listens for the bot’s own phrases too, and says its own message', async () => {
    await givenHandoffSettings(u.id, 'bot-1', {
      phrases: ['manager'],
      message: { en: 'One moment, Mei from our shop will take it from here.', 'zh-CN': '', 'zh-TW': '' },
    });
    expect(await customerWrites('I want the MANAGER')).toBe('handedOff');
    expect((await lastMessage())?.content).toBe('One moment, Mei from our shop will take it from here.');
    expect(await handling()).toMatchObject({ by: 'waiting', reason: 'askedForPerson' });
  });

  it('hands off an unhappy customer, unless told not to', async () => {
    await givenHandoffSettings(u.id, 'bot-1', { negativeMood: false });
    expect(await customerWrites('This is ridiculous, where is it?')).toBe('answered');
    await givenHandoffSettings(u.id, 'bot-1', { negativeMood: true });
    expect(await customerWrites('我很失望，太差了')).toBe('handedOff');
    expect((await lastMessage())?.content).toBe(HANDOFF_MESSAGES['zh-CN']);
    expect(await handling()).toMatchObject({ by: 'waiting', reason: 'negativeMood' });
  });

  it('hands off after the set number of answers without an answer in a row', async () => {
    await givenHandoffSettings(u.id, 'bot-1', { noAnswerLimit: 3 });
    expect(await customerWrites('Do you sell kayaks?')).toBe('answered');
    expect(await customerWrites('What about paddles?')).toBe('answered');
    expect(await customerWrites('Life jackets?')).toBe('handedOff');
    expect(await handling()).toMatchObject({ by: 'waiting', reason: 'noAnswer' });
  });

  it('outside the team’s hours says when it is back, and keeps answering what it can', async () => {
    // 15:00 UTC on Thursday 19 November 2026 is 23:00 in Hong Kong: closed until Friday 09:00.
    await givenHandoffSettings(u.id, 'bot-1', {
      hours: { ...DEFAULT_HOURS, enabled: true, timeZone: 'Asia/Hong_Kong' },
    });
    expect(await customerWrites('Can I speak to a person?')).toBe('handedOff');
    expect((await lastMessage())?.content).toBe(`${HANDOFF_MESSAGES.en} Our team is back tomorrow at 09:00.`);
    expect(await handling()).toMatchObject({ by: 'waiting', reason: 'outsideHours' });
    expect(await customerWrites('Where is my parcel?')).toBe('answered');
    expect(await handling()).toMatchObject({ by: 'waiting', reason: 'outsideHours' });
  });

  it('pauses the bot for its default pause when the owner replies from the phone', async () => {
    await givenHandoffSettings(u.id, 'bot-1', { defaultPauseMinutes: 120 });
    await phoneReplies(u.id, 's-1', 'On it.');
    expect(await handling()).toMatchObject({ by: 'person', until: at(t + 2 * HOUR) });
  });
});

describe('the team’s hours', () => {
  const hours = { ...DEFAULT_HOURS, enabled: true, timeZone: 'Europe/London' };
  const london = (iso: string) => Date.parse(iso);

  it('are open within a day’s opening, and otherwise say when they open next', () => {
    expect(closedUntil(hours, london('2026-11-19T10:00:00Z'))).toBeNull();
    expect(closedUntil(hours, london('2026-11-19T07:30:00Z'))).toEqual({ inDays: 0, day: 4, time: '09:00' });
    expect(closedUntil(hours, london('2026-11-20T18:00:00Z'))).toEqual({ inDays: 3, day: 1, time: '09:00' });
    expect(closedUntil({ ...hours, enabled: false }, london('2026-11-20T18:00:00Z'))).toBeNull();
    expect(closedUntil({ ...hours, timeZone: 'Mars/Olympus' }, london('2026-11-20T18:00:00Z'))).toBeNull();
    expect(
      closedUntil({ ...hours, week: [null, null, null, null, null, null, null] }, Date.now()),
    ).toBeNull();
  });

  it('say when the team is back in the customer’s language', () => {
    const monday = { inDays: 3, day: 1, time: '09:00' };
    expect(backAt(monday, 'en')).toBe('Our team is back on Monday at 09:00.');
    expect(backAt(monday, 'zh-CN')).toBe('我们的团队将于星期一 09:00回来。');
    expect(backAt({ inDays: 0, day: 4, time: '09:30' }, 'zh-TW')).toBe('我們的團隊將於今天 09:30回來。');
  });
});
