import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import {
  createCardSetupSession,
  listPaymentMethods,
  makeDefaultPaymentMethod,
  removePaymentMethod,
} from '../src/api/paymentMethods';
import { LAST_PAYMENT_METHOD } from '../src/api/schemas/paymentMethods';
import { AUTH, errorBody, newPact, useMockServer } from './pact';

const { boolean, eachLike, integer, like, regex } = MatchersV3;
const pact = newPact();

const PATH = '/api/v1/payments/methods';

/** What the list needs of a card: never its number. */
const card = (id: string, last4: string, isDefault: boolean) => ({
  id: like(id),
  brand: like('visa'),
  last4: regex(/^\d{4}$/, last4),
  expMonth: integer(12),
  expYear: integer(2029),
  isDefault: boolean(isDefault),
});

describe('payment methods', () => {
  it('lists the saved cards', () =>
    pact
      .addInteraction()
      .given('a signed-in user')
      .given('the user has a saved card', { id: 'pm-1', last4: '4242' })
      .uponReceiving('a request for the saved cards')
      .withRequest('GET', PATH, (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody(eachLike(card('pm-1', '4242', true))))
      .executeTest(async (server) => {
        useMockServer(server);
        const [first] = await listPaymentMethods();
        expect(first).toMatchObject({ id: 'pm-1', last4: '4242', isDefault: true });
      }));

  it('makes a card the default and answers the cards as they stand', () =>
    pact
      .addInteraction()
      .given('a signed-in user')
      .given('the user has a saved card', { id: 'pm-1', last4: '4242' })
      .given('the user has a saved card', { id: 'pm-2', last4: '5100' })
      .uponReceiving('a request to make a card the default')
      .withRequest('POST', `${PATH}/pm-2/default`, (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody(eachLike(card('pm-2', '5100', true))))
      .executeTest(async (server) => {
        useMockServer(server);
        const cards = await makeDefaultPaymentMethod('pm-2');
        expect(cards.length).toBeGreaterThan(0);
      }));

  it('removes a card and answers the cards left', () =>
    pact
      .addInteraction()
      .given('a signed-in user')
      .given('the user has a saved card', { id: 'pm-1', last4: '4242' })
      .given('the user has a saved card', { id: 'pm-2', last4: '5100' })
      .uponReceiving('a request to remove a card')
      .withRequest('DELETE', `${PATH}/pm-1`, (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody(eachLike(card('pm-2', '5100', true))))
      .executeTest(async (server) => {
        useMockServer(server);
        const left = await removePaymentMethod('pm-1');
        expect(left[0]?.id).toBe('pm-2');
      }));

  it('refuses to remove the last card while a paid plan is active', () =>
    pact
      .addInteraction()
      .given('a signed-in user')
      .given('the user has a saved card', { id: 'pm-1', last4: '4242' })
      .uponReceiving('a request to remove the last card of a paying user')
      .withRequest('DELETE', `${PATH}/pm-1`, (b) => b.headers(AUTH))
      .willRespondWith(409, (b) =>
        b.jsonBody(
          errorBody(
            409,
            LAST_PAYMENT_METHOD,
            'The last payment method cannot be removed while a paid plan is active',
          ),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(removePaymentMethod('pm-1')).rejects.toMatchObject({ code: LAST_PAYMENT_METHOD });
      }));

  it("answers the provider's page to add a card", () =>
    pact
      .addInteraction()
      .given('a signed-in user')
      .uponReceiving('a request for a card setup session')
      .withRequest('POST', `${PATH}/setup-session`, (b) => b.headers(AUTH))
      .willRespondWith(201, (b) =>
        b.jsonBody({ url: regex(/^https?:\/\/.+/, 'https://pay.example/setup/seti_demo_1') }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        const session = await createCardSetupSession();
        expect(session.url).toMatch(/^https?:/);
      }));
});
