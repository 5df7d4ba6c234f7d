import { msg } from '@lingui/core/macro';
import { assign, setup } from 'xstate';
import { createPlan, deletePlan, listPlans, updatePlan } from '../../api/membership';
import { type MembershipPlan, type PlanBody, PlanStatus } from '../../api/schemas/membership';
import { raiseFailure } from '../errors';
import { fromRequest } from '../request';
import type { ToastInput } from '../root/toasts/toasts.machine';
import { raiseToast } from '../system';
import {
  draftOf,
  invalidFields,
  newPlanDraft,
  type PlanDraft,
  type PlanField,
  toPlanBody,
} from './planDraft';

export const planAdminMessages = {
  loadFailed: msg`Load failed`,
  createFailed: msg`Create failed`,
  updateFailed: msg`Update failed`,
  deleteFailed: msg`Delete failed`,
  created: msg`Plan created`,
  updated: msg`Plan updated`,
  deleted: msg`Plan deleted`,
};

export interface PlanAdminContext {
  /** Every plan but deleted ones, lowest level first. */
  plans: MembershipPlan[];
  draft: PlanDraft;
  /** The plan being edited or deleted. */
  target: MembershipPlan | null;
  invalid: PlanField[];
}

export type PlanAdminEvent =
  | { type: 'plans.retry' }
  | { type: 'plan.createRequested' }
  | { type: 'plan.editRequested'; plan: MembershipPlan }
  | { type: 'plan.deleteRequested'; plan: MembershipPlan }
  | { type: 'form.changed'; patch: Partial<PlanDraft> }
  | { type: 'form.submitted' }
  | { type: 'form.closed' }
  | { type: 'delete.confirmed' }
  | { type: 'delete.cancelled' };

const listed = (plans: MembershipPlan[]) =>
  plans.filter((p) => p.status !== PlanStatus.deleted).sort((a, b) => a.level - b.level);

type PlanAdminMessage = (typeof planAdminMessages)[keyof typeof planAdminMessages];

const success = (title: PlanAdminMessage): ToastInput => ({ variant: 'success', title });

/**
 * A form mode (creating or updating): the draft is filled in, and only a valid one is sent by the mode's own
 * request. The saved plan is stored, said and the form closed; a failure is said and the form stays open with
 * what was typed.
 */
