// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { QaEntrySchema } from '../src/api/schemas/knowledgeQa';
import { UnansweredListSchema } from '../src/api/schemas/unanswered';
import { HOUR, MINUTE, setNow } from './clock';
import { botTakesTurn } from './customers';
import { type GivenUser, givenChatbot, givenChatSession, givenUser } from './fixtures';
import { givenHandoffSettings } from './handlers/handoff';
import { givenQaEntry, QA_LIMIT, qaEntriesOf } from './handlers/knowledgeQa';
import { givenLiveMessage } from './handlers/live';
import { call, withMockServer } from './testing';
import { MAX_EXAMPLES, recordUnanswered, unansweredOf } from './unanswered';

withMockServer();

let t = Date.parse('2026-11-19T15:00:00Z');
let u: GivenUser;

beforeEach(async () => {
  t = Date.parse('2026-11-19T15:00:00Z');
  setNow(() => t);
  u = await givenUser({ email: 'mei@shop.test', planName: 'Starter' });
  await givenChatbot(u.id, { id: 'bot-1', name: 'Shop assistant' });
});

const path = '/chatbots/bot-1/unanswered';
const list = async (token = u.token) => UnansweredListSchema.parse((await call('GET', path, { token })).body);
const testChat = async (message: string) =>
  JSON.stringify((await call('POST', '/chatbots/test/bot-1', { token: u.token, body: { message } })).body);

describe('the questions a bot could not answer (beyond the spec)', () => {
  it('gathers a test-chat question met with the fallback, and a close one joins its group', async () => {
    expect(await list()).toEqual({ groups: [], open: 0 });
    await testChat('Do you sell gift cards?');
    await testChat('Where is my parcel?'); // a topic the bot knows: answered
    await testChat('Hello there'); // a greeting: answered
    t += HOUR;
    await testChat('Can I buy a gift card?');
    await testChat('can i buy a gift card'); // the same wording again: counted, not another example
    t += MINUTE;
    await testChat('週末有營業嗎？');
    const { groups, open } = await list();
    expect(open).toBe(2);
    expect(groups).toEqual([
      {
        id: expect.any(String),
        question: '週末有營業嗎？',
        examples: [],
        count: 1,
        lastAskedAt: new Date(t).toISOString(),
      },
      {
        id: expect.any(String),
        question: 'Do you sell gift cards?',
        examples: ['Can I buy a gift card?'],
        count: 3,
        lastAskedAt: new Date(t - MINUTE).toISOString(),
      },
    ]);
  });

  it('keeps the latest few wordings as examples', async () => {
    for (const q of [
      'gift cards?',
      'gift card sale?',
      'gift card buy?',
      'gift card price?',
      'gift card now?',
    ]) {
      await recordUnanswered(u.id, 'bot-1', q);
    }
    const [group] = unansweredOf('bot-1');
    expect(group?.examples).toHaveLength(MAX_EXAMPLES);
    expect(group?.examples[0]).toBe('gift card now?');
  });

  it('gathers live questions met with the fallback and the one handed off for lack of an answer', async () => {
    await givenChatSession(u.id, {
      id: 's-1',
      fromNumber: '447700900123@c.us',
      createdAt: new Date(t - HOUR).toISOString(),
      messages: [{ content: 'Where is my parcel?', sentAt: new Date(t - HOUR).toISOString() }],
    });
    await givenHandoffSettings(u.id, 'bot-1', { noAnswerLimit: 2 });
    const writes = async (content: string) => {
      await givenLiveMessage(u.id, { sessionId: 's-1', content });
      return botTakesTurn(u.id, 's-1');
    };
    expect(await writes('Do you sell kayaks?')).toBe('answered');
    t += MINUTE;
    expect(await writes('你们有实体店吗？')).toBe('handedOff');
    expect((await list()).groups.map((g) => g.question)).toEqual(['你们有实体店吗？', 'Do you sell kayaks?']);
  });

  it('answering a group adds the Q&A entry the bot then answers with, and clears the group', async () => {
    await testChat('Do you sell gift cards?');
    const [group] = (await list()).groups;
    const answered = await call('POST', `${path}/${group?.id}/answer`, {
      token: u.token,
      body: { question: ' Do you sell gift cards? ', answer: 'Yes, from $10, in the shop.' },
    });
    expect(answered.status).toBe(201);
    expect(QaEntrySchema.parse(answered.body)).toMatchObject({ question: 'Do you sell gift cards?' });
    expect(await list()).toEqual({ groups: [], open: 0 });
    expect(await testChat('Can I buy a gift card?')).toContain('Yes, from $10, in the shop.');
    // Answered now: not gathered again.
    expect(await list()).toEqual({ groups: [], open: 0 });
  });

  it('dismissing clears a group without an entry', async () => {
    await testChat('Do you sell gift cards?');
    const [group] = (await list()).groups;
    const dismissed = await call('POST', `${path}/${group?.id}/dismiss`, { token: u.token });
    expect(dismissed.body).toEqual({ success: true });
    expect((await list()).open).toBe(0);
    expect(qaEntriesOf('bot-1')).toEqual([]);
    expect((await call('POST', `${path}/${group?.id}/dismiss`, { token: u.token })).status).toBe(404);
  });

  it('refuses an answer at the Q&A limit and keeps the group; another user’s bot is not found', async () => {
    await testChat('Do you sell gift cards?');
    for (let i = 0; i < QA_LIMIT; i++) await givenQaEntry(u.id, 'bot-1', { question: `Q${i}`, answer: 'A' });
    const [group] = (await list()).groups;
    const refused = await call('POST', `${path}/${group?.id}/answer`, {
      token: u.token,
      body: { question: 'Do you sell gift cards?', answer: 'Yes.' },
    });
    expect(refused).toMatchObject({
      status: 409,
      body: { code: 'QA_LIMIT_REACHED', limit: { max: QA_LIMIT } },
    });
    expect((await list()).open).toBe(1);
    const other = await givenUser({ email: 'other@shop.test' });
    expect((await call('GET', path, { token: other.token })).status).toBe(404);
  });
});
