import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  getActiveChatbotCount,
  getActiveInstanceCount,
  getActivityLog,
  getMessageComparison,
  getWhatsappUserComparison,
} from '../src/api/dashboard';
import { AUTH, dateTime, newPact, useMockServer } from './pact';

const { integer, eachLike, like } = MatchersV3;
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
});
