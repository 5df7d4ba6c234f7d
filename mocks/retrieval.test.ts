// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { TestChatReplySchema } from '../src/api/schemas/chatbots';
import { RetrievalResultSchema } from '../src/api/schemas/retrieval';
import { passagesOfReply } from '../src/api/testChat';
import { givenQaEntry } from './handlers/knowledgeQa';
import { pagePassages, passagesOf, replyPassages, retrieve } from './knowledgeIndex';
import { resetAndSeed } from './node';
import { DEMO_BOTS, DEMO_OWNER } from './seed';
import { call, withMockServer } from './testing';

withMockServer();
const token = 'demo-owner-token';
const ava = DEMO_BOTS.ava.id;

beforeEach(async () => {
  await resetAndSeed();
});

describe('the mock’s retrieval index', () => {
  it('gives the demo bot’s files passages from what their names promise, in English and Chinese', () => {
    const passages = passagesOf(ava);
    const names = new Set(passages.map((p) => p.source.name));
    expect(names).toEqual(new Set(['return-policy.pdf', 'shipping-faq.docx']));
    expect(passages.find((p) => p.source.name === 'shipping-faq.docx')?.text).toMatch(/ship to over 40/);
    expect(passages.some((p) => p.source.name === 'return-policy.pdf' && /退货/.test(p.text))).toBe(true);
    expect(new Set(passages.map((p) => p.id)).size).toBe(passages.length);
  });

  it('finds the file about a question, in the three languages', () => {
    expect(retrieve(ava, 'How long does a refund take?', 1)[0]?.source.name).toBe('return-policy.pdf');
    expect(retrieve(ava, 'Which courier delivers the parcel?', 1)[0]?.source.name).toBe('shipping-faq.docx');
    expect(retrieve(ava, '怎么退款？', 1)[0]?.source.name).toBe('return-policy.pdf');
    expect(retrieve(ava, '標準配送要幾個工作日？', 1)[0]?.source.name).toBe('shipping-faq.docx');
    expect(retrieve(ava, 'zzz qqq', 5)).toEqual([]);
  });

  it('ranks a Q&A entry whose question is close above an unrelated file, scores 0 to 1, and ties stably', async () => {
    await givenQaEntry(DEMO_OWNER.id, ava, { question: 'Do you gift wrap orders?', answer: 'Yes, for $3.' });
    const found = retrieve(ava, 'Can you gift wrap my order?', 5);
    expect(found[0]).toMatchObject({ source: { kind: 'qa', name: 'Do you gift wrap orders?' } });
    expect(found[0]?.score).toBeGreaterThan(found[1]?.score ?? 0);
    for (const p of found) expect(p.score).toBeGreaterThan(0);
    for (const p of found) expect(p.score).toBeLessThanOrEqual(1);
    expect(retrieve(ava, 'Can you gift wrap my order?', 5)).toEqual(found);
    const scores = found.map((p) => p.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('keeps the index’s order between equal scores: the entry added first, then the files', async () => {
    await givenQaEntry(DEMO_OWNER.id, ava, { question: 'Gift wrap?', answer: 'Yes.' }, 'qa-b');
    await givenQaEntry(DEMO_OWNER.id, ava, { question: 'Gift wrap?', answer: 'Yes.' }, 'qa-a');
    const found = retrieve(ava, 'gift wrap', 5);
    expect(found.map((p) => p.id)).toEqual(['qa:qa-b', 'qa:qa-a']);
    expect(found[0]?.score).toBe(found[1]?.score);
  });

  it('reads web pages a paragraph at a time, naming the page and its address', () => {
    const passages = pagePassages([
      { url: 'https://shop.test/faq', title: 'FAQ', text: 'We ship worldwide.\n\nReturns are free.' },
    ]);
    expect(passages.map((p) => [p.text, p.source])).toEqual([
      ['We ship worldwide.', { kind: 'page', name: 'FAQ', url: 'https://shop.test/faq' }],
      ['Returns are free.', { kind: 'page', name: 'FAQ', url: 'https://shop.test/faq' }],
    ]);
  });
});

describe('POST /chatbots/{id}/retrieval-test (beyond the spec)', () => {
  it('answers the best passages, five unless told, each with its source and score', async () => {
    const answer = await call('POST', `/chatbots/${ava}/retrieval-test`, {
      token,
      body: { query: 'shipping delivery courier days' },
    });
    expect(answer.status).toBe(200);
    const { passages } = RetrievalResultSchema.parse(answer.body);
    expect(passages).toHaveLength(5);
    expect(passages[0]).toMatchObject({
      source: { kind: 'file', id: 'kf-shipping', name: 'shipping-faq.docx' },
    });
    const two = await call('POST', `/chatbots/${ava}/retrieval-test`, {
      token,
      body: { query: 'shipping', limit: 2 },
    });
    expect(RetrievalResultSchema.parse(two.body).passages).toHaveLength(2);
  });

  it('refuses a blank query in the spec’s error shape, and another user’s bot', async () => {
    const blank = await call('POST', `/chatbots/${ava}/retrieval-test`, { token, body: { query: '  ' } });
    expect(blank).toMatchObject({ status: 400, body: { statusCode: 400 } });
    const other = await call('POST', `/chatbots/${ava}/retrieval-test`, {
      token: 'demo-admin-token',
      body: { query: 'shipping' },
    });
    expect(other.status).toBe(404);
  });
});

describe('the test chat names the passages its reply used', () => {
  it('the Q&A entry it answered with first, then the best matches; none for what it knows nothing of', async () => {
    await givenQaEntry(DEMO_OWNER.id, ava, {
      question: 'Do you ship to Singapore?',
      answer: 'Yes, in 3 days.',
    });
    const used = replyPassages(ava, 'Can you ship to Singapore?');
    expect(used[0]).toMatchObject({ source: { kind: 'qa', name: 'Do you ship to Singapore?' } });
    expect(used.slice(1).every((p) => p.source.kind === 'file')).toBe(true);
    expect(replyPassages(ava, 'zzz qqq')).toEqual([]);

    const reply = await call('POST', `/chatbots/test/${ava}`, {
      token,
      body: { message: 'Can you ship to Singapore?' },
    });
    expect(passagesOfReply(TestChatReplySchema.parse(reply.body))?.[0]?.source.name).toBe(
      'Do you ship to Singapore?',
    );
    const stream = await fetch(
      `http://localhost/api/v1/chatbots/test/${ava}/stream?message=${encodeURIComponent('How do I get a refund?')}`,
      { headers: { Authorization: `Bearer ${token}` } },
    );
    const done = (await stream.text())
      .split('\n')
      .filter((l) => l.startsWith('data:'))
      .map((l) => JSON.parse(l.slice(5)))
      .find((e) => e.type === 'done');
    expect(done.passages[0]).toMatchObject({ source: { kind: 'file', name: 'return-policy.pdf' } });
  });
});
