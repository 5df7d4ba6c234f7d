import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/errors';
import { createQaEntry, deleteQaEntry, listQaEntries, updateQaEntry } from '../src/api/knowledgeQa';
import { AUTH, dateTime, JSON_HEADERS, newPact, useMockServer } from './pact';

/* Beyond the spec (issue 33): a bot's question-and-answer knowledge. */
const { eachLike, integer, like } = MatchersV3;
const pact = newPact();
const entry = { id: 'qa-1', question: 'Do you ship to Singapore?', answer: 'Yes, in 3 to 5 days.' };
const withBot = () =>
  pact
    .addInteraction()
    .given('a signed-in user')
    .given('the user has a chatbot', { id: 'bot-1', name: 'Support bot' });
const withEntry = () => withBot().given('the chatbot has a Q&A entry', { chatbotId: 'bot-1', ...entry });
const shaped = {
  id: like(entry.id),
  question: like(entry.question),
  answer: like(entry.answer),
  updatedAt: dateTime(),
};

describe('a bot’s Q&A knowledge (beyond the spec)', () => {
  it('lists the entries with the limit', () =>
    withEntry()
      .uponReceiving('a request for the Q&A entries of a bot')
      .withRequest('GET', '/api/v1/chatbots/bot-1/qa', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody({ entries: eachLike(shaped), limit: integer(50) }))
      .executeTest(async (server) => {
        useMockServer(server);
        const list = await listQaEntries('bot-1');
        expect(list.entries).toEqual([expect.objectContaining(entry)]);
        expect(list.limit).toBe(50);
      }));

  it('adds an entry', () =>
    withBot()
      .uponReceiving('a request to add a Q&A entry')
      .withRequest('POST', '/api/v1/chatbots/bot-1/qa', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody({ question: entry.question, answer: entry.answer }),
      )
      .willRespondWith(201, (b) => b.jsonBody({ ...shaped, question: entry.question, answer: entry.answer }))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(
          createQaEntry('bot-1', { question: entry.question, answer: entry.answer }),
        ).resolves.toMatchObject({
          question: entry.question,
        });
      }));

  it('changes an entry', () =>
    withEntry()
      .uponReceiving('a request to change a Q&A entry')
      .withRequest('PUT', '/api/v1/chatbots/bot-1/qa/qa-1', (b) =>
        b
          .headers({ ...AUTH, ...JSON_HEADERS })
          .jsonBody({ question: entry.question, answer: 'Yes, in 2 days.' }),
      )
      .willRespondWith(200, (b) => b.jsonBody({ ...shaped, id: 'qa-1', answer: 'Yes, in 2 days.' }))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(
          updateQaEntry('bot-1', 'qa-1', { question: entry.question, answer: 'Yes, in 2 days.' }),
        ).resolves.toMatchObject({ id: 'qa-1', answer: 'Yes, in 2 days.' });
      }));

  it('deletes an entry', () =>
    withEntry()
      .uponReceiving('a request to delete a Q&A entry')
      .withRequest('DELETE', '/api/v1/chatbots/bot-1/qa/qa-1', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody({ success: true }))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(deleteQaEntry('bot-1', 'qa-1')).resolves.toEqual({ success: true });
      }));

  it('refuses an entry beyond the limit', () =>
    withBot()
      .given('the chatbot has as many Q&A entries as allowed', { chatbotId: 'bot-1' })
      .uponReceiving('a request to add a Q&A entry beyond the limit')
      .withRequest('POST', '/api/v1/chatbots/bot-1/qa', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody({ question: 'One more?', answer: 'No.' }),
      )
      .willRespondWith(409, (b) =>
        b.jsonBody({
          statusCode: 409,
          message: like('A bot keeps at most 50 questions and answers'),
          code: 'QA_LIMIT_REACHED',
          limit: { name: 'qaEntryLimit', max: integer(50) },
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        const refused = await createQaEntry('bot-1', { question: 'One more?', answer: 'No.' }).catch(
          (e) => e,
        );
        expect(refused).toBeInstanceOf(ApiError);
        expect(refused).toMatchObject({ status: 409, body: { code: 'QA_LIMIT_REACHED' } });
      }));
});