const fillThenSave = <const Src extends 'createPlan' | 'updatePlan', Input>(
  src: Src,
  mode: {
    input: (args: { context: PlanAdminContext; body: PlanBody }) => Input;
    store: 'addPlan' | 'replacePlan';
    saved: 'announceCreated' | 'announceUpdated';
    failed: 'announceCreateFailed' | 'announceUpdateFailed';
  },
) => ({
  initial: 'filling' as const,
  states: {
    filling: {
      on: {
        'form.changed': { actions: 'applyPatch' as const },
        'form.submitted': [
          { guard: 'draftValid' as const, target: 'saving' },
          { actions: 'markInvalid' as const },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: src,
        src,
        input: ({ context }: { context: PlanAdminContext }) =>
          mode.input({ context, body: toPlanBody(context.draft) }),
        onDone: {
          target: '#planAdmin.list',
          actions: [
            {
              type: mode.store,
              params: ({ event }: { event: { output: MembershipPlan } }) => ({ plan: event.output }),
            },
            mode.saved,
            'resetForm' as const,
          ],
        },
        onError: { target: 'filling', actions: mode.failed },
      },
    },
  },
});

/** Membership plans for administrators: list, one form for create and edit, delete after confirmation. */
export const planAdminMachine = setup({
  types: { context: {} as PlanAdminContext, events: {} as PlanAdminEvent },
  actors: {
    loadPlans: fromRequest<MembershipPlan[]>(({ signal }) => listPlans(signal)),
    createPlan: fromRequest<MembershipPlan, PlanBody>(({ input, signal }) => createPlan(input, signal)),
    updatePlan: fromRequest<MembershipPlan, { id: string; body: PlanBody }>(({ input, signal }) =>
      updatePlan(input.id, input.body, signal),
    ),
    deletePlan: fromRequest<unknown, { id: string }>(({ input, signal }) => deletePlan(input.id, signal)),
  },
  guards: {
    draftValid: ({ context }) => invalidFields(context.draft).length === 0,
  },
  actions: {
    announceLoadFailed: raiseFailure(planAdminMessages.loadFailed, 'destructive'),
    announceCreateFailed: raiseFailure(planAdminMessages.createFailed, 'destructive'),
    announceUpdateFailed: raiseFailure(planAdminMessages.updateFailed, 'destructive'),
    announceDeleteFailed: raiseFailure(planAdminMessages.deleteFailed, 'destructive'),
    announceCreated: raiseToast(success(planAdminMessages.created)),
    announceUpdated: raiseToast(success(planAdminMessages.updated)),
    announceDeleted: raiseToast(success(planAdminMessages.deleted)),
    markInvalid: assign({ invalid: ({ context }) => invalidFields(context.draft) }),
    applyPatch: assign(({ context, event }) => {
      if (event.type !== 'form.changed') return {};
      const changed = Object.keys(event.patch);
      return {
        draft: { ...context.draft, ...event.patch },
        invalid: context.invalid.filter((f) => !changed.includes(f)),
      };
    }),
    resetForm: assign({ draft: () => newPlanDraft(), target: null, invalid: [] }),
    addPlan: assign({
      plans: ({ context }, params: { plan: MembershipPlan }) => listed([...context.plans, params.plan]),
    }),
    replacePlan: assign({
      plans: ({ context }, params: { plan: MembershipPlan }) =>
        listed(context.plans.map((p) => (p.id === params.plan.id ? params.plan : p))),
    }),
  },
}).createMachine({
  id: 'planAdmin',
  context: { plans: [], draft: newPlanDraft(), target: null, invalid: [] },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadPlans',
        src: 'loadPlans',
        onDone: { target: 'list', actions: assign({ plans: ({ event }) => listed(event.output) }) },
        onError: { target: 'failed', actions: 'announceLoadFailed' },
      },
    },
    failed: {
      tags: ['error'],
      on: { 'plans.retry': 'loading' },
    },
    list: {
      on: {
        'plan.createRequested': { target: 'form.creating', actions: 'resetForm' },
        'plan.editRequested': {
          target: 'form.updating',
          actions: assign({
            draft: ({ event }) => draftOf(event.plan),
            target: ({ event }) => event.plan,
            invalid: [],
          }),
        },
        'plan.deleteRequested': {
          target: 'confirmingDelete',
          actions: assign({ target: ({ event }) => event.plan }),
        },
      },
    },
    form: {
      tags: ['form'],
      initial: 'creating',
      // Closing stops a save in flight (its request is aborted).
      on: { 'form.closed': { target: 'list', actions: 'resetForm' } },
      states: {
        creating: fillThenSave('createPlan', {
          input: ({ body }) => body,
          store: 'addPlan',
          saved: 'announceCreated',
          failed: 'announceCreateFailed',
        }),
        updating: fillThenSave('updatePlan', {
          input: ({ context, body }) => ({ id: context.target?.id ?? '', body }),
          store: 'replacePlan',
          saved: 'announceUpdated',
          failed: 'announceUpdateFailed',
        }),
      },
    },
    confirmingDelete: {
      tags: ['confirm'],
      on: {
        'delete.confirmed': 'deleting',
        'delete.cancelled': { target: 'list', actions: assign({ target: null }) },
      },
    },
    deleting: {
      tags: ['confirm', 'busy'],
      invoke: {
        id: 'deletePlan',
        src: 'deletePlan',
        input: ({ context }) => ({ id: context.target?.id ?? '' }),
        onDone: {
          target: 'list',
          actions: [
            assign({
              plans: ({ context }) => context.plans.filter((p) => p.id !== context.target?.id),
              target: null,
            }),
            'announceDeleted',
          ],
        },
        onError: { target: 'list', actions: ['announceDeleteFailed', assign({ target: null })] },
      },
    },
  },
});
