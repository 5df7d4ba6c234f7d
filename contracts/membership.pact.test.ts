import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  createPlan,
  deletePlan,
  getTokenRemaining,
  getTokenResetTime,
  getUserMembership,
  listPlans,
  updatePlan,
} from '../src/api/membership';
import type { PlanBody } from '../src/api/schemas/membership';
import { AUTH, dateTime, errorBody, JSON_HEADERS, newPact, planExample, useMockServer } from './pact';

const { integer, like } = MatchersV3;
const pact = newPact();

const planBody: PlanBody = {
  name: 'Growth',
  level: 2,
  description: 'For growing teams',
  instanceLimit: 2,
  chatbotLimit: 3,
  monthlyTokenLimit: 200000,
  totalChatSessionLimit: 1000,
  knowledgeBaseFileLimit: 10,
  monthlyPrice: 199,
  yearlyPrice: 1990,
  monthlyPriceId: 'price_growth_monthly',
  yearlyPriceId: 'price_growth_yearly',
  hasAdvancedFeatures: true,
  hasCustomPrompt: true,
  status: 1,
};

const asUser = () => pact.addInteraction().given('a signed-in user');
const asAdmin = () => pact.addInteraction().given('a signed-in admin');

describe('membership', () => {
  it('lists the plans', () =>
    asUser()
      .uponReceiving('a request for the membership plans')
      .withRequest('GET', '/api/v1/membership/plans', (b) => b.headers(AUTH))
      // A free plan has no price at the payment provider: both shapes must be understood.
      .willRespondWith(200, (b) =>
        b.jsonBody(
          MatchersV3.arrayContaining(planExample(), {
            ...planExample('plan-free'),
            name: like('Free'),
            level: integer(0),
            monthlyPrice: MatchersV3.number(0),
            yearlyPrice: MatchersV3.number(0),
            monthlyPriceId: MatchersV3.nullValue(),
            yearlyPriceId: MatchersV3.nullValue(),
          }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        const plans = await listPlans();
        expect(plans.map((p) => p.monthlyPriceId)).toEqual(['price_starter_monthly', null]);
      }));

  it("answers the user's membership", () =>
    asUser()
      .uponReceiving("a request for the user's membership")
      .withRequest('GET', '/api/v1/membership/user', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          name: like('Starter'),
          level: integer(1),
          endDate: dateTime(),
          instanceLimit: integer(1),
          chatbotLimit: integer(3),
          monthlyTokenLimit: integer(100000),
          totalChatSessionLimit: integer(500),
          knowledgeBaseFileLimit: integer(10),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(getUserMembership()).resolves.toMatchObject({ name: 'Starter' });
      }));

  it('answers when the tokens reset', () =>
    asUser()
      .uponReceiving('a request for the token reset time')
      .withRequest('GET', '/api/v1/membership/user/token-reset-time', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody({ resetTime: dateTime('2026-12-01T00:00:00.000Z') }))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(getTokenResetTime()).resolves.toHaveProperty('resetTime');
      }));

  it('answers the tokens remaining', () =>
    asUser()
      .uponReceiving('a request for the tokens remaining')
      .withRequest('GET', '/api/v1/membership/user/token-remaining', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody({ remaining: integer(81234), limit: integer(100000) }))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(getTokenRemaining()).resolves.toMatchObject({ limit: 100000 });
      }));

  it('creates a plan as admin', () =>
    asAdmin()
      .uponReceiving('a request from an admin to create a plan')
      .withRequest('POST', '/api/v1/membership', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody(planBody),
      )
      .willRespondWith(200, (b) => b.jsonBody({ ...planExample('plan-growth'), name: 'Growth', level: 2 }))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(createPlan(planBody)).resolves.toMatchObject({ name: 'Growth' });
      }));

  it('refuses plan changes from a non-admin', () =>
    asUser()
      .uponReceiving('a request from a regular user to create a plan')
      .withRequest('POST', '/api/v1/membership', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody(planBody),
      )
      .willRespondWith(403, (b) =>
        b.jsonBody(errorBody(403, 'FORBIDDEN', 'Only administrators can manage plans')),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(createPlan(planBody)).rejects.toMatchObject({ status: 403, code: 'FORBIDDEN' });
      }));

  it('updates a plan as admin', () =>
    asAdmin()
      .given('a plan exists', { id: 'plan-growth' })
      .uponReceiving('a request from an admin to update a plan')
      .withRequest('PUT', '/api/v1/membership/plan-growth', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody(planBody),
      )
      .willRespondWith(200, (b) => b.jsonBody({ ...planExample('plan-growth'), name: 'Growth' }))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(updatePlan('plan-growth', planBody)).resolves.toMatchObject({ id: 'plan-growth' });
      }));

  it('deletes a plan as admin', () =>
    asAdmin()
      .given('a plan exists', { id: 'plan-growth' })
      .uponReceiving('a request from an admin to delete a plan')
      .withRequest('DELETE', '/api/v1/membership/plan-growth', (b) => b.headers(AUTH))
      // The client needs nothing of the answer (success is optional): a 2xx with a JSON object.
      .willRespondWith(200, (b) => b.jsonBody({}))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(deletePlan('plan-growth')).resolves.toEqual({});
      }));
});
