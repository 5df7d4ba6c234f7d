import { msg } from '@lingui/core/macro';
import { assign, setup } from 'xstate';
import { createPayment } from '../../../api/payments';
import type { MembershipPlan } from '../../../api/schemas/membership';
import { type CreatePaymentResult, ScheduleType, type ScheduleTypeCode } from '../../../api/schemas/payments';
import { MEMBERSHIP_REFRESH_DELAY_MS, PLAN_UPDATE_RELOAD_DELAY_MS } from '../../constants';
import { fromRequest } from '../../request';
import { askApp, raiseToast, tellParent } from '../../system';
import { paymentUrl } from '../billing/links';

/** What the plan rules need of the user's membership. */
export interface CurrentPlan {
  name: string;
  level: number;
}

/** The current plan (same lowercase name), a lower level (no downgrades), or one that can be chosen. */
export type PlanStanding = 'current' | 'lower' | 'open';

export function planStanding(
  plan: Pick<MembershipPlan, 'name' | 'level'>,
  current: CurrentPlan | null,
): PlanStanding {
  // An unknown membership restricts nothing here; the server still refuses downgrades.
  if (!current) return 'open';
  if (plan.name.trim().toLowerCase() === current.name.trim().toLowerCase()) return 'current';
  return plan.level < current.level ? 'lower' : 'open';
}

/** What a plan card shows: how the plan stands to the user's, whether it is the most popular, and its action. */
export interface PlanOffer {
  plan: MembershipPlan;
  standing: PlanStanding;
  /** Spec section 2: the 2nd card gets the Most Popular badge when there are at least 2 plans. */
  popular: boolean;
  /** What its button does: nothing (the current plan, a lower one), an upgrade, or a change to an equal level. */
  action: 'current' | 'lower' | 'upgrade' | 'choose';
}

/** The plans on offer (in their order) as the cards show them to a user on `current`. */
export function planOffers(plans: readonly MembershipPlan[], current: CurrentPlan | null): PlanOffer[] {
  return plans.map((plan, i) => {
    const standing = planStanding(plan, current);
    const upgrade = current !== null && plan.level > current.level;
    return {
      plan,
      standing,
      popular: i === 1 && plans.length >= 2,
      action: standing !== 'open' ? standing : upgrade ? 'upgrade' : 'choose',
    };
  });
}

/** Yearly billing is offered only when the plan has a yearly price. */
export const offersYearly = (plan: Pick<MembershipPlan, 'yearlyPrice'>) => plan.yearlyPrice > 0;

/** Spec section 9: yearly saving = monthlyPrice * 12 - yearlyPrice. */
export const yearlySaving = (plan: Pick<MembershipPlan, 'monthlyPrice' | 'yearlyPrice'>) =>
  plan.monthlyPrice * 12 - plan.yearlyPrice;

/** Spec section 9: the yearly price per month, to one decimal. */
export const monthlyEquivalent = (plan: Pick<MembershipPlan, 'yearlyPrice'>) =>
  Math.round((plan.yearlyPrice / 12) * 10) / 10;

export const planChangeMessages = {
  paymentFailed: msg`Payment failed`,
  paymentFailedDetail: msg`Unable to start payment process, please try again later.`,
  paid: msg`Payment successful`,
  paidDetail: msg`Subscription activated, updating membership information…`,
  updated: msg`Subscription updated`,
  updatedDetail: msg`The page reloads in a moment to show your new plan. If it does not, refresh the page.`,
};

export interface PlanChangeContext {
  /** The plan the user is on, as the screen last learned it from the membership; null while unknown. */
  current: CurrentPlan | null;
  plan: MembershipPlan | null;
  scheduleType: ScheduleTypeCode | null;
  redirectUrl: string | null;
  /** session_id the payment provider returned with, if any. */
  returnSessionId: string | null;
}

export type PlanChangeEvent =
  | { type: 'plan.selected'; plan: MembershipPlan }
  /** From the screen: the membership loaded, the user is on this plan. */
  | { type: 'membership.known'; current: CurrentPlan }
  | { type: 'cycle.chosen'; scheduleType: ScheduleTypeCode }
  | { type: 'dialog.closed' }
  /** The page came back from the back/forward cache (pageshow with persisted). */
  | { type: 'page.restored' };

/** In the cycle dialog, first or after a failure (choosing again is the retry): pay for a cycle, or close. */
const cycleChoice = {
  'cycle.chosen': { guard: 'cycleOffered', target: 'paying', actions: 'chooseCycle' },
  'dialog.closed': { target: 'idle', actions: 'forgetChoice' },
} as const;

/**
 * Choosing a plan and paying for it, and coming back from the payment provider. Which plans can be chosen
 * follows from the membership the screen forwards (membership.known), held here. Everything that touches the
 * window (navigation, reload, the address bar) is an injected action, so tests never navigate.
 */
