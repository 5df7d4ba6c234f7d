import { assign, fromPromise, setup } from 'xstate';
import {
  type CheckoutSummary,
  cancelCheckout,
  completeCheckout,
  getCheckout,
} from '../../../mocks/handlers/payments';
import { PATHS } from '../../machines/paths';
import { askApp } from '../../machines/system';

/*
 * The demo's stand-in for the payment provider's checkout. It lives beside its page, not under
 * src/machines, because it calls the in-page mock backend: only the demo build (VITE_MOCKS) routes to it,
 * so neither this machine nor the mock code it imports reaches a production build.
 */

export type DemoCheckoutEvent = { type: 'checkout.paid' } | { type: 'checkout.cancelled' };

export interface DemoCheckoutContext {
  sessionId: string | null;
  checkout: CheckoutSummary | null;
}

const summaryOf = (event: unknown) => (event as { output?: CheckoutSummary | null }).output ?? null;

/** Every call about the checkout names it by its session. */
const sessionInput = ({ context }: { context: DemoCheckoutContext }) => ({
  sessionId: context.sessionId ?? '',
});

/**
 * Paying or cancelling: the provider is asked to settle the checkout one way. An answer in that status goes
 * on; any other (paid or cancelled in another tab meanwhile) looks the checkout up again; a failure stays on
 * the open checkout, saying so.
 */
const settle = <const Src extends 'pay' | 'cancel'>(
  src: Src,
  to: { tag: 'paying' | 'cancelling'; answered: 'isPaid' | 'isCancelled'; target: 'paid' | 'cancelled' },
) => ({
  tags: ['busy', to.tag],
  invoke: {
    id: src,
    src,
    input: sessionInput,
    onDone: [
      { guard: to.answered, target: to.target, actions: 'keepSummary' as const },
      { target: 'loading' },
    ],
    onError: 'open.failed',
  },
});

export const demoCheckoutMachine = setup({
  types: {
    context: {} as DemoCheckoutContext,
    events: {} as DemoCheckoutEvent,
    input: {} as { sessionId: string | null },
  },
  actors: {
    lookup: fromPromise<CheckoutSummary | null, { sessionId: string }>(async ({ input }) =>
      getCheckout(input.sessionId),
    ),
    pay: fromPromise<CheckoutSummary | null, { sessionId: string }>(({ input }) =>
      completeCheckout(input.sessionId),
    ),
    cancel: fromPromise<CheckoutSummary | null, { sessionId: string }>(({ input }) =>
      cancelCheckout(input.sessionId),
    ),
  },
  guards: {
    hasSessionId: ({ context }) => context.sessionId !== null,
    isPending: ({ event }) => summaryOf(event)?.status === 'pending',
    isPaid: ({ event }) => summaryOf(event)?.status === 'paid',
    isCancelled: ({ event }) => summaryOf(event)?.status === 'cancelled',
  },
  actions: {
    keepSummary: assign({ checkout: ({ event, context }) => summaryOf(event) ?? context.checkout }),
    /** Back to the app the way the provider's success URL would: an invoice's payment to the billing history. */
    returnPaid: askApp((_, params: { sessionId: string; invoiceId?: string | null }) => ({
      type: 'app.navigate',
      to: params.invoiceId
        ? PATHS.usageBilling
        : `${PATHS.paymentSuccess}?sessionId=${encodeURIComponent(params.sessionId)}`,
      replace: true,
    })),
    /** Back to the app the way the provider's cancel URL would. */
    returnCancelled: askApp({ type: 'app.navigate', to: PATHS.usageBilling, replace: true }),
  },
}).createMachine({
  id: 'demoCheckout',
  context: ({ input }) => ({ sessionId: input.sessionId?.trim() || null, checkout: null }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasSessionId', target: 'loading' }, { target: 'unknown' }],
    },
    loading: {
      invoke: {
        id: 'lookup',
        src: 'lookup',
        input: sessionInput,
        onDone: [
          { guard: 'isPending', target: 'open', actions: 'keepSummary' },
          { guard: 'isPaid', target: 'alreadyPaid', actions: 'keepSummary' },
          { guard: 'isCancelled', target: 'alreadyCancelled', actions: 'keepSummary' },
          { target: 'unknown' },
        ],
        onError: 'unknown',
      },
    },
    open: {
      initial: 'ready',
      states: { ready: {}, failed: { tags: ['error'] } },
      on: { 'checkout.paid': 'paying', 'checkout.cancelled': 'cancelling' },
    },
    paying: settle('pay', { tag: 'paying', answered: 'isPaid', target: 'paid' }),
    cancelling: settle('cancel', { tag: 'cancelling', answered: 'isCancelled', target: 'cancelled' }),
    paid: {
      tags: ['busy'],
      entry: {
        type: 'returnPaid',
        params: ({ context }) => ({ ...sessionInput({ context }), invoiceId: context.checkout?.invoiceId }),
      },
    },
    cancelled: {
      tags: ['busy'],
      entry: 'returnCancelled',
    },
    alreadyPaid: {},
    alreadyCancelled: {},
    unknown: {},
  },
});
