import { msg } from '@lingui/core/macro';
import { assign, sendTo, setup } from 'xstate';
import { getTokenRemaining, getTokenResetTime, listPlans } from '../../../api/membership';
import { getSubscriptionManagementUrl } from '../../../api/payments';
import {
  type MembershipPlan,
  PlanStatus,
  type TokenRemaining,
  type UserMembership,
} from '../../../api/schemas/membership';
import { raiseFailure } from '../../errors';
import { fromRequest } from '../../request';
import { type ResourceReport, resourceMachine } from '../../resource/resource.machine';
import { askApp, raiseToast, tellParent } from '../../system';
import type { CurrentPlan } from '../planChange/planChange.machine';
import { paymentUrl } from './links';
import { membershipMachine } from './membership';

export interface BillingContext {
  /** The last paid checkout session the app saw: subscription management needs one. */
  checkoutSessionId: string | null;
}

export type BillingEvent =
  /** The plan changed: the membership and its tokens are stale. */
  | { type: 'membership.refresh' }
  | { type: 'subscription.manageRequested' }
  | { type: 'subscription.sessionKnown'; sessionId: string }
  /** From the membership, the tokens and the plans. */
  | ResourceReport;

/** What billing tells the screen running it: the plan the user is on, whenever the membership loads. */
export type BillingReport = { type: 'membership.known'; current: CurrentPlan };

export const billingMessages = {
  loadFailed: msg`Load failed`,
  plansFailed: msg`Failed to get membership plans`,
  manageFailed: msg`Could not open subscription management`,
};

/** Customers see active plans only, lowest level first. */
export const customerPlans = (plans: MembershipPlan[]) =>
  plans.filter((p) => p.status === PlanStatus.active).sort((a, b) => a.level - b.level);

export interface TokenAllowance {
  /** When the monthly allowance next resets. */
  resetTime: string;
  tokens: TokenRemaining;
}

/** This period's tokens: what remains of the allowance, and when it resets. */
export const tokensMachine = resourceMachine<TokenAllowance>({
  id: 'tokens',
  load: async (_, signal) => {
    const [reset, tokens] = await Promise.all([getTokenResetTime(signal), getTokenRemaining(signal)]);
    return { resetTime: reset.resetTime, tokens };
  },
});

/** The plans on offer: active ones only, lowest level first; none active is the empty state. */
export const plansMachine = resourceMachine<MembershipPlan[]>({
  id: 'plans',
  load: async (_, signal) => customerPlans(await listPlans(signal)),
  isEmpty: (plans) => plans.length === 0,
});

/**
 * The usage-and-billing screen's billing: the membership, the tokens and the plans on offer (resources run
 * here as children, each loading, failing and retrying on its own), and the way to the provider's
 * subscription management.
 */
export const billingMachine = setup({
  types: {
    context: {} as BillingContext,
    events: {} as BillingEvent,
    input: {} as { checkoutSessionId: string | null },
  },
  actors: {
    membership: membershipMachine,
    tokens: tokensMachine,
    plans: plansMachine,
    loadManagementUrl: fromRequest<{ url: string }, { sessionId: string }>(({ input, signal }) =>
      getSubscriptionManagementUrl(input.sessionId, signal),
    ),
  },
  guards: {
    /** A resource's report, by the id the resource runs under. */
    reportFrom: ({ event }, params: { id: string }) =>
      (event.type === 'resource.loaded' || event.type === 'resource.failed') && event.id === params.id,
    knowsSession: ({ context }) => context.checkoutSessionId !== null,
    safeUrl: ({ event }) => paymentUrl((event as { output?: { url?: string } }).output?.url) !== null,
  },
  actions: {
    /** The plan rules (the plan change) need the plan the user is on. */
    tellMembershipKnown: tellParent(({ event }) => {
      const { name, level } = (event as { data: UserMembership }).data;
      return { type: 'membership.known', current: { name, level } } satisfies BillingReport;
    }),
    // Spec section 8: a failed membership fetch is only a console warning; the page goes on without it.
    warnMembership: ({ event }) =>
      console.warn('Could not load the membership', (event as { error?: unknown }).error),
    announcePlansFailed: raiseToast({
      variant: 'destructive',
      title: billingMessages.loadFailed,
      description: billingMessages.plansFailed,
    }),
    announceManageFailed: raiseFailure(billingMessages.manageFailed, 'destructive'),
    // A changed plan changes the tokens too; the plans on offer stay.
    reloadMembership: sendTo(membershipMachine.id, { type: 'resource.reload' }),
    reloadTokens: sendTo(tokensMachine.id, { type: 'resource.reload' }),
    rememberSessionId: assign({
      checkoutSessionId: ({ event, context }) =>
        event.type === 'subscription.sessionKnown' ? event.sessionId : context.checkoutSessionId,
    }),
    /** The provider's subscription management page (an address the machine checked). */
    openManagement: askApp((_, params: { url: string }) => ({ type: 'app.open', url: params.url })),
  },
}).createMachine({
  id: 'billing',
  context: ({ input }) => ({ checkoutSessionId: input.checkoutSessionId }),
  invoke: [
    { id: membershipMachine.id, src: 'membership' },
    { id: tokensMachine.id, src: 'tokens' },
    { id: plansMachine.id, src: 'plans' },
  ],
  on: {
    'membership.refresh': { actions: ['reloadMembership', 'reloadTokens'] },
    'resource.loaded': {
      guard: { type: 'reportFrom', params: { id: membershipMachine.id } },
      actions: 'tellMembershipKnown',
    },
    'resource.failed': [
      { guard: { type: 'reportFrom', params: { id: membershipMachine.id } }, actions: 'warnMembership' },
      { guard: { type: 'reportFrom', params: { id: plansMachine.id } }, actions: 'announcePlansFailed' },
    ],
  },
  initial: 'manage',
  states: {
    // Subscription management, at the provider: available once a paid checkout session is known.
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
