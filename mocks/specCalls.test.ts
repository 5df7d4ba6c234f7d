import { beforeEach, describe, expect, it } from 'vitest';
import { resetAndSeed, switchScenario } from './node';
import { DEMO_OWNER } from './seed';
import { isSpecCall, notRoutedBody } from './specCalls';
import { call, withMockServer } from './testing';

const url = (path: string) => `http://localhost/api/v1${path}`;

describe("the spec's calls", () => {
  it.each([
    ['POST', '/auth/send-code'],
    ['GET', '/users/me'],
    ['GET', '/activity-log/list'],
    ['GET', '/whatsapp/inst-1'],
    ['POST', '/whatsapp/inst-1/logout'],
    ['GET', '/chatbots/user/u-1/active'],
    ['PATCH', '/chatbots/bot-1'],
    ['POST', '/chatbots/test/bot-1'],
    ['POST', '/chat-session/s-1/analyze'],
    ['DELETE', '/membership/plan-1'],
    ['GET', '/payments/subscription-management-url?sessionId=cs_1'],
  ])('%s %s is one of them', (method, path) => {
    expect(isSpecCall(method, url(path))).toBe(true);
  });

  it.each([
    ['GET', '/dashboard/trends?days=7'],
    ['GET', '/events/stream'],
    ['GET', '/chatbots/bot-1/prompt-versions'],
    ['GET', '/chatbots/bot-1/database'],
    ['POST', '/chatbots/prompt-optimizations'],
    ['GET', '/chatbots/test/bot-1/stream?message=hi'],
    ['GET', '/payments/methods'],
    ['GET', '/payments/billing-details'],
    ['GET', '/payments/invoices'],
    ['POST', '/sales/inquiries'],
    // A spec path with a method the spec does not give it.
    ['PUT', '/chatbots/bot-1'],
  ])('%s %s is an extension of ours', (method, path) => {
    expect(isSpecCall(method, url(path))).toBe(false);
  });

  it('leaves what is not an API call alone', () => {
    expect(isSpecCall('GET', 'http://localhost/assets/app.js')).toBe(true);
  });

  it('answers an unrouted call as NestJS does', () => {
    expect(notRoutedBody('get', url('/dashboard/trends?days=7'))).toEqual({
      statusCode: 404,
      message: 'Cannot GET /api/v1/dashboard/trends',
      error: 'Not Found',
    });
  });
});

describe("the 'spec-only' scenario", () => {
  withMockServer();
  beforeEach(async () => {
    await resetAndSeed();
  });

  it('answers 404 to every extension and serves the spec as ever', async () => {
    switchScenario('spec-only');
    const owner = { token: DEMO_OWNER.token };
    const trends = await call('GET', '/dashboard/trends?days=7', owner);
    expect(trends.status).toBe(404);
    expect(trends.body).toMatchObject({ message: 'Cannot GET /api/v1/dashboard/trends' });
    expect((await call('GET', '/payments/methods', owner)).status).toBe(404);
    expect((await call('GET', '/chatbots/count/active', owner)).status).toBe(200);
    expect((await call('GET', '/membership/plans', owner)).status).toBe(200);
  });
});
