import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { sendTestMessage } from '../src/api/chatbots';
import { testRetrieval } from '../src/api/retrieval';
import { passagesOfReply } from '../src/api/testChat';
import { AUTH, JSON_HEADERS, newPact, useMockServer } from './pact';

/* Beyond the spec (issue 33): what the bot finds in its knowledge, and the passages a test reply used. */
const { eachLike, like, number, regex } = MatchersV3;
const pact = newPact();
const entry = { id: 'qa-1', question: 'Do you ship to Singapore?', answer: 'Yes, in 3 to 5 days.' };
const withEntry = () =>
  pact
    .addInteraction()
    .given('a signed-in user')
    .given('the user has a chatbot', { id: 'bot-1', name: 'Support bot' })
    .given('the chatbot has a Q&A entry', { chatbotId: 'bot-1', ...entry });
/** A passage as the client reads it: the kind of its source pinned to the three it knows, the rest by type. */
const passage = (kind: 'qa' | 'file' | 'page', name: string) => ({
  id: like('qa:qa-1'),
  text: like(`${entry.question}\n${entry.answer}`),
  score: number(0.9),
  source: { kind: regex(/^(qa|file|page)$/, kind), name: like(name) },
});

describe('retrieval (beyond the spec)', () => {
  it('finds the passages that best match a question', () =>
    withEntry()
      .uponReceiving('a retrieval test of a question')
      .withRequest('POST', '/api/v1/chatbots/bot-1/retrieval-test', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody({ query: 'Can you ship to Singapore?' }),
      )
      .willRespondWith(200, (b) => b.jsonBody({ passages: eachLike(passage('qa', entry.question)) }))
      .executeTest(async (server) => {
        useMockServer(server);
        const { passages } = await testRetrieval('bot-1', { query: 'Can you ship to Singapore?' });
        expect(passages[0]).toMatchObject({ source: { kind: 'qa', name: entry.question } });
        expect(passages[0]?.score).toBeGreaterThan(0);
      }));

  it('names the passages a test reply used', () =>
    withEntry()
      .uponReceiving('a test message answered from a Q&A entry')
      .withRequest('POST', '/api/v1/chatbots/test/bot-1', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody({ message: 'Can you ship to Singapore?' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          message: like(entry.answer),
          threadId: like('thread-1'),
          passages: eachLike(passage('qa', entry.question)),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        const reply = await sendTestMessage('bot-1', { message: 'Can you ship to Singapore?' });
        expect(passagesOfReply(reply)?.[0]?.source).toMatchObject({ kind: 'qa', name: entry.question });
      }));
});
