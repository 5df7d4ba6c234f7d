// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { QaEntrySchema, QaListSchema } from '../src/api/schemas/knowledgeQa';
import { setNow } from './clock';
import { type GivenUser, givenChatbot, givenUser } from './fixtures';
import { givenQaEntry, QA_LIMIT, qaReply } from './handlers/knowledgeQa';
import { bestQaMatch, QA_MATCH_THRESHOLD, qaSimilarity } from './qaMatch';
import { call, withMockServer } from './testing';

withMockServer();

const t = Date.parse('2026-11-19T15:00:00Z');
let u: GivenUser;

beforeEach(async () => {
  setNow(() => t);
  u = await givenUser({ email: 'mei@shop.test', planName: 'Starter' });
  await givenChatbot(u.id, { id: 'bot-1', name: 'Shop assistant' });
});

const path = '/chatbots/bot-1/qa';

describe('matching a question to a Q&A entry', () => {
  it('finds the same question in other words, in the three languages, and not an unrelated one', () => {
    const entries = [
      { question: 'Do you ship to Singapore?' },
      { question: '可以开发票吗？' },
      { question: 'What are your opening hours?' },
    ];
    expect(bestQaMatch('Can you ship to singapore please', entries)?.entry).toBe(entries[0]);
    expect(bestQaMatch('請問可以開發票嗎', entries)?.entry).toBe(entries[1]);
    expect(bestQaMatch('opening hours?', entries)?.entry).toBe(entries[2]);
    expect(bestQaMatch('Where is my parcel?', entries)).toBeNull();
    expect(qaSimilarity('the', 'a')).toBe(0);
    expect(qaSimilarity('Singapore shipping', 'Singapore shipping')).toBe(1);
    expect(qaSimilarity('ship to Singapore', 'ship to Malaysia')).toBeGreaterThanOrEqual(QA_MATCH_THRESHOLD);
  });
});

describe('a bot’s Q&A knowledge (beyond the spec)', () => {
  it('adds, lists with its limit, searches, changes and deletes entries', async () => {
    const added = await call('POST', path, {
      token: u.token,
      body: { question: ' Do you ship to Singapore? ', answer: 'Yes, in 3 to 5 days.' },
    });
    expect(added.status).toBe(201);
    const entry = QaEntrySchema.parse(added.body);
    expect(entry).toMatchObject({ question: 'Do you ship to Singapore?', answer: 'Yes, in 3 to 5 days.' });
    await givenQaEntry(u.id, 'bot-1', { question: 'Opening hours?', answer: '9 to 6, Monday to Friday.' });
    const list = QaListSchema.parse((await call('GET', path, { token: u.token })).body);
    expect(list.limit).toBe(QA_LIMIT);
    expect(list.entries.map((e) => e.question)).toEqual(['Do you ship to Singapore?', 'Opening hours?']);
    const found = QaListSchema.parse((await call('GET', `${path}?search=MONDAY`, { token: u.token })).body);
    expect(found.entries.map((e) => e.question)).toEqual(['Opening hours?']);

    const changed = await call('PUT', `${path}/${entry.id}`, {
      token: u.token,
      body: { question: 'Do you ship to Singapore?', answer: 'Yes, in 2 days.' },
    });
    expect(changed.body).toMatchObject({ id: entry.id, answer: 'Yes, in 2 days.' });
    expect((await call('DELETE', `${path}/${entry.id}`, { token: u.token })).body).toEqual({ success: true });
    expect(QaListSchema.parse((await call('GET', path, { token: u.token })).body).entries).toHaveLength(1);
  });

  it('refuses a new entry at the limit with the spec’s error shape, and another user’s bot', async () => {
    for (let i = 0; i < QA_LIMIT; i++) await givenQaEntry(u.id, 'bot-1', { question: `Q${i}`, answer: 'A' });
    const refused = await call('POST', path, {
      token: u.token,
      body: { question: 'One more?', answer: 'No.' },
    });
    expect(refused).toMatchObject({
      status: 409,
      body: { statusCode: 409, code: 'QA_LIMIT_REACHED', limit: { name: 'qaEntryLimit', max: QA_LIMIT } },
    });
    const other = await givenUser({ email: 'other@shop.test' });
    expect((await call('GET', path, { token: other.token })).status).toBe(404);
  });

  it('is what the bot answers a close question with, naming the entry as its source, in the test chat too', async () => {
    await givenQaEntry(u.id, 'bot-1', {
      question: 'Do you ship to Singapore?',
      answer: 'Yes, in 3 to 5 days.',
    });
    expect(qaReply('bot-1', 'can you ship to Singapore?')).toBe(
      'Yes, in 3 to 5 days.\n\n(Source: Q&A “Do you ship to Singapore?”)',
    );
    expect(qaReply('bot-1', 'Where is my parcel?')).toBeNull();
    const reply = await call('POST', '/chatbots/test/bot-1', {
      token: u.token,
      body: { message: 'Can you ship to Singapore?' },
    });
    expect(JSON.stringify(reply.body)).toContain('(Source: Q&A “Do you ship to Singapore?”)');
  });
});
