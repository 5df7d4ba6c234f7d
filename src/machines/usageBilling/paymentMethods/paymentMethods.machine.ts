import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, setup } from 'xstate';
import { isApiError } from '../../../api/errors';
import {
  createCardSetupSession,
  listPaymentMethods,
  makeDefaultPaymentMethod,
  removePaymentMethod,
} from '../../../api/paymentMethods';
import {
  type CardSetupSession,
  LAST_PAYMENT_METHOD,
  type PaymentMethod,
} from '../../../api/schemas/paymentMethods';
import { describeError, notOffered } from '../../errors';
import { fromRequest } from '../../request';
import { askApp, raiseToast } from '../../system';
import { paymentUrl } from '../billing/links';
import type { CurrentPlan } from '../planChange/planChange.machine';

export const paymentMethodsMessages = {
  /** Why the last card stays: said beside the disabled Remove, and when the server refuses it. */
  lastCardLocked: msg`Your plan is paid by card, so one card must stay on file. Add another card before you remove this one.`,
  setupUnavailable: msg`The payment provider did not answer with a page to add a card.`,
  madeDefault: msg`Default card changed`,
  removed: msg`Card removed`,
};

/** What failed, so the view can say what was being done. */
export type PaymentMethodsAction = 'default' | 'remove' | 'add';

export interface PaymentMethodsFailure {
  action: PaymentMethodsAction;
  reason: MessageDescriptor | string;
}

export interface PaymentMethodsContext {
  /** The saved cards as the server last answered them; kept through a failed change. */
  methods: PaymentMethod[];
  /** The plan the user is on, once the membership is known (null: not known yet). */
  current: CurrentPlan | null;
  /** Why the list could not be loaded. */
  loadError: MessageDescriptor | string | null;
  /** Why the last change failed; the list stays as it was. */
  failure: PaymentMethodsFailure | null;
  /** The card being removed (asked about, then removed) or made the default. */
  targetId: string | null;
  /** The provider's page where a card is added, once asked for. */
  setupUrl: string | null;
}

export type PaymentMethodsEvent =
  /** From the screen: the plan the user is on. */
  | { type: 'membership.known'; current: CurrentPlan }
  | { type: 'methods.retry' }
  | { type: 'method.defaultRequested'; id: string }
  | { type: 'method.removeRequested'; id: string }
  | { type: 'removal.confirmed' }
  | { type: 'removal.cancelled' }
  | { type: 'card.addRequested' };

/** Whether the user is on a plan that is paid for (Free, level 0, is not; an unknown plan is not assumed). */
export const onPaidPlan = (current: CurrentPlan | null) => current !== null && current.level > 0;

/** Whether removing this card is refused: it is the last one and a paid plan needs it. */
export const removalLocked = (context: Pick<PaymentMethodsContext, 'methods' | 'current'>, id: string) =>
  context.methods.length === 1 && context.methods[0]?.id === id && onPaidPlan(context.current);

const findMethod = (context: PaymentMethodsContext, id: string | null) =>
  context.methods.find((m) => m.id === id) ?? null;

/** What a failed change says: the last-card refusal in the user's language, else the server's message. */
export function failureReason(error: unknown): MessageDescriptor | string {
  if (isApiError(error) && error.code === LAST_PAYMENT_METHOD) return paymentMethodsMessages.lastCardLocked;
  return describeError(error);
}

/**
 * Payment methods on the Usage and billing screen (issue 18, point 3): the saved cards (brand, last four
 * digits, expiry, which is the default), made default or removed after a question. The last card stays
 * while a paid plan is active (the guard, and the server too). A card is added on the provider's page: the
 * machine asks for a setup session and opens its address. A failed change says why and keeps the list; a
 * failed load says why and retries.
 */
