import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { http } from '../src/api/client';
import {
  createInstance,
  getInstance,
  getUsageInfo,
  listInstances,
  logoutInstance,
  updateInstance,
} from '../src/api/instances';
import { InstanceSchema, TimeRange } from '../src/api/schemas/instances';
import { AUTH, errorBody, instanceExample, JSON_HEADERS, newPact, useMockServer } from './pact';

const { integer, eachLike, like, nullValue, regex } = MatchersV3;
const pact = newPact();
const withInstance = (b: ReturnType<typeof pact.addInteraction>) =>
  b
    .given('a signed-in user')
    .given('the user has a chatbot', { id: 'bot-1' })
    .given('the user has an instance', { id: 'inst-1' });

describe('instances', () => {
  it('creates an instance waiting for a scan', () =>
    pact
      .addInteraction()
      .given('a signed-in user')
      .uponReceiving('a request to create an instance')
      .withRequest('POST', '/api/v1/whatsapp/create-instance', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody({}),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          ...instanceExample('inst-9'),
          chatbotId: nullValue(),
          status: integer(0),
          instanceStatus: like('qr'),
          qrCode: like('2@AbCdEf0123456789,key,secret'),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        const instance = await createInstance();
        expect(instance).toMatchObject({ status: 0, chatbotId: null });
      }));

  it('refuses a new instance beyond the plan limit', () =>
    pact
      .addInteraction()
      .given('a signed-in user')
      .given('the user has reached the instance limit')
      .uponReceiving('a request to create an instance beyond the limit')
      .withRequest('POST', '/api/v1/whatsapp/create-instance', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody({}),
      )
      .willRespondWith(403, (b) =>
        b.jsonBody({
          ...errorBody(403, 'PLAN_LIMIT_REACHED', 'Your plan allows 1 instance'),
          limit: { name: 'instanceLimit', max: integer(1) },
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(createInstance()).rejects.toMatchObject({ status: 403, code: 'PLAN_LIMIT_REACHED' });
      }));

  it('lists instances', () =>
    withInstance(pact.addInteraction())
      .uponReceiving('a request for the instance list')
      .withRequest('GET', '/api/v1/whatsapp/list', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody(eachLike(instanceExample())))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(listInstances()).resolves.toHaveLength(1);
      }));

  it('answers one instance', () =>
    withInstance(pact.addInteraction())
      .uponReceiving('a request for one instance')
      .withRequest('GET', '/api/v1/whatsapp/inst-1', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody(instanceExample()))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(getInstance('inst-1')).resolves.toMatchObject({ id: 'inst-1' });
      }));

  it("answers 404 for another user's instance", () =>
    pact
      .addInteraction()
      .given('a signed-in user')
      .given('another user has an instance', { id: 'inst-other' })
      .uponReceiving("a request for another user's instance")
      .withRequest('GET', '/api/v1/whatsapp/inst-other', (b) => b.headers(AUTH))
      .willRespondWith(404, (b) => b.jsonBody(errorBody(404, 'NOT_FOUND', 'Instance not found')))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(getInstance('inst-other')).rejects.toMatchObject({ status: 404 });
      }));

  it('logs an instance out', () =>
    withInstance(pact.addInteraction())
      .uponReceiving('a request to log an instance out')
      .withRequest('POST', '/api/v1/whatsapp/inst-1/logout', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody({}),
      )
      // The client needs nothing of the answer (success is optional): a 2xx with a JSON object.
      .willRespondWith(200, (b) => b.jsonBody({}))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(logoutInstance('inst-1')).resolves.toEqual({});
      }));

  it('renames an instance and links a chatbot', () =>
    withInstance(pact.addInteraction())
      .uponReceiving('a request to update an instance')
      .withRequest('POST', '/api/v1/whatsapp/inst-1/update', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody({ instanceName: 'Front desk', chatbotId: 'bot-1' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({ ...instanceExample(), instanceName: 'Front desk', chatbotId: 'bot-1' }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        const updated = await updateInstance('inst-1', { instanceName: 'Front desk', chatbotId: 'bot-1' });
        expect(updated).toMatchObject({ instanceName: 'Front desk', chatbotId: 'bot-1' });
      }));

  it('refuses an update with an empty name', () =>
    withInstance(pact.addInteraction())
      .uponReceiving('a request to update an instance with an empty name')
      .withRequest('POST', '/api/v1/whatsapp/inst-1/update', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody({ instanceName: '', chatbotId: 'bot-1' }),
      )
      .willRespondWith(400, (b) => b.jsonBody(errorBody(400, 'VALIDATION_FAILED', 'instanceName: too short')))
      .executeTest(async (server) => {
        useMockServer(server);
        // The client validates before sending; this pins what the server says when something gets through.
        await expect(
          http.post('/whatsapp/inst-1/update', InstanceSchema, {
            body: { instanceName: '', chatbotId: 'bot-1' },
          }),
        ).rejects.toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
      }));

  it('answers usage for a time range', () =>
    withInstance(pact.addInteraction())
      .given('the user has activity today')
      .uponReceiving('a request for usage in the last 7 days')
      .withRequest('POST', '/api/v1/whatsapp/usage-info', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody({ timeRange: TimeRange.last7Days }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          nowInstanceNum: integer(1),
          maxInstanceNum: integer(1),
          usageInfos: eachLike({ sessionFrom: like('8613812345678@c.us'), tokenCount: integer(1520) }),
          totalTokenCount: integer(1520),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        const usage = await getUsageInfo(TimeRange.last7Days);
        expect(usage.usageInfos.length).toBeGreaterThan(0);
      }));

  it('answers usage for whole days of the calendar, with the tokens of each day', () =>
    withInstance(pact.addInteraction())
      .given('the user had a conversation on a day', { date: '2026-10-15' })
      .uponReceiving('a request for usage from one day to another, both included')
      .withRequest('POST', '/api/v1/whatsapp/usage-info', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody({ startDate: '2026-10-01', endDate: '2026-10-31' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          nowInstanceNum: integer(1),
          maxInstanceNum: integer(1),
          usageInfos: eachLike({ sessionFrom: like('8613812345678@c.us'), tokenCount: integer(15) }),
          totalTokenCount: integer(15),
          dailyTokens: eachLike({ date: regex(/^\d{4}-\d{2}-\d{2}$/, '2026-10-01'), tokenCount: integer(0) }),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        const usage = await getUsageInfo({ startDate: '2026-10-01', endDate: '2026-10-31' });
        expect(usage.usageInfos.length).toBeGreaterThan(0);
        expect(usage.dailyTokens?.[0]?.date).toBe('2026-10-01');
      }));
});
