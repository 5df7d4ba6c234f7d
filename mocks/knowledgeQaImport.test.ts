// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '../src/api/schemas/common';
import { QaImportResultSchema, QaListSchema } from '../src/api/schemas/knowledgeQa';
import { setNow } from './clock';
import { type GivenUser, givenChatbot, givenUser } from './fixtures';
import { givenQaEntry, QA_LIMIT, qaEntriesOf } from './handlers/knowledgeQa';
import { call, withMockServer } from './testing';

withMockServer();

let u: GivenUser;

beforeEach(async () => {
  setNow(() => Date.parse('2026-11-19T15:00:00Z'));
  u = await givenUser({ email: 'mei@shop.test', planName: 'Starter' });
  await givenChatbot(u.id, { id: 'bot-1', name: 'Shop assistant' });
});

const path = '/chatbots/bot-1/qa/import';

describe('importing Q&A entries at once (beyond the spec)', () => {
  it('creates them all, trimmed, after the bot’s own, in their order', async () => {
    await givenQaEntry(u.id, 'bot-1', { question: 'Opening hours?', answer: '9 to 6.' });
    const done = await call('POST', path, {
      token: u.token,
      body: {
        entries: [
          { question: ' =SUM(A1) ', answer: 'A formula, as text.' },
          { question: '营业时间？', answer: '九点到六点。' },
        ],
      },
    });
    expect(done.status).toBe(201);
    expect(QaImportResultSchema.parse(done.body).created.map((e) => e.question)).toEqual([
      '=SUM(A1)',
      '营业时间？',
    ]);
    const list = QaListSchema.parse((await call('GET', '/chatbots/bot-1/qa', { token: u.token })).body);
    expect(list.entries.map((e) => e.question)).toEqual(['Opening hours?', '=SUM(A1)', '营业时间？']);
  });

  it('refuses the whole list, row by row, when one is bad, and saves none', async () => {
    await givenQaEntry(u.id, 'bot-1', { question: 'Opening hours?', answer: '9 to 6.' });
    const refused = await call('POST', path, {
      token: u.token,
      body: {
        entries: [
          { question: 'Do you ship?', answer: 'Yes.' },
          { question: 'Gift wrap?', answer: ' ' },
          { question: 'opening HOURS', answer: 'Again.' },
          { question: 'do you ship', answer: 'Twice.' },
          { question: 'q'.repeat(501), answer: 'Long.' },
        ],
      },
    });
    expect(refused).toMatchObject({
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION_FAILED',
        message: expect.stringMatching(/^Row 2, answer: .+ \(and 3 more\)$/),
        details: [
          { row: 2, field: 'answer' },
          { row: 3, field: 'question', message: 'The bot already has this question' },
          { row: 4, field: 'question', message: 'The same question is in the list twice' },
          { row: 5, field: 'question' },
        ],
      },
    });
    expect(qaEntriesOf('bot-1')).toHaveLength(1);
    // The client reads the rows (and a body whose details it cannot read still gives its message).
    expect(ErrorBodySchema.parse(refused.body).details?.map((d) => d.row)).toEqual([2, 3, 4, 5]);
    const odd = ErrorBodySchema.parse({ statusCode: 400, message: 'Bad rows', details: 'rows 2 and 3' });
    expect(odd).toMatchObject({ message: 'Bad rows', details: undefined });
    const empty = await call('POST', path, { token: u.token, body: { entries: [] } });
    expect(empty).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  });

  it('refuses entries that would pass the limit, saving none, and another user’s bot', async () => {
    for (let i = 0; i < QA_LIMIT - 1; i++)
      await givenQaEntry(u.id, 'bot-1', { question: `Q${i}`, answer: 'A' });
    const refused = await call('POST', path, {
      token: u.token,
      body: {
        entries: [
          { question: 'One?', answer: 'a' },
          { question: 'Two?', answer: 'b' },
        ],
      },
    });
    expect(refused).toMatchObject({
      status: 409,
      body: { statusCode: 409, code: 'QA_LIMIT_REACHED', limit: { name: 'qaEntryLimit', max: QA_LIMIT } },
    });
    expect(qaEntriesOf('bot-1')).toHaveLength(QA_LIMIT - 1);
    const other = await givenUser({ email: 'other@shop.test' });
    const foreign = await call('POST', path, {
      token: other.token,
      body: { entries: [{ question: 'One?', answer: 'a' }] },
    });
    expect(foreign.status).toBe(404);
  });
});
