import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { describeStateViews } from '../../../../tests/stateViews';
import { ApiError } from '../../../api/errors';
import type { CardSetupSession, PaymentMethod } from '../../../api/schemas/paymentMethods';
import {
  bothCards,
  lastCardRefusal,
  mastercard,
  mastercardOnly,
  onFree,
  onStarter,
  paymentMethodsModel,
  visa,
} from '../../../demo/qa/flowModels/paymentMethods.flowModel';
import { activateLocale } from '../../../i18n/i18n';
import {
  failureReason,
  type PaymentMethodsEvent,
  paymentMethodsMachine,
  paymentMethodsMessages,
  removalLocked,
} from './paymentMethods.machine';

type Snap = SnapshotFrom<typeof paymentMethodsMachine>;
const settle = () => new Promise((r) => setTimeout(r, 0));
const serverDown = new ApiError({ kind: 'http', status: 500, endpoint: 'x', message: 'Provider down' });

beforeAll(() => activateLocale('en', { persist: false }));

interface Calls {
  load: number;
  makeDefault: string[];
  remove: string[];
  startSetup: number;
  opened: string[];
}

function start(
  answers: {
    load?: () => Promise<PaymentMethod[]>;
    makeDefault?: (id: string) => Promise<PaymentMethod[]>;
    remove?: (id: string) => Promise<PaymentMethod[]>;
    startSetup?: () => Promise<CardSetupSession>;
  } = {},
) {
  const calls: Calls = { load: 0, makeDefault: [], remove: [], startSetup: 0, opened: [] };
  const never = () => new Promise<never>(() => {});
  const actor = createActor(
    paymentMethodsMachine.provide({
      actors: {
        load: fromPromise(() => {
          calls.load++;
          return (answers.load ?? (async () => bothCards))();
        }),
        makeDefault: fromPromise(({ input }: { input: { id: string } }) => {
          calls.makeDefault.push(input.id);
          return (answers.makeDefault ?? never)(input.id);
        }),
        remove: fromPromise(({ input }: { input: { id: string } }) => {
          calls.remove.push(input.id);
          return (answers.remove ?? never)(input.id);
        }),
        startSetup: fromPromise(() => {
          calls.startSetup++;
          return (answers.startSetup ?? never)();
        }),
      },
      actions: {
        openSetup: (_, params: { url: string }) => calls.opened.push(params.url),
        announceDefault: () => {},
        announceRemoved: () => {},
      },
    }),
  ).start();
  const send = (e: PaymentMethodsEvent) => actor.send(e);
  return { actor, calls, send, snap: () => actor.getSnapshot() };
}

