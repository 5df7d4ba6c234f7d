// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { PaymentMethodListSchema } from '../src/api/schemas/paymentMethods';
import { givenPaymentMethod, givenUser } from './fixtures';
import {
  CardRefused,
  cancelCardSetup,
  completeCardSetup,
  getCardSetup,
  PAYMENT_METHOD_FAILURE_MARKER,
} from './handlers/paymentMethods';
import { resetAndSeed } from './node';
import { DEMO_OWNER } from './seed';
import { call, withMockServer } from './testing';

withMockServer();

const list = (token: string) => call('GET', '/payments/methods', { token });
const card = { brand: 'visa', last4: '1111', expMonth: 1, expYear: 2099, holderName: 'Mei Chen' };

describe('payment methods', () => {
  it('lists the demo owner seeded two cards, the Visa the default', async () => {
    await resetAndSeed();
    const answer = await list(DEMO_OWNER.token);
    expect(answer.status).toBe(200);
    const cards = PaymentMethodListSchema.parse(answer.body);
    expect(cards.map((c) => [c.brand, c.last4, c.isDefault])).toEqual([
      ['visa', '4242', true],
      ['mastercard', '5100', false],
    ]);
    // What the provider shows of a card, never more.
    expect(Object.keys(answer.body[0]).sort()).toEqual(
      ['brand', 'expMonth', 'expYear', 'holderName', 'id', 'isDefault', 'last4'].sort(),
    );
  });

  it('makes a card the default, answering the cards as they stand', async () => {
    const u = await givenUser({ email: 'two@cards.test', planName: 'Pro' });
    const a = await givenPaymentMethod(u.id, { last4: '1111' });
    const b = await givenPaymentMethod(u.id, { last4: '2222' });
    const answer = await call('POST', `/payments/methods/${b.id}/default`, { token: u.token });
    expect(answer.status).toBe(200);
    expect(answer.body.map((c: { id: string; isDefault: boolean }) => [c.id, c.isDefault])).toEqual([
      [a.id, false],
      [b.id, true],
    ]);
  });

  it('removes a card; the default moves to the newest left; the last refuses while a plan is paid', async () => {
    const u = await givenUser({ email: 'paid@cards.test', planName: 'Starter' });
    const a = await givenPaymentMethod(u.id, { last4: '1111' });
    const b = await givenPaymentMethod(u.id, { last4: '2222' });
    const removed = await call('DELETE', `/payments/methods/${a.id}`, { token: u.token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual([expect.objectContaining({ id: b.id, isDefault: true })]);
    const last = await call('DELETE', `/payments/methods/${b.id}`, { token: u.token });
    expect(last).toMatchObject({
      status: 409,
      body: { code: 'LAST_PAYMENT_METHOD', message: expect.stringContaining('paid plan') },
    });
    expect((await list(u.token)).body).toHaveLength(1);
  });

  it('lets a Free user remove the last card', async () => {
    const u = await givenUser({ email: 'free@cards.test', planName: 'Free' });
    const a = await givenPaymentMethod(u.id);
    const removed = await call('DELETE', `/payments/methods/${a.id}`, { token: u.token });
    expect(removed).toMatchObject({ status: 200, body: [] });
  });

  it("keeps users' cards apart, and fails a marked card", async () => {
    const u = await givenUser({ email: 'one@cards.test', planName: 'Pro' });
    const other = await givenUser({ email: 'other@cards.test', planName: 'Pro' });
    const theirs = await givenPaymentMethod(other.id);
    expect((await call('DELETE', `/payments/methods/${theirs.id}`, { token: u.token })).status).toBe(404);
    expect((await call('POST', `/payments/methods/${theirs.id}/default`, { token: u.token })).status).toBe(
      404,
    );
    expect((await list(u.token)).body).toEqual([]);
    const broken = await givenPaymentMethod(u.id, { holderName: `Mei ${PAYMENT_METHOD_FAILURE_MARKER}` });
    expect((await call('POST', `/payments/methods/${broken.id}/default`, { token: u.token })).status).toBe(
      500,
    );
    expect((await call('GET', '/payments/methods')).status).toBe(401);
  });

  it('adds a card through a setup session: only the tokenised card is taken, once', async () => {
    const u = await givenUser({ email: 'new@cards.test', planName: 'Free' });
    const session = await call('POST', '/payments/methods/setup-session', {
      token: u.token,
      headers: { Origin: 'http://127.0.0.1:5173' },
    });
    expect(session.status).toBe(201);
    const url = new URL(session.body.url);
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:5173/demo-checkout');
    const sessionId = url.searchParams.get('setup_session') ?? '';
    expect(getCardSetup(sessionId)).toEqual({ sessionId, status: 'pending' });

    // A form that sends the number (or the CVC) is refused; so is an expired card.
    await expect(
      completeCardSetup(sessionId, { ...card, number: '4111111111111111' } as typeof card),
    ).rejects.toBeInstanceOf(CardRefused);
    await expect(completeCardSetup(sessionId, { ...card, expYear: 2001 })).rejects.toThrow('expired');

    expect(await completeCardSetup(sessionId, card)).toEqual({ sessionId, status: 'completed' });
    expect((await list(u.token)).body).toEqual([
      expect.objectContaining({ last4: '1111', brand: 'visa', isDefault: true, holderName: 'Mei Chen' }),
    ]);
    expect(await completeCardSetup(sessionId, card)).toBeNull();
    expect(await cancelCardSetup(sessionId)).toBeNull();
    expect(getCardSetup('seti_nope')).toBeNull();
  });
});
