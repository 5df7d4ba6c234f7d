import { msg } from '@lingui/core/macro';
import { assign, setup } from 'xstate';
import { getTokenRemaining, getTokenResetTime, getUserMembership, listPlans } from '../../api/membership';
import { getSubscriptionManagementUrl } from '../../api/payments';
import {
  type MembershipPlan,
  PlanStatus,
  type TokenRemaining,
  type UserMembership,
} from '../../api/schemas/membership';
import { describeError } from '../errors';
import { fromRequest } from '../request';
import { askApp, raiseToast } from '../system';
import { paymentUrl } from './links';

export interface BillingContext {
  membership: UserMembership | null;
  /** Active plans only, in ascending level (what customers may see). */
  plans: MembershipPlan[];
  resetTime: string | null;
  tokens: TokenRemaining | null;
  /** The last paid checkout session the app saw: subscription management needs one. */
  checkoutSessionId: string | null;
}

export type BillingEvent =
  | { type: 'membership.refresh' }
  | { type: 'plans.retry' }
  | { type: 'tokens.retry' }
  | { type: 'subscription.manageRequested' }
  | { type: 'subscription.sessionKnown'; sessionId: string };

export const billingMessages = {
  loadFailed: msg`Load failed`,
  plansFailed: msg`Failed to get membership plans`,
  manageFailed: msg`Could not open subscription management`,
};

/** Customers see active plans only, lowest level first. */
export const customerPlans = (plans: MembershipPlan[]) =>
  plans.filter((p) => p.status === PlanStatus.active).sort((a, b) => a.level - b.level);

/*
 * Refreshing is handled by the states of a region, not by the region: a transition of the region itself
 * would re-enter the whole parallel machine and reload every part. A changed plan changes the tokens too.
 */
const refresh = { 'membership.refresh': { target: 'loading', reenter: true } } as const;

/**
 * The usage-and-billing screen's data: the membership, the tokens, the plans on offer, and the way to the
 * provider's subscription management. Each part loads, fails and retries on its own.
 */
export const billingMachine = setup({
  types: {
    context: {} as BillingContext,
    events: {} as BillingEvent,
    input: {} as { checkoutSessionId: string | null },
  },
  actors: {
    loadMembership: fromRequest<UserMembership>(({ signal }) => getUserMembership(signal)),
    loadPlans: fromRequest<MembershipPlan[]>(({ signal }) => listPlans(signal)),
    loadTokens: fromRequest<{ resetTime: string; tokens: TokenRemaining }>(async ({ signal }) => {
      const [reset, tokens] = await Promise.all([getTokenResetTime(signal), getTokenRemaining(signal)]);
      return { resetTime: reset.resetTime, tokens };
    }),
    loadManagementUrl: fromRequest<{ url: string }, { sessionId: string }>(({ input, signal }) =>
      getSubscriptionManagementUrl(input.sessionId, signal),
    ),
  },
  guards: {
    hasPlans: ({ event }) => customerPlans((event as { output?: MembershipPlan[] }).output ?? []).length > 0,
    knowsSession: ({ context }) => context.checkoutSessionId !== null,
    safeUrl: ({ event }) => paymentUrl((event as { output?: { url?: string } }).output?.url) !== null,
  },
  actions: {
    // Spec section 8: a failed membership fetch is only a console warning; the page goes on without it.
    warnMembership: ({ event }) =>
      console.warn('Could not load the membership', (event as { error?: unknown }).error),
    announcePlansFailed: raiseToast({
      variant: 'destructive',
      title: billingMessages.loadFailed,
      description: billingMessages.plansFailed,
    }),
    announceManageFailed: raiseToast(({ event }) => ({
      variant: 'destructive',
      title: billingMessages.manageFailed,
      description: 'error' in event ? describeError(event.error) : null,
    })),
    rememberSessionId: assign({
      checkoutSessionId: ({ event, context }) =>
        event.type === 'subscription.sessionKnown' ? event.sessionId : context.checkoutSessionId,
    }),
    /** The provider's subscription management page (an address the machine checked). */
    openManagement: askApp((_, params: { url: string }) => ({ type: 'app.open', url: params.url })),
  },
}).createMachine({
  id: 'billing',
  context: ({ input }) => ({
    membership: null,
    plans: [],
    resetTime: null,
    tokens: null,
    checkoutSessionId: input.checkoutSessionId,
  }),
  type: 'parallel',
  states: {
    membership: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['membershipLoading'],
          invoke: {
            id: 'loadMembership',
            src: 'loadMembership',
            onDone: { target: 'known', actions: assign({ membership: ({ event }) => event.output }) },
            onError: { target: 'unknown', actions: 'warnMembership' },
          },
          on: refresh,
        },
        known: { on: refresh },
        unknown: { on: refresh },
      },
    },
    tokens: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['tokensLoading'],
          invoke: {
            id: 'loadTokens',
            src: 'loadTokens',
            onDone: {
              target: 'ready',
              actions: assign({
                resetTime: ({ event }) => event.output.resetTime,
                tokens: ({ event }) => event.output.tokens,
              }),
            },
            onError: 'failed',
          },
          on: refresh,
        },
        ready: { on: refresh },
        failed: {
          tags: ['tokensFailed'],
          on: { ...refresh, 'tokens.retry': 'loading' },
        },
      },
    },
    plans: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['plansLoading'],
          invoke: {
            id: 'loadPlans',
            src: 'loadPlans',
            onDone: [
              {
                guard: 'hasPlans',
                target: 'ready',
                actions: assign({ plans: ({ event }) => customerPlans(event.output) }),
              },
              { target: 'empty', actions: assign({ plans: [] }) },
            ],
            onError: { target: 'failed', actions: 'announcePlansFailed' },
          },
        },
        ready: {},
        empty: { tags: ['plansEmpty'] },
        failed: {
          tags: ['plansFailed'],
          on: { 'plans.retry': 'loading' },
        },
      },
    },
    manage: {
      initial: 'checking',
      on: { 'subscription.sessionKnown': { target: '.available', actions: 'rememberSessionId' } },
      states: {
        checking: {
          always: [{ guard: 'knowsSession', target: 'available' }, { target: 'unavailable' }],
        },
        // No paid session seen yet: the action is hidden.
        unavailable: {},
        available: {
          tags: ['canManage'],
          on: { 'subscription.manageRequested': 'opening' },
        },
        opening: {
          tags: ['canManage', 'managing'],
          invoke: {
            id: 'loadManagementUrl',
            src: 'loadManagementUrl',
            input: ({ context }) => ({ sessionId: context.checkoutSessionId ?? '' }),
            onDone: [
              {
                guard: 'safeUrl',
                target: 'available',
                actions: { type: 'openManagement', params: ({ event }) => ({ url: event.output.url }) },
              },
              { target: 'available', actions: 'announceManageFailed' },
            ],
            onError: { target: 'available', actions: 'announceManageFailed' },
          },
        },
      },
    },
  },
});
