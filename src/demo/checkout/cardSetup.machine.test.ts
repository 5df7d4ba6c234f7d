import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, type SnapshotFrom, waitFor } from 'xstate';
import { resetAndSeed } from '../../../mocks/node';
import { DEMO_OWNER } from '../../../mocks/seed';
import { call, withMockServer } from '../../../mocks/testing';
import { describeStateViews } from '../../../tests/stateViews';
import { activateLocale } from '../../i18n/i18n';
import { REDACTED, secret } from '../../machines/botSettings/database/secret';
import { cardSetupModel, VALID_CARD } from '../qa/flowModels/cardSetup.flowModel';
import {
  type CardField,
  cardBrand,
  cardMessages,
  luhnValid,
  parseExpiry,
  tokenise,
  validateCard,
} from './cardForm';
import { cardSetupMachine } from './cardSetup.machine';

beforeAll(() => activateLocale('en', { persist: false }));

const NOW = new Date(2026, 10, 25, 12, 0, 0);
const form = (over: Partial<typeof VALID_CARD> = {}) => {
  const f = { ...VALID_CARD, ...over };
  return { number: secret(f.number), expiry: f.expiry, cvc: secret(f.cvc), holder: f.holder };
};

describe('the card form rules', () => {
  it.each([
    ['4242 4242 4242 4242', true],
    ['4242-4242-4242-4241', false],
    ['5555555555554444', true],
    ['378282246310005', true],
    ['1234', false],
  ])('checks %s by Luhn and length: %s', (number, ok) => {
    expect(validateCard(form({ number }), NOW).number === undefined).toBe(ok);
  });

  it('knows the brands by their first digits', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(cardBrand('3566002020360505')).toBe('jcb');
    expect(cardBrand('6200000000000005')).toBe('unionpay');
    expect(cardBrand('9999999999999995')).toBe('card');
    expect(luhnValid('')).toBe(false);
  });

  it.each([
    ['11/26', undefined],
    ['12/2026', undefined],
    ['10/26', cardMessages.expiryPast],
    ['13/30', cardMessages.expiryInvalid],
    ['1230', cardMessages.expiryInvalid],
    ['', cardMessages.expiryInvalid],
  ])('checks the expiry %j against today', (expiry, error) => {
    expect(validateCard(form({ expiry }), NOW).expiry).toEqual(error);
  });

  it('takes a CVC of 3 or 4 digits and needs the name on the card', () => {
    expect(validateCard(form({ cvc: '12' }), NOW).cvc).toEqual(cardMessages.cvcInvalid);
    expect(validateCard(form({ cvc: '1234' }), NOW).cvc).toBeUndefined();
    expect(validateCard(form({ cvc: '12a' }), NOW).cvc).toEqual(cardMessages.cvcInvalid);
    expect(validateCard(form({ holder: '  ' }), NOW).holder).toEqual(cardMessages.holderRequired);
    expect(validateCard(form({ holder: 'x'.repeat(101) }), NOW).holder).toEqual(cardMessages.holderTooLong);
    expect(validateCard(form(), NOW)).toEqual({});
    expect(parseExpiry(' 1 / 30 ')).toEqual({ month: 1, year: 2030 });
  });

  it('hands over only brand, last four digits, expiry and holder', () => {
    const card = tokenise(form());
    expect(card).toEqual({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2034,
      holderName: 'Mei Chen',
    });
    expect(JSON.stringify(card)).not.toContain('42424242');
  });
});

/** A pending card-setup session of the demo owner, as Add card creates it. */
async function pendingSetup(): Promise<string> {
  const answer = await call('POST', '/payments/methods/setup-session', { token: DEMO_OWNER.token });
  return new URL(answer.body.url).searchParams.get('setup_session') ?? '';
}

function start(sessionId: string | null) {
  const returned = vi.fn();
  const actor = createActor(cardSetupMachine.provide({ actions: { returnToBilling: returned } }), {
    input: { sessionId },
  }).start();
  const refused: CardField[] = [];
  actor.on('form.refused', (e) => refused.push(e.field));
  const fill = (typed: Partial<typeof VALID_CARD>) => {
    for (const [field, value] of Object.entries(typed) as [CardField, string][]) {
      const secretField = field === 'number' || field === 'cvc';
      actor.send({ type: 'field.changed', field, value: secretField ? secret(value) : value });
    }
  };
  return { actor, returned, refused, fill };
}