describe('payment methods', () => {
  it('loads the cards; a failed load says why and retries, never loading for ever', async () => {
    let fail = true;
    const t = start({
      load: async () => {
        if (fail) throw serverDown;
        return bothCards;
      },
    });
    expect(t.snap().hasTag('loading')).toBe(true);
    await settle();
    expect(t.snap().hasTag('failed')).toBe(true);
    expect(t.snap().context.loadError).toBe('Provider down');
    fail = false;
    t.send({ type: 'methods.retry' });
    await settle();
    expect(t.snap().matches({ ready: 'idle' })).toBe(true);
    expect(t.snap().context.methods).toEqual(bothCards);
    expect(t.calls.load).toBe(2);
  });

  it('makes a card the default; the current default cannot be made default again', async () => {
    const t = start({
      makeDefault: async () => [
        { ...visa, isDefault: false },
        { ...mastercard, isDefault: true },
      ],
    });
    await settle();
    expect(t.snap().can({ type: 'method.defaultRequested', id: visa.id })).toBe(false);
    t.send({ type: 'method.defaultRequested', id: mastercard.id });
    expect(t.snap().hasTag('makingDefault')).toBe(true);
    await settle();
    expect(t.calls.makeDefault).toEqual([mastercard.id]);
    expect(t.snap().context.methods.find((m) => m.isDefault)?.id).toBe(mastercard.id);
  });

  it('asks before removing; cancelling removes nothing', async () => {
    const t = start({ remove: async () => mastercardOnly });
    await settle();
    t.send({ type: 'method.removeRequested', id: visa.id });
    expect(t.snap().matches({ ready: 'confirming' })).toBe(true);
    expect(t.snap().context.targetId).toBe(visa.id);
    t.send({ type: 'removal.cancelled' });
    expect(t.snap().context.targetId).toBeNull();
    expect(t.calls.remove).toEqual([]);
    t.send({ type: 'method.removeRequested', id: visa.id });
    t.send({ type: 'removal.confirmed' });
    await settle();
    expect(t.calls.remove).toEqual([visa.id]);
    expect(t.snap().context.methods).toEqual(mastercardOnly);
  });

  it('keeps the last card while a paid plan is active, and lets it go on Free', async () => {
    const t = start({ load: async () => mastercardOnly });
    await settle();
    const removeLast = { type: 'method.removeRequested', id: mastercard.id } as const;
    // The plan is not known yet: the server decides.
    expect(t.snap().can(removeLast)).toBe(true);
    t.send({ type: 'membership.known', current: onStarter });
    expect(t.snap().can(removeLast)).toBe(false);
    expect(removalLocked(t.snap().context, mastercard.id)).toBe(true);
    t.send(removeLast);
    expect(t.snap().matches({ ready: 'idle' })).toBe(true);
    t.send({ type: 'membership.known', current: onFree });
    expect(t.snap().can(removeLast)).toBe(true);
  });

  it('says why a remove failed, in the user language for the last-card refusal, and keeps the list', async () => {
    const t = start({
      remove: async (id) => {
        throw id === visa.id ? serverDown : lastCardRefusal;
      },
    });
    await settle();
    t.send({ type: 'method.removeRequested', id: visa.id });
    t.send({ type: 'removal.confirmed' });
    await settle();
    expect(t.snap().context.failure).toEqual({ action: 'remove', reason: 'Provider down' });
    expect(t.snap().context.methods).toEqual(bothCards);
    t.send({ type: 'method.removeRequested', id: mastercard.id });
    // A new attempt forgets the last failure.
    expect(t.snap().context.failure).toBeNull();
    t.send({ type: 'removal.confirmed' });
    await settle();
    expect(t.snap().context.failure).toEqual({
      action: 'remove',
      reason: paymentMethodsMessages.lastCardLocked,
    });
    expect(failureReason(new Error('x'))).toBe('x');
  });

  it('says why making a card the default failed', async () => {
    const t = start({
      makeDefault: async () => {
        throw serverDown;
      },
    });
    await settle();
    t.send({ type: 'method.defaultRequested', id: mastercard.id });
    await settle();
    expect(t.snap().context.failure).toEqual({ action: 'default', reason: 'Provider down' });
    expect(t.snap().context.methods).toEqual(bothCards);
  });

  it("opens the provider's card page, and never an address it must not follow", async () => {
    const ok = start({ startSetup: async () => ({ url: 'https://pay.example/setup/seti_1' }) });
    await settle();
    ok.send({ type: 'card.addRequested' });
    await settle();
    expect(ok.calls.opened).toEqual(['https://pay.example/setup/seti_1']);
    expect(ok.snap().hasTag('startingSetup')).toBe(true);

    const bad = start({ startSetup: async () => ({ url: 'javascript:alert(1)' }) });
    await settle();
    bad.send({ type: 'card.addRequested' });
    await settle();
    expect(bad.calls.opened).toEqual([]);
    expect(bad.snap().context.failure).toEqual({
      action: 'add',
      reason: paymentMethodsMessages.setupUnavailable,
    });

    const down = start({
      startSetup: async () => {
        throw serverDown;
      },
    });
    await settle();
    down.send({ type: 'card.addRequested' });
    await settle();
    expect(down.snap().context.failure).toEqual({ action: 'add', reason: 'Provider down' });
  });
});

const listShown = (s: Snap) => expect(s.context.methods.length).toBeGreaterThan(0);

describeStateViews(paymentMethodsModel, {
  '*': { enabled: ['membership.known'] },
  loading: { tags: ['loading'], runs: { load: () => {} } },
  failed: {
    tags: ['failed'],
    enabled: ['methods.retry'],
    shows: (s: Snap) => expect(s.context.loadError).not.toBeNull(),
  },
  notOffered: {
    tags: ['notOffered'],
    shows: (s: Snap) => {
      expect(s.context.loadError).toBeNull();
      expect(s.context.methods).toEqual([]);
    },
  },
  ready: {},
  'ready.idle': {
    enabled: (s: Snap) => [
      'card.addRequested',
      ...(s.context.methods.some((m) => !m.isDefault && m.id === mastercard.id)
        ? ['method.defaultRequested']
        : []),
      ...(s.context.methods.some((m) => !removalLocked(s.context, m.id)) ? ['method.removeRequested'] : []),
    ],
    shows: (s: Snap) => expect(s.context.targetId).toBeNull(),
  },
  'ready.confirming': {
    tags: ['confirming'],
    enabled: ['removal.confirmed', 'removal.cancelled'],
    shows: (s: Snap) => {
      listShown(s);
      expect(removalLocked(s.context, s.context.targetId ?? '')).toBe(false);
    },
  },
  'ready.removing': {
    tags: ['busy', 'confirming', 'removing'],
    runs: { remove: (input: { id: string }) => expect(input.id).toBeTruthy() },
  },
  'ready.makingDefault': {
    tags: ['busy', 'makingDefault'],
    runs: { makeDefault: (input: { id: string }) => expect(input.id).toBe(mastercard.id) },
  },
  'ready.startingSetup': { tags: ['busy', 'startingSetup'], runs: { startSetup: () => {} } },
  'ready.redirecting': {
    tags: ['busy', 'startingSetup'],
    shows: (s: Snap) => expect(s.context.setupUrl).toBe('https://pay.example/setup/seti_1'),
  },
});
