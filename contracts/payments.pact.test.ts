import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { createPayment, getPaymentSession, getSubscriptionManagementUrl } from '../src/api/payments';
import { ScheduleType } from '../src/api/schemas/payments';
import { AUTH, dateTime, errorBody, JSON_HEADERS, newPact, useMockServer } from './pact';

const { eachLike, integer, like, regex } = MatchersV3;
const pact = newPact();

describe('payments', () => {
  it('starts a checkout for a user on the free plan', () =>
    pact
      .addInteraction()
      .given('a signed-in user on the free plan')
      .uponReceiving('a request to pay for a plan monthly')
      .withRequest('POST', '/api/v1/payments/create', (b) =>
        b
          .headers({ ...AUTH, ...JSON_HEADERS })
          .jsonBody({ membershipId: 'plan-pro', scheduleType: ScheduleType.monthly }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({ redirectUrl: regex(/^https?:\/\/.+/, 'https://checkout.example/cs_demo_1') }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        const result = await createPayment({ membershipId: 'plan-pro', scheduleType: ScheduleType.monthly });
        expect(result.redirectUrl).toMatch(/^https?:/);
      }));

  it('changes an existing paid subscription in place', () =>
    pact
      .addInteraction()
      .given('a signed-in user')
      .uponReceiving('a request to move a paid subscription to another plan yearly')
      .withRequest('POST', '/api/v1/payments/create', (b) =>
        b
          .headers({ ...AUTH, ...JSON_HEADERS })
          .jsonBody({ membershipId: 'plan-pro', scheduleType: ScheduleType.yearly }),
      )
      .willRespondWith(200, (b) => b.jsonBody({ isUpdate: true }))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(
          createPayment({ membershipId: 'plan-pro', scheduleType: ScheduleType.yearly }),
        ).resolves.toEqual({
          isUpdate: true,
        });
      }));

  it('refuses an unknown plan', () =>
    pact
      .addInteraction()
      .given('a signed-in user')
      .uponReceiving('a request to pay for a plan that does not exist')
      .withRequest('POST', '/api/v1/payments/create', (b) =>
        b
          .headers({ ...AUTH, ...JSON_HEADERS })
          .jsonBody({ membershipId: 'plan-missing', scheduleType: ScheduleType.monthly }),
      )
      .willRespondWith(404, (b) => b.jsonBody(errorBody(404, 'NOT_FOUND', 'Plan not found')))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(
          createPayment({ membershipId: 'plan-missing', scheduleType: ScheduleType.monthly }),
        ).rejects.toMatchObject({ status: 404 });
      }));

  it('answers the subscription management URL', () =>
    pact
      .addInteraction()
      .given('a signed-in user')
      .given('a paid checkout session', { sessionId: 'cs_demo_1' })
      .uponReceiving('a request for the subscription management URL')
      .withRequest('GET', '/api/v1/payments/subscription-management-url', (b) =>
        b.headers(AUTH).query({ sessionId: 'cs_demo_1' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({ url: regex(/^https?:\/\/.+/, 'https://billing.example/portal/1') }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(getSubscriptionManagementUrl('cs_demo_1')).resolves.toHaveProperty('url');
      }));

  it('answers the details of a paid checkout session', () =>
    pact
      .addInteraction()
      .given('a signed-in user')
      .given('a paid checkout session', { sessionId: 'cs_demo_1' })
      .uponReceiving('a request for a payment session')
      .withRequest('POST', '/api/v1/payments/subscription-by-session-id', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody({ sessionId: 'cs_demo_1' }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({
          paymentAmount: integer(29900),
          paymentCurrency: like('usd'),
          paymentMethod: like('card'),
          payments: eachLike({ id: like('pay_1'), createdAt: dateTime() }),
          // The spec names the membership but not its fields: the page needs its name.
          membership: { name: like('Pro') },
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        const details = await getPaymentSession('cs_demo_1');
        expect(details.paymentAmount).toBe(29900);
      }));

  it('answers 404 for an unknown payment session', () =>
    pact
      .addInteraction()
      .given('a signed-in user')
      .uponReceiving('a request for a payment session that does not exist')
      .withRequest('POST', '/api/v1/payments/subscription-by-session-id', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody({ sessionId: 'cs_missing' }),
      )
      .willRespondWith(404, (b) => b.jsonBody(errorBody(404, 'NOT_FOUND', 'Payment session not found')))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(getPaymentSession('cs_missing')).rejects.toMatchObject({ status: 404 });
      }));
});
