import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/errors';
import { answerUnanswered, dismissUnanswered, listUnanswered } from '../src/api/unanswered';
import { AUTH, dateTime, JSON_HEADERS, newPact, useMockServer } from './pact';

/* Beyond the spec (issue 33): the questions a bot could not answer, grouped. */
const { eachLike, integer, like } = MatchersV3;
const pact = newPact();
const group = { id: 'unanswered-1', question: 'Do you sell gift cards?' };
const answer = { question: 'Do you sell gift cards?', answer: 'Yes, from $10.' };
const withBot = () =>
  pact
    .addInteraction()
    .given('a signed-in user')
    .given('the user has a chatbot', { id: 'bot-1', name: 'Support bot' });
const withGroup = () =>
  withBot().given('the chatbot has an unanswered question', { chatbotId: 'bot-1', ...group });

describe('a bot’s unanswered questions (beyond the spec)', () => {
  it('lists the open groups', () =>
    withGroup()
      .uponReceiving('a request for the unanswered questions of a bot')
      .withRequest('GET', '/api/v1/chatbots/bot-1/unanswered', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          groups: eachLike({
            id: like(group.id),
            question: like(group.question),
            examples: eachLike('Can I buy a gift card?'),
            count: integer(2),
            lastAskedAt: dateTime(),
          }),
          open: integer(1),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        const list = await listUnanswered('bot-1');
        expect(list.open).toBe(1);
        expect(list.groups).toEqual([expect.objectContaining({ ...group, count: 2 })]);
      }));

  it('answers a group with a Q&A entry', () =>
    withGroup()
      .uponReceiving('a request to answer an unanswered question')
      .withRequest('POST', '/api/v1/chatbots/bot-1/unanswered/unanswered-1/answer', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody(answer),
      )
      .willRespondWith(201, (b) => b.jsonBody({ id: like('qa-1'), ...answer, updatedAt: dateTime() }))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(answerUnanswered('bot-1', 'unanswered-1', answer)).resolves.toMatchObject(answer);
      }));

  it('refuses an answer beyond the Q&A limit', () =>
    withGroup()
      .given('the chatbot has as many Q&A entries as allowed', { chatbotId: 'bot-1' })
      .uponReceiving('a request to answer an unanswered question beyond the Q&A limit')
      .withRequest('POST', '/api/v1/chatbots/bot-1/unanswered/unanswered-1/answer', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody(answer),
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
        const refused = await answerUnanswered('bot-1', 'unanswered-1', answer).catch((e) => e);
        expect(refused).toBeInstanceOf(ApiError);
        expect(refused).toMatchObject({ status: 409, body: { code: 'QA_LIMIT_REACHED' } });
      }));

  it('dismisses a group', () =>
    withGroup()
      .uponReceiving('a request to dismiss an unanswered question')
      .withRequest('POST', '/api/v1/chatbots/bot-1/unanswered/unanswered-1/dismiss', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody({ success: true }))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(dismissUnanswered('bot-1', 'unanswered-1')).resolves.toEqual({ success: true });
      }));
});