export const planChangeMachine = setup({
  types: {
    context: {} as PlanChangeContext,
    events: {} as PlanChangeEvent,
    input: {} as { returnSessionId?: string | null },
  },
  actors: {
    createPayment: fromRequest<CreatePaymentResult, { membershipId: string; scheduleType: ScheduleTypeCode }>(
      ({ input, signal }) => createPayment(input, signal),
    ),
  },
  delays: {
    reloadDelay: PLAN_UPDATE_RELOAD_DELAY_MS,
    refreshDelay: MEMBERSHIP_REFRESH_DELAY_MS,
  },
  guards: {
    // Decided on what the machine knows of the membership, never on what the sender says it is.
    canChoose: ({ context, event }) =>
      event.type === 'plan.selected' && planStanding(event.plan, context.current) === 'open',
    cycleOffered: ({ context, event }) =>
      event.type === 'cycle.chosen' &&
      context.plan !== null &&
      (event.scheduleType === ScheduleType.monthly || offersYearly(context.plan)),
    isUpdate: ({ event }) => (event as { output?: CreatePaymentResult }).output?.isUpdate === true,
    hasSafeRedirect: ({ event }) =>
      paymentUrl((event as { output?: CreatePaymentResult }).output?.redirectUrl) !== null,
    returnedFromPayment: ({ context }) => context.returnSessionId !== null,
  },
  actions: {
    forgetChoice: assign({ plan: null, scheduleType: null, redirectUrl: null }),
    chooseCycle: assign({
      scheduleType: ({ event }) => (event.type === 'cycle.chosen' ? event.scheduleType : null),
    }),
    announcePaid: raiseToast({
      variant: 'success',
      title: planChangeMessages.paid,
      description: planChangeMessages.paidDetail,
    }),
    announceUpdated: raiseToast({
      variant: 'success',
      title: planChangeMessages.updated,
      description: planChangeMessages.updatedDetail,
    }),
    announceFailed: raiseToast({
      variant: 'destructive',
      title: planChangeMessages.paymentFailed,
      description: planChangeMessages.paymentFailedDetail,
    }),
    /** To the payment provider's checkout. */
    redirect: askApp((_, params: { url: string }) => ({ type: 'app.open', url: params.url })),
    /** Everything on the page shows the changed plan. */
    reload: askApp({ type: 'app.reload' }),
    /** session_id leaves the address, so a reload does not announce the payment again. */
    clearQuery: askApp({ type: 'app.updateQuery', set: { session_id: null } }),
    /** The screen remembers the paid session (for subscription management) and tells the membership. */
    rememberSession: tellParent((_, params: { sessionId: string }) => ({
      type: 'checkout.returned',
      sessionId: params.sessionId,
    })),
    /** The screen fetches the membership again. */
    refreshMembership: tellParent({ type: 'plan.changed' }),
  },
}).createMachine({
  id: 'planChange',
  context: ({ input }) => ({
    current: null,
    plan: null,
    scheduleType: null,
    redirectUrl: null,
    returnSessionId: input.returnSessionId || null,
  }),
  on: {
    'membership.known': { actions: assign({ current: ({ event }) => event.current }) },
  },
  type: 'parallel',
  states: {
    change: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'plan.selected': {
              guard: 'canChoose',
              target: 'choosingCycle',
              actions: assign({ plan: ({ event }) => event.plan, scheduleType: null }),
            },
          },
        },
        choosingCycle: {
          tags: ['dialog'],
          on: cycleChoice,
        },
        paying: {
          tags: ['dialog', 'busy'],
          invoke: {
            id: 'createPayment',
            src: 'createPayment',
            input: ({ context }) => ({
              membershipId: context.plan?.id ?? '',
              scheduleType: context.scheduleType ?? ScheduleType.monthly,
            }),
            onDone: [
              { guard: 'isUpdate', target: 'updated' },
              {
                guard: 'hasSafeRedirect',
                target: 'redirecting',
                actions: assign({ redirectUrl: ({ event }) => event.output.redirectUrl ?? null }),
              },
              // Neither isUpdate nor a followable URL: the payment cannot start.
              { target: 'failed' },
            ],
            onError: { target: 'failed' },
          },
          // Closing the dialog abandons the request (its signal aborts).
          on: { 'dialog.closed': { target: 'idle', actions: 'forgetChoice' } },
        },
        redirecting: {
          tags: ['dialog', 'busy', 'redirecting'],
          entry: { type: 'redirect', params: ({ context }) => ({ url: context.redirectUrl ?? '' }) },
          on: {
            // The provider's page may never come (a blocked navigation): Cancel leaves.
            'dialog.closed': { target: 'idle', actions: 'forgetChoice' },
            // Back from the provider restores this page as it was left (back/forward cache): start over.
            'page.restored': { target: 'idle', actions: 'forgetChoice' },
          },
        },
        updated: {
          tags: ['updated'],
          entry: 'announceUpdated',
          after: { reloadDelay: { actions: 'reload' } },
        },
        failed: {
          tags: ['dialog', 'error'],
          entry: 'announceFailed',
          // Choosing a cycle again is the retry.
          on: cycleChoice,
        },
      },
    },
    paymentReturn: {
      initial: 'checking',
      states: {
        checking: {
          always: [{ guard: 'returnedFromPayment', target: 'refreshing' }, { target: 'none' }],
        },
        none: {},
        refreshing: {
          tags: ['refreshing'],
          entry: [
            'announcePaid',
            {
              type: 'rememberSession',
              params: ({ context }) => ({ sessionId: context.returnSessionId ?? '' }),
            },
            'clearQuery',
          ],
          // The provider's webhook may land a moment after the return: fetch the membership a little later.
          after: { refreshDelay: { target: 'done', actions: 'refreshMembership' } },
        },
        done: {},
      },
    },
  },
});
