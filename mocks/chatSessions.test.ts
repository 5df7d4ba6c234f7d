// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { ChatAnalysisSchema, ChatSessionListSchema } from '../src/api/schemas/chatSessions';
import { DAY, HOUR, setNow } from './clock';
import { type GivenUser, givenChatSession, givenUser } from './fixtures';
import { call, withMockServer } from './testing';

withMockServer();

// A Thursday: the week began on Monday the 16th, the month on the 1st.
const t = Date.parse('2026-11-19T15:00:00');
const at = (ms: number) => new Date(ms).toISOString();
let u: GivenUser;

beforeEach(async () => {
  setNow(() => t);
  u = await givenUser({ email: 'u@b.test', planName: 'Starter' });
  await givenChatSession(u.id, {
    id: 's-today',
    fromNumber: '8613812345678@c.us',
    createdAt: at(t - 2 * HOUR),
    messages: [
      { content: 'Second', sentAt: at(t - 2 * HOUR + 60_000) },
      { content: 'Where is my order?', sentAt: at(t - 2 * HOUR), sender: 'user' },
    ],
  });
  await givenChatSession(u.id, {
    id: 's-monday',
    fromNumber: '14155550123@c.us',
    createdAt: at(t - 3 * DAY),
    isStarred: true,
  });
  await givenChatSession(u.id, {
    id: 's-month',
    fromNumber: '447700900123@c.us',
    createdAt: at(t - 10 * DAY),
  });
  await givenChatSession(u.id, {
    id: 's-old',
    fromNumber: '120363025246125486@newsletter',
    createdAt: at(t - 40 * DAY),
  });
  await givenChatSession(u.id, {
    id: 's-placeholder',
    fromNumber: '0@c.us',
    createdAt: at(t - 50 * DAY),
    isStarred: true,
  });
});

const search = async (body: object) => {
  const answer = await call('POST', '/chat-session/search', { token: u.token, body });
  return ChatSessionListSchema.parse(answer.body);
};
const ids = async (body: object) => (await search(body)).map((s) => s.id);

describe('chat sessions', () => {
  it('filters by period and star, newest first, hiding nothing', async () => {
    expect(await ids({ filter: 1 })).toEqual(['s-today', 's-monday', 's-month', 's-old', 's-placeholder']);
    expect(await ids({ filter: 2 })).toEqual(['s-monday', 's-placeholder']);
    expect(await ids({ filter: 3 })).toEqual(['s-today']);
    expect(await ids({ filter: 4 })).toEqual(['s-today', 's-monday']);
    expect(await ids({ filter: 5 })).toEqual(['s-today', 's-monday', 's-month']);
  });

  it('matches the typed digits anywhere in the number', async () => {
    expect(await ids({ filter: 1, phone: '138123' })).toEqual(['s-today']);
    expect(await ids({ filter: 1, phone: '+1 415 555' })).toEqual(['s-monday']);
    expect(await ids({ filter: 2, phone: '138123' })).toEqual([]);
    expect(await ids({ filter: 1, phone: '  ' })).toHaveLength(5);
  });

  it('previews only the earliest message', async () => {
    const [today] = await search({ filter: 3 });
    expect(today?.messages).toEqual([
      { id: expect.any(String), content: 'Where is my order?', sender: 'user', sentAt: at(t - 2 * HOUR) },
    ]);
    const messages = (await call('GET', '/chat-session/s-today/messages', { token: u.token })).body;
    expect(messages.map((m: { content: string }) => m.content)).toEqual(['Where is my order?', 'Second']);
  });

  it('validates the filter', async () => {
    const answer = await call('POST', '/chat-session/search', { token: u.token, body: { filter: 9 } });
    expect(answer).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    expect(answer.body.message).toMatch(/^filter: /);
  });

  it('stars and unstars', async () => {
    expect(
      (await call('POST', '/chat-session/s-today/star', { token: u.token, body: { isStarred: true } })).body,
    ).toEqual({ id: 's-today', isStarred: true });
    expect(await ids({ filter: 2 })).toContain('s-today');
    await call('POST', '/chat-session/s-today/star', { token: u.token, body: { isStarred: false } });
    expect(await ids({ filter: 2 })).not.toContain('s-today');
  });

  it('analyses deterministically and stores the analysis', async () => {
    await givenChatSession(u.id, {
      id: 's-refund',
      messages: [
        { sender: 'user', content: 'My headphones arrived damaged, I want a refund.' },
        { sender: 'assistant', content: 'I am sorry, I will arrange the return.' },
        { sender: 'user', content: 'Great, thanks a lot! The refund is all I need.' },
      ],
    });
    const first = await call('POST', '/chat-session/s-refund/analyze', { token: u.token, body: {} });
    const again = await call('POST', '/chat-session/s-refund/analyze', { token: u.token, body: {} });
    const analysis = ChatAnalysisSchema.parse(first.body);
    expect(again.body).toEqual(analysis);
    expect(analysis.emotion_positive_percent).toMatch(/^\d{1,3}$/);
    expect(Number(analysis.emotion_positive_percent)).toBeGreaterThan(50);
    expect(analysis.key_words.length).toBeGreaterThanOrEqual(3);
    expect(analysis.key_words.length).toBeLessThanOrEqual(6);
    expect(analysis.key_words).toContain('refund');
    expect(analysis.user_will).toBe('Wants to return a product and get a refund');
    const stored = (await search({ filter: 1 })).find((s) => s.id === 's-refund');
    expect(stored?.analysis).toEqual(analysis);
  });

  it('counts today against yesterday for the dashboard', async () => {
    await givenChatSession(u.id, {
      createdAt: at(t - DAY),
      messages: [{ sentAt: at(t - DAY) }, { sentAt: at(t - DAY + 1000) }, { sentAt: at(t - DAY + 2000) }],
    });
    expect((await call('GET', '/chat-message/compare/yesterday', { token: u.token })).body).toEqual({
      countsOfToday: 2,
      countsOfYesterday: 3,
    });
    expect((await call('GET', '/chat-session/count/whatsapp-users', { token: u.token })).body).toEqual({
      countsOfToday: 1,
      countsOfYesterday: 1,
    });
  });
});
