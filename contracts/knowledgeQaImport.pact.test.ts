import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/errors';
import { importQaEntries } from '../src/api/knowledgeQa';
import { AUTH, dateTime, JSON_HEADERS, newPact, useMockServer } from './pact';

/* Beyond the spec (issue 33): many Q&A entries at once, all or none (a CSV import). */
const { eachLike, integer, like } = MatchersV3;
const pact = newPact();
const entries = [
  { question: '=SUM(A1)', answer: 'A formula, as text.' },
  { question: '营业时间？', answer: '周一至周五，9:00-18:00。' },
];
const withBot = () =>
  pact
    .addInteraction()
    .given('a signed-in user')
    .given('the user has a chatbot', { id: 'bot-1', name: 'Support bot' });

describe('importing Q&A entries (beyond the spec)', () => {
  it('creates them all', () =>
    withBot()
      .uponReceiving('a request to import Q&A entries')
      .withRequest('POST', '/api/v1/chatbots/bot-1/qa/import', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody({ entries }),
      )
      .willRespondWith(201, (b) =>
        b.jsonBody({
          created: eachLike(
            {
              id: like('qa-1'),
              question: like(entries[0]?.question),
              answer: like(entries[0]?.answer),
              updatedAt: dateTime(),
            },
            2,
          ),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        const result = await importQaEntries('bot-1', { entries });
        expect(result.created).toHaveLength(2);
      }));

  it('refuses them all when one is bad, naming its row', () =>
    withBot()
      .uponReceiving('a request to import Q&A entries with a bad one')
      .withRequest('POST', '/api/v1/chatbots/bot-1/qa/import', (b) =>
        b
          .headers({ ...AUTH, ...JSON_HEADERS })
          .jsonBody({ entries: [...entries, { question: '营业时间?', answer: 'Twice.' }] }),
      )
      .willRespondWith(400, (b) =>
        b.jsonBody({
          statusCode: 400,
          message: like('Row 3, question: The same question is in the list twice'),
          code: 'VALIDATION_FAILED',
          details: eachLike({ row: integer(3), field: like('question'), message: like('twice') }),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        const refused = await importQaEntries('bot-1', {
          entries: [...entries, { question: '营业时间?', answer: 'Twice.' }],
        }).catch((e) => e);
        expect(refused).toBeInstanceOf(ApiError);
        expect(refused).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
      }));

  it('refuses them all when they would pass the limit', () =>
    withBot()
      .given('the chatbot has as many Q&A entries as allowed', { chatbotId: 'bot-1' })
      .uponReceiving('a request to import Q&A entries beyond the limit')
      .withRequest('POST', '/api/v1/chatbots/bot-1/qa/import', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody({ entries }),
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
        const refused = await importQaEntries('bot-1', { entries }).catch((e) => e);
        expect(refused).toMatchObject({ status: 409, body: { code: 'QA_LIMIT_REACHED' } });
      }));
});