describe('the demo card form', () => {
  withMockServer();
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    await resetAndSeed();
  });
  afterEach(() => vi.useRealTimers());

  it('refuses a wrong card field by field, focusing the first, then saves only the tokenised card', async () => {
    const sessionId = await pendingSetup();
    const t = start(sessionId);
    await waitFor(t.actor, (s) => s.matches('editing'));
    t.fill({ number: '4242 4242 4242 4241', expiry: '01/20', cvc: '12', holder: '' });
    t.actor.send({ type: 'card.submitted' });
    expect(Object.keys(t.actor.getSnapshot().context.errors).sort()).toEqual([
      'cvc',
      'expiry',
      'holder',
      'number',
    ]);
    expect(t.refused).toEqual(['number']);
    t.fill({ number: VALID_CARD.number });
    t.actor.send({ type: 'card.submitted' });
    expect(t.refused).toEqual(['number', 'expiry']);

    // The number and the CVC never appear in what the flow writes out.
    const written = JSON.stringify(t.actor.getPersistedSnapshot());
    expect(written).not.toContain('4242 4242');
    expect(written).toContain(REDACTED);
    expect(String(t.actor.getSnapshot().context.form.cvc)).toBe(REDACTED);

    t.fill({ expiry: '12/34', cvc: '123', holder: 'Mei Chen' });
    t.actor.send({ type: 'card.submitted' });
    await waitFor(t.actor, (s) => s.matches('saved'));
    expect(t.returned).toHaveBeenCalledTimes(1);
    const cards = await call('GET', '/payments/methods', { token: DEMO_OWNER.token });
    expect(cards.body.at(-1)).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 });
    expect(JSON.stringify(cards.body)).not.toContain('4242424242424242');
  });

  it('cancels: back to billing, nothing saved', async () => {
    const t = start(await pendingSetup());
    await waitFor(t.actor, (s) => s.matches('editing'));
    t.actor.send({ type: 'setup.cancelled' });
    await waitFor(t.actor, (s) => s.matches('cancelled'));
    expect(t.returned).toHaveBeenCalledTimes(1);
    const cards = await call('GET', '/payments/methods', { token: DEMO_OWNER.token });
    expect(cards.body).toHaveLength(2);
  });

  it('knows a missing, an unknown and a used session', async () => {
    expect(start(null).actor.getSnapshot().value).toBe('unknown');
    const unknown = start('seti_nope').actor;
    await waitFor(unknown, (s) => s.matches('unknown'));
    const sessionId = await pendingSetup();
    const first = start(sessionId);
    await waitFor(first.actor, (s) => s.matches('editing'));
    first.fill(VALID_CARD);
    first.actor.send({ type: 'card.submitted' });
    await waitFor(first.actor, (s) => s.matches('saved'));
    const again = start(sessionId).actor;
    await waitFor(again, (s) => s.matches('alreadyCompleted'));
  });
});

type Snap = SnapshotFrom<typeof cardSetupMachine>;

describe('card form model views', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());
  const noSecretsWritten = (s: Snap) => {
    const written = JSON.stringify(s.context);
    expect(written).not.toContain('4242');
    expect(written).not.toContain('"123"');
  };
  describeStateViews(
    { ...cardSetupModel, machine: cardSetupMachine.provide({ actions: { returnToBilling: () => {} } }) },
    {
      checking: {},
      loading: { runs: { lookup: (input: { sessionId: string }) => expect(input.sessionId).toBeTruthy() } },
      editing: {
        tags: ['editing'],
        enabled: ['field.changed', 'card.submitted', 'setup.cancelled'],
        shows: noSecretsWritten,
      },
      saving: {
        tags: ['busy', 'saving'],
        runs: {
          save: (input: { card: object }) => {
            expect(input.card).toEqual({
              brand: 'visa',
              last4: '4242',
              expMonth: 12,
              expYear: 2034,
              holderName: 'Mei Chen',
            });
          },
        },
        shows: noSecretsWritten,
      },
      cancelling: { tags: ['busy', 'cancelling'], runs: { cancel: () => {} } },
      saved: { tags: ['busy'], shows: (s: Snap) => expect(s.context.setup?.status).toBe('completed') },
      cancelled: { tags: ['busy'] },
      alreadyCompleted: { shows: (s: Snap) => expect(s.context.setup?.status).toBe('completed') },
      unknown: {},
    },
  );
});
