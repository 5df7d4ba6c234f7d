import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  getActiveChatbotCount,
  getActiveInstanceCount,
  getActivityLog,
  getMessageComparison,
  getTrends,
  getWhatsappUserComparison,
} from '../src/api/dashboard';
import { ApiError } from '../src/api/errors';
import { AUTH, dateTime, errorBody, newPact, useMockServer } from './pact';

const { integer, eachLike, like, regex, number } = MatchersV3;
const pact = newPact();
const comparison = { countsOfToday: integer(12), countsOfYesterday: integer(8) };

const get = (description: string, path: string, body: unknown) =>
  pact
    .addInteraction()
    .given('a signed-in user')
    .given('the user has activity today')
    .uponReceiving(description)
    .withRequest('GET', `/api/v1${path}`, (b) => b.headers(AUTH))
    .willRespondWith(200, (b) => b.jsonBody(body));

describe('dashboard', () => {
  it('compares messages with yesterday', () =>
    get('a comparison of messages with yesterday', '/chat-message/compare/yesterday', comparison).executeTest(
      async (server) => {
        useMockServer(server);
        await expect(getMessageComparison()).resolves.toEqual({ countsOfToday: 12, countsOfYesterday: 8 });
      },
    ));

  it('compares WhatsApp users with yesterday', () =>
    get(
      'a comparison of WhatsApp users with yesterday',
      '/chat-session/count/whatsapp-users',
      comparison,
    ).executeTest(async (server) => {
      useMockServer(server);
      await expect(getWhatsappUserComparison()).resolves.toMatchObject({ countsOfToday: 12 });
    }));

  it('counts active chatbots', () =>
    get('a count of active chatbots', '/chatbots/count/active', { count: integer(2) }).executeTest(
      async (server) => {
        useMockServer(server);
        await expect(getActiveChatbotCount()).resolves.toEqual({ count: 2 });
      },
    ));

  it('counts active instances', () =>
    get('a count of active instances', '/whatsapp/count/active', { count: integer(1) }).executeTest(
      async (server) => {
        useMockServer(server);
        await expect(getActiveInstanceCount()).resolves.toEqual({ count: 1 });
      },
    ));

  it('lists recent activity', () =>
    get(
      'the activity log',
      '/activity-log/list',
      // The kind (type) is optional: without it an entry shows its description.
      eachLike({ createdAt: dateTime(), description: like('New instance bound: Front desk') }),
    ).executeTest(async (server) => {
      useMockServer(server);
      const log = await getActivityLog();
      expect(log[0]).toEqual({
        createdAt: '2026-11-20T09:30:00.000Z',
        description: 'New instance bound: Front desk',
      });
    }));

  describe('trends', () => {
    const day = (example = '2026-11-20') => regex(/^\d{4}-\d{2}-\d{2}$/, example);
    const counts = (value: number) => eachLike({ date: day(), value: integer(value) });
    const week = () =>
      pact
        .addInteraction()
        .given('a signed-in user')
        .given('the user had a conversation every day of the last week');

    it('answers the daily series of a week, oldest first', () =>
      week()
        .uponReceiving('the daily trends of the last 7 days')
        .withRequest('GET', '/api/v1/dashboard/trends', (b) => b.headers(AUTH).query({ days: '7' }))
        .willRespondWith(200, (b) =>
          b.jsonBody({
            days: integer(7),
            series: {
              messages: counts(2),
              activeUsers: counts(1),
              tokens: counts(9),
              // A fraction of 0 to 1 (null on a day without conversations; this week has one every day).
              positiveShare: eachLike({ date: day(), value: number(0.5) }),
            },
          }),
        )
        .executeTest(async (server) => {
          useMockServer(server);
          const answer = await getTrends(7);
          expect(answer.days).toBe(7);
          expect(answer.series.messages?.[0]).toEqual({ date: '2026-11-20', value: 2 });
          expect(answer.series.positiveShare?.[0]).toEqual({ date: '2026-11-20', value: 0.5 });
        }));

    it('answers a series it cannot compute as null, with the reason, and the others as usual', () =>
      week()
        .given('the token trend cannot be computed')
        .uponReceiving('the daily trends of the last 7 days without the tokens')
        .withRequest('GET', '/api/v1/dashboard/trends', (b) => b.headers(AUTH).query({ days: '7' }))
        .willRespondWith(200, (b) =>
          b.jsonBody({
            series: {
              messages: counts(2),
              activeUsers: counts(1),
              tokens: null,
              positiveShare: eachLike({ date: day(), value: number(0.5) }),
            },
            errors: { tokens: like('This series could not be computed') },
          }),
        )
        .executeTest(async (server) => {
          useMockServer(server);
          const answer = await getTrends(7);
          expect(answer.series.tokens).toBeNull();
          expect(answer.errors).toEqual({ tokens: 'This series could not be computed' });
          expect(answer.series.activeUsers?.[0]?.value).toBe(1);
        }));

    it('refuses a period it does not offer', () =>
      pact
        .addInteraction()
        .given('a signed-in user')
        .uponReceiving('the daily trends of a period not offered')
        .withRequest('GET', '/api/v1/dashboard/trends', (b) => b.headers(AUTH).query({ days: '14' }))
        .willRespondWith(400, (b) =>
          b.jsonBody(errorBody(400, 'VALIDATION_FAILED', 'days: must be one of 7, 30, 90')),
        )
        .executeTest(async (server) => {
          useMockServer(server);
          const error = await getTrends(14 as never).catch((e: unknown) => e);
          expect(error).toBeInstanceOf(ApiError);
          expect((error as ApiError).status).toBe(400);
        }));
  });
});
