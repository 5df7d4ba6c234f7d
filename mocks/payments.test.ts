// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PaymentSessionDetailsSchema } from '../src/api/schemas/payments';
import { givenPaidCheckout, givenUser } from './fixtures';
import { cancelCheckout, completeCheckout, getCheckout } from './handlers/payments';
import { switchScenario } from './node';
import { call, withMockServer } from './testing';

withMockServer();

const pay = (token: string, membershipId: string, scheduleType: 1 | 2, origin?: string) =>
  call('POST', '/payments/create', {
    token,
    body: { membershipId, scheduleType },
    headers: origin ? { Origin: origin } : {},
  });

describe('payments', () => {
  it('sends a Free user to the demo checkout; completing it applies the plan', async () => {
    const u = await givenUser({ email: 'free@b.test', planName: 'Free' });
    const created = await pay(u.token, 'plan-pro', 1, 'http://127.0.0.1:5173');
    expect(created.status).toBe(200);
    expect(created.body.isUpdate).toBeUndefined();
    const url = new URL(created.body.redirectUrl);
    expect(url.origin).toBe('http://127.0.0.1:5173');
    expect(url.pathname).toBe('/demo-checkout');
    const sessionId = url.searchParams.get('session_id') ?? '';
    expect(sessionId).toMatch(/^cs_demo_/);

    // Not paid yet: no details, plan unchanged.
    const before = await call('POST', '/payments/subscription-by-session-id', {
      token: u.token,
      body: { sessionId },
    });
    expect(before).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', message: 'Payment session not found' },
    });
    expect(getCheckout(sessionId)).toMatchObject({ status: 'pending', planName: 'Pro', amount: 29_900 });

    expect(await completeCheckout(sessionId)).toMatchObject({ status: 'paid' });
    expect(await completeCheckout(sessionId)).toBeNull();

    const details = await call('POST', '/payments/subscription-by-session-id', {
      token: u.token,
      body: { sessionId },
    });
    expect(details.status).toBe(200);
    expect(PaymentSessionDetailsSchema.parse(details.body)).toMatchObject({
      paymentAmount: 29_900,
      paymentCurrency: 'usd',
      paymentMethod: 'card',
      membership: { id: 'plan-pro', name: 'Pro' },
    });
    expect(details.body.payments).toHaveLength(1);
    const membership = (await call('GET', '/membership/user', { token: u.token })).body;
    expect(membership).toMatchObject({ name: 'Pro', level: 2, instanceLimit: 3 });
    expect(Date.parse(membership.endDate)).toBeGreaterThan(Date.now() + 27 * 24 * 3600 * 1000);

    // Someone else's session is not found.
    const other = await givenUser({ email: 'other@b.test' });
    const theirs = await call('POST', '/payments/subscription-by-session-id', {
      token: other.token,
      body: { sessionId },
    });
    expect(theirs.status).toBe(404);
  });

  it('uses the API origin when the request has no Origin header', async () => {
    const u = await givenUser({ email: 'free@b.test' });
    const created = await pay(u.token, 'plan-starter', 2);
    expect(created.body.redirectUrl).toMatch(/^http:\/\/localhost\/demo-checkout\?session_id=cs_demo_/);
  });

  it('cancelling changes nothing but the session', async () => {
    const u = await givenUser({ email: 'free@b.test' });
    const sessionId = new URL((await pay(u.token, 'plan-starter', 1)).body.redirectUrl).searchParams.get(
      'session_id',
    );
    expect(await cancelCheckout(sessionId ?? '')).toMatchObject({ status: 'cancelled' });
    expect((await call('GET', '/membership/user', { token: u.token })).body.name).toBe('Free');
  });

  it('sends a trial (a paid plan without a payment) to checkout', async () => {
    const u = await givenUser({ email: 'trial@b.test', planName: 'Starter' });
    const created = await pay(u.token, 'plan-pro', 1);
    expect(created.body.redirectUrl).toMatch(/\/demo-checkout\?session_id=cs_demo_/);
  });

  it('changes a paid subscription in place and answers isUpdate', async () => {
    const u = await givenUser({ email: 'paid@b.test', planName: 'Starter' });
    await givenPaidCheckout(u.id, { sessionId: 'cs_paid', planId: 'plan-starter', scheduleType: 1 });
    const changed = await pay(u.token, 'plan-pro', 2);
    expect(changed).toEqual({ status: 200, body: { isUpdate: true } });
    expect((await call('GET', '/membership/user', { token: u.token })).body).toMatchObject({ name: 'Pro' });
    // The same plan and cycle again, and a downgrade, are refused.
    expect((await pay(u.token, 'plan-pro', 2)).status).toBe(400);
    expect((await pay(u.token, 'plan-starter', 1)).body).toMatchObject({
      statusCode: 403,
      code: 'FORBIDDEN',
    });
  });

  it('refuses unknown and inactive plans with 404', async () => {
    const u = await givenUser({ email: 'free@b.test' });
    expect((await pay(u.token, 'plan-missing', 1)).body).toMatchObject({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'Plan not found',
    });
    expect((await pay(u.token, 'plan-enterprise', 1)).status).toBe(404);
    expect((await pay(u.token, 'plan-pro', 3 as 1)).status).toBe(400);
  });

  it('answers a fixture checkout, and a management URL', async () => {
    const u = await givenUser({ id: 'user-1', email: 'u@b.test', token: 'pact-token', planName: 'Pro' });
    await givenPaidCheckout(u.id, { sessionId: 'cs_demo_1', planId: 'plan-pro', scheduleType: 1 });
    const details = await call('POST', '/payments/subscription-by-session-id', {
      token: u.token,
      body: { sessionId: 'cs_demo_1' },
    });
    expect(details.body.paymentAmount).toBe(29_900);
    const portal = await call('GET', '/payments/subscription-management-url?sessionId=cs_demo_1', {
      token: u.token,
    });
    // The demo's own customer portal, on the app's origin like the checkout: nothing unreachable.
    expect(new URL(portal.body.url).pathname + new URL(portal.body.url).search).toBe(
      '/demo-checkout?portal_session=cs_demo_1',
    );
  });

  it('fails payments/create with 500 in the payment-failing scenario', async () => {
    switchScenario('payment-failing');
    const u = await givenUser({ email: 'free@b.test' });
    expect((await pay(u.token, 'plan-pro', 1)).body).toMatchObject({ statusCode: 500 });
    expect((await call('GET', '/membership/plans', { token: u.token })).status).toBe(200);
  });
});