export const paymentMethodsMachine = setup({
  types: {
    context: {} as PaymentMethodsContext,
    events: {} as PaymentMethodsEvent,
  },
  actors: {
    load: fromRequest<PaymentMethod[], undefined>(({ signal }) => listPaymentMethods(signal)),
    makeDefault: fromRequest<PaymentMethod[], { id: string }>(({ input, signal }) =>
      makeDefaultPaymentMethod(input.id, signal),
    ),
    remove: fromRequest<PaymentMethod[], { id: string }>(({ input, signal }) =>
      removePaymentMethod(input.id, signal),
    ),
    startSetup: fromRequest<CardSetupSession, undefined>(({ signal }) => createCardSetupSession(signal)),
  },
  guards: {
    canMakeDefault: ({ context, event }) =>
      event.type === 'method.defaultRequested' && findMethod(context, event.id)?.isDefault === false,
    canRemove: ({ context, event }) =>
      event.type === 'method.removeRequested' &&
      findMethod(context, event.id) !== null &&
      !removalLocked(context, event.id),
    targetLocked: ({ context }) => removalLocked(context, context.targetId ?? ''),
    safeSetupUrl: ({ event }) => paymentUrl((event as { output?: CardSetupSession }).output?.url) !== null,
    notOffered,
  },
  actions: {
    keepCurrent: assign({
      current: ({ event, context }) => (event.type === 'membership.known' ? event.current : context.current),
    }),
    target: assign({
      targetId: ({ event }) =>
        event.type === 'method.defaultRequested' || event.type === 'method.removeRequested' ? event.id : null,
      failure: null,
    }),
    forgetTarget: assign({ targetId: null }),
    fail: assign((_, params: { action: PaymentMethodsAction; error: unknown }) => ({
      failure: { action: params.action, reason: failureReason(params.error) },
      targetId: null,
    })),
    announceDefault: raiseToast({ variant: 'success', title: paymentMethodsMessages.madeDefault }),
    announceRemoved: raiseToast({ variant: 'success', title: paymentMethodsMessages.removed }),
    /** The provider's card page (an address the machine checked). */
    openSetup: askApp((_, params: { url: string }) => ({ type: 'app.open', url: params.url })),
  },
}).createMachine({
  id: 'paymentMethods',
  context: {
    methods: [],
    current: null,
    loadError: null,
    failure: null,
    targetId: null,
    setupUrl: null,
  },
  initial: 'loading',
  on: { 'membership.known': { actions: 'keepCurrent' } },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: {
          target: 'ready',
          actions: assign({ methods: ({ event }) => event.output, loadError: null }),
        },
        onError: [
          { guard: 'notOffered', target: 'notOffered', actions: assign({ loadError: null }) },
          { target: 'failed', actions: assign({ loadError: ({ event }) => describeError(event.error) }) },
        ],
      },
    },
    failed: {
      tags: ['failed'],
      on: { 'methods.retry': 'loading' },
    },
    /** The server keeps no cards (the call is ours, beyond the spec's): the card says so once. */
    notOffered: {
      tags: ['notOffered'],
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'method.defaultRequested': {
              guard: 'canMakeDefault',
              target: 'makingDefault',
              actions: 'target',
            },
            'method.removeRequested': { guard: 'canRemove', target: 'confirming', actions: 'target' },
            'card.addRequested': {
              target: 'startingSetup',
              actions: assign({ failure: null, setupUrl: null }),
            },
          },
        },
        confirming: {
          tags: ['confirming'],
          // The plan became known as paid while asked about the last card: it stays, the question closes.
          always: { guard: 'targetLocked', target: 'idle', actions: 'forgetTarget' },
          on: {
            'removal.confirmed': 'removing',
            'removal.cancelled': { target: 'idle', actions: 'forgetTarget' },
          },
        },
        removing: {
          tags: ['busy', 'confirming', 'removing'],
          invoke: {
            id: 'remove',
            src: 'remove',
            input: ({ context }) => ({ id: context.targetId ?? '' }),
            onDone: {
              target: 'idle',
              actions: [assign({ methods: ({ event }) => event.output, targetId: null }), 'announceRemoved'],
            },
            onError: {
              target: 'idle',
              actions: { type: 'fail', params: ({ event }) => ({ action: 'remove', error: event.error }) },
            },
          },
        },
        makingDefault: {
          tags: ['busy', 'makingDefault'],
          invoke: {
            id: 'makeDefault',
            src: 'makeDefault',
            input: ({ context }) => ({ id: context.targetId ?? '' }),
            onDone: {
              target: 'idle',
              actions: [assign({ methods: ({ event }) => event.output, targetId: null }), 'announceDefault'],
            },
            onError: {
              target: 'idle',
              actions: { type: 'fail', params: ({ event }) => ({ action: 'default', error: event.error }) },
            },
          },
        },
        startingSetup: {
          tags: ['busy', 'startingSetup'],
          invoke: {
            id: 'startSetup',
            src: 'startSetup',
            onDone: [
              {
                guard: 'safeSetupUrl',
                target: 'redirecting',
                actions: assign({ setupUrl: ({ event }) => event.output.url }),
              },
              {
                target: 'idle',
                actions: assign({
                  failure: { action: 'add', reason: paymentMethodsMessages.setupUnavailable },
                }),
              },
            ],
            onError: {
              target: 'idle',
              actions: { type: 'fail', params: ({ event }) => ({ action: 'add', error: event.error }) },
            },
          },
        },
        // Leaving for the provider's page.
        redirecting: {
          tags: ['busy', 'startingSetup'],
          entry: { type: 'openSetup', params: ({ context }) => ({ url: context.setupUrl ?? '' }) },
        },
      },
    },
  },
});
