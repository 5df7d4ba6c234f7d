import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, type SnapshotFrom } from 'xstate';
import { recordToasts, stopStandIns } from '../../../tests/appSystem';
import { describeStateViews } from '../../../tests/stateViews';
import type { MembershipPlan, PlanBody } from '../../api/schemas/membership';
import { planAdminModel } from '../../demo/qa/flowModels/planAdmin.flowModel';
import { samplePlan } from '../../demo/qa/flowModels/planChange.flowModel';
import { planAdminMachine, planAdminMessages } from './planAdmin.machine';
import { draftOf, invalidFields, newPlanDraft, type PlanDraft, toPlanBody } from './planDraft';

const plan = (over: Partial<MembershipPlan>): MembershipPlan => ({
  id: 'plan-pro',
  name: 'Pro',
  level: 2,
  description: 'For teams',
  instanceLimit: 3,
  chatbotLimit: 3,
  monthlyTokenLimit: -1,
  totalChatSessionLimit: 2000,
  knowledgeBaseFileLimit: 50,
  monthlyPrice: 299,
  yearlyPrice: 2990,
  monthlyPriceId: 'price_m',
  yearlyPriceId: null,
  hasAdvancedFeatures: true,
  hasCustomPrompt: false,
  status: 1,
  ...over,
});
const pro = plan({});
const free = plan({ id: 'plan-free', name: 'Free', level: 0 });
const gone = plan({ id: 'plan-gone', name: 'Gone', level: 5, status: 3 });

afterEach(() => stopStandIns());
const settle = () => new Promise((r) => setTimeout(r, 0));

function start(
  over: {
    load?: () => Promise<MembershipPlan[]>;
    create?: (body: PlanBody) => Promise<MembershipPlan>;
    update?: (id: string, body: PlanBody) => Promise<MembershipPlan>;
    remove?: (id: string) => Promise<unknown>;
  } = {},
) {
  const toasts = vi.fn();
  const app = recordToasts(toasts);
  const spies = {
    load: vi.fn(over.load ?? (async () => [pro, gone, free])),
    create: vi.fn(over.create ?? (async (body: PlanBody) => ({ ...body, id: 'plan-new' }))),
    update: vi.fn(over.update ?? (async (id: string, body: PlanBody) => ({ ...body, id }))),
    remove: vi.fn(over.remove ?? (async () => ({ success: true }))),
  };
  const actor = app.run(
    planAdminMachine.provide({
      actors: {
        loadPlans: fromPromise(() => spies.load()),
        createPlan: fromPromise(({ input }) => spies.create(input)),
        updatePlan: fromPromise(({ input }) => spies.update(input.id, input.body)),
        deletePlan: fromPromise(({ input }) => spies.remove(input.id)),
      },
    }),
  );
  return { actor, toasts, spies };
}

describe('plan draft', () => {
  it('starts a new plan with the spec defaults', () => {
    expect(toPlanBody(newPlanDraft())).toEqual(newPlanBody);
  });

  it('converts numbers, falls back to 10 knowledge files when falsy, and round-trips a plan', () => {
    const draft = {
      ...newPlanDraft(),
      monthlyPrice: '19.5',
      knowledgeBaseFileLimit: '0',
      instanceLimit: '-1',
    };
    expect(toPlanBody(draft)).toMatchObject({
      monthlyPrice: 19.5,
      knowledgeBaseFileLimit: 10,
      instanceLimit: -1,
    });
    const { id: _id, ...body } = pro;
    expect(toPlanBody(draftOf(pro))).toEqual(body);
  });

  it('names the fields the API would refuse', () => {
    const named = { ...newPlanDraft(), name: 'Growth' };
    expect(invalidFields(named)).toEqual([]);
    expect(invalidFields({ ...named, level: 'x', chatbotLimit: '-2', yearlyPrice: '-1' })).toEqual([
      'level',
      'chatbotLimit',
      'yearlyPrice',
    ]);
  });

  it('asks for a name, a level of 0 or more and prices of 0 or more; -1 stays unlimited for limits', () => {
    // A new plan starts without a name: it is the first thing to fill in.
    expect(invalidFields(newPlanDraft())).toEqual(['name']);
    expect(invalidFields({ ...newPlanDraft(), name: '   ' })).toEqual(['name']);
    const named = { ...newPlanDraft(), name: 'Growth' };
    expect(invalidFields({ ...named, level: '-1' })).toEqual(['level']);
    expect(invalidFields({ ...named, level: '0' })).toEqual([]);
    expect(invalidFields({ ...named, monthlyPrice: '-0.5', yearlyPrice: '-10' })).toEqual([
      'monthlyPrice',
      'yearlyPrice',
    ]);
    expect(
      invalidFields({ ...named, instanceLimit: '-1', chatbotLimit: '-1', knowledgeBaseFileLimit: '-1' }),
    ).toEqual([]);
  });
});

describe('plan administration', () => {
  it('lists every plan but deleted ones, lowest level first', async () => {
    const { actor } = start();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settle();
    expect(actor.getSnapshot().context.plans.map((p) => p.name)).toEqual(['Free', 'Pro']);
  });

  it('keeps a load failure in its panel with a toast, and retries', async () => {
    let fail = true;
    const { actor, toasts } = start({
      load: async () => {
        if (fail) throw new Error('Only administrators can manage plans');
        return [pro];
      },
    });
    await settle();
    expect(actor.getSnapshot().hasTag('error')).toBe(true);
    expect(toasts).toHaveBeenCalledWith({
      variant: 'destructive',
      title: planAdminMessages.loadFailed,
      description: 'Only administrators can manage plans',
    });
    fail = false;
    actor.send({ type: 'plans.retry' });
    await settle();
    expect(actor.getSnapshot().value).toBe('list');
  });

  it('creates a plan from the form and adds it to the list', async () => {
    const { actor, spies, toasts } = start();
    await settle();
    actor.send({ type: 'plan.createRequested' });
    expect(actor.getSnapshot().matches({ form: 'creating' })).toBe(true);
    actor.send({ type: 'form.changed', patch: { name: 'Growth', level: '2', monthlyPrice: '149' } });
    actor.send({ type: 'form.submitted' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settle();
    expect(spies.create).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'Growth', level: 2, monthlyPrice: 149, instanceLimit: 1 }),
    );
    expect(actor.getSnapshot().value).toBe('list');
    expect(actor.getSnapshot().context.plans.map((p) => p.name)).toEqual(['Free', 'Pro', 'Growth']);
    expect(toasts).toHaveBeenCalledWith({ variant: 'success', title: planAdminMessages.created });
  });

  it('does not send a form the API would refuse, and marks the fields', async () => {
    const { actor, spies } = start();
    await settle();
    actor.send({ type: 'plan.createRequested' });
    actor.send({ type: 'form.changed', patch: { instanceLimit: '1.5' } });
    actor.send({ type: 'form.submitted' });
    expect(spies.create).not.toHaveBeenCalled();
    // A new plan has no name yet: that is marked too.
    expect(actor.getSnapshot().context.invalid).toEqual(['name', 'instanceLimit']);
    actor.send({ type: 'form.changed', patch: { instanceLimit: '2' } });
    expect(actor.getSnapshot().context.invalid).toEqual(['name']);
    actor.send({ type: 'form.changed', patch: { name: 'Growth' } });
    expect(actor.getSnapshot().context.invalid).toEqual([]);
  });

  it('keeps what was typed when saving fails', async () => {
    const { actor, toasts } = start({ create: () => Promise.reject(new Error('Conflict')) });
    await settle();
    actor.send({ type: 'plan.createRequested' });
    actor.send({ type: 'form.changed', patch: { name: 'Growth' } });
    actor.send({ type: 'form.submitted' });
    await settle();
    expect(actor.getSnapshot().matches({ form: { creating: 'filling' } })).toBe(true);
    expect(actor.getSnapshot().context.draft.name).toBe('Growth');
    expect(toasts).toHaveBeenCalledWith({
      variant: 'destructive',
      title: planAdminMessages.createFailed,
      description: 'Conflict',
    });
  });

  it('edits a plan in the same form and replaces it in the list', async () => {
    const { actor, spies, toasts } = start();
    await settle();
    actor.send({ type: 'plan.editRequested', plan: pro });
    expect(actor.getSnapshot().matches({ form: 'updating' })).toBe(true);
    expect(actor.getSnapshot().context.draft.monthlyTokenLimit).toBe('-1');
    actor.send({ type: 'form.changed', patch: { name: 'Pro Max', status: 2 } });
    actor.send({ type: 'form.submitted' });
    await settle();
    expect(spies.update).toHaveBeenCalledWith(
      'plan-pro',
      expect.objectContaining({ name: 'Pro Max', status: 2 }),
    );
    expect(actor.getSnapshot().context.plans.map((p) => p.name)).toEqual(['Free', 'Pro Max']);
    expect(toasts).toHaveBeenCalledWith({ variant: 'success', title: planAdminMessages.updated });
  });

  it('closing the form abandons it and the next create starts from the defaults', async () => {
    const { actor } = start();
    await settle();
    actor.send({ type: 'plan.editRequested', plan: pro });
    actor.send({ type: 'form.closed' });
    actor.send({ type: 'plan.createRequested' });
    expect(actor.getSnapshot().context.draft).toEqual(newPlanDraft());
  });

  it('deletes only after confirmation', async () => {
    const { actor, spies, toasts } = start();
    await settle();
    actor.send({ type: 'plan.deleteRequested', plan: pro });
    expect(actor.getSnapshot().hasTag('confirm')).toBe(true);
    actor.send({ type: 'delete.cancelled' });
    expect(spies.remove).not.toHaveBeenCalled();
    actor.send({ type: 'plan.deleteRequested', plan: pro });
    actor.send({ type: 'delete.confirmed' });
    await settle();
    expect(spies.remove).toHaveBeenCalledWith('plan-pro');
    expect(actor.getSnapshot().context.plans.map((p) => p.name)).toEqual(['Free']);
    expect(toasts).toHaveBeenCalledWith({ variant: 'success', title: planAdminMessages.deleted });
  });

  it('says so when deleting fails and keeps the plan', async () => {
    const { actor, toasts } = start({ remove: () => Promise.reject(new Error('Plan not found')) });
    await settle();
    actor.send({ type: 'plan.deleteRequested', plan: pro });
    actor.send({ type: 'delete.confirmed' });
    await settle();
    expect(actor.getSnapshot().value).toBe('list');
    expect(actor.getSnapshot().context.plans).toHaveLength(2);
    expect(toasts).toHaveBeenCalledWith({
      variant: 'destructive',
      title: planAdminMessages.deleteFailed,
      description: 'Plan not found',
    });
  });
});

type Snap = SnapshotFrom<typeof planAdminMachine>;
// The plan the model edits and deletes, and a new plan's body as spec section 9 sets it.
const modelPro = samplePlan();
const { id: _proId, ...proBody } = modelPro;
const newPlanBody: PlanBody = {
  name: '',
  description: null,
  level: 1,
  instanceLimit: 1,
  chatbotLimit: 1,
  monthlyTokenLimit: 1000,
  totalChatSessionLimit: 1000,
  knowledgeBaseFileLimit: 10,
  monthlyPrice: 0,
  yearlyPrice: 0,
  monthlyPriceId: null,
  yearlyPriceId: null,
  hasAdvancedFeatures: false,
  hasCustomPrompt: false,
  status: 1,
};
const closedForm = (s: Snap) => {
  expect(s.context.draft).toEqual(newPlanDraft());
  expect(s.context.invalid).toEqual([]);
};
/** The form shows the plan it opened with, changed only by what was typed (a name, a level that is no number). */
const typed = (s: Snap, opened: PlanDraft) => {
  expect(['', 'Growth', opened.name]).toContain(s.context.draft.name);
  expect(['x', opened.level]).toContain(s.context.draft.level);
  expect({ ...s.context.draft, name: opened.name, level: opened.level }).toEqual(opened);
  // A field is marked only while it is wrong (a blank name, a level that is no number), until it is changed.
  for (const field of s.context.invalid) {
    if (field === 'name') expect(s.context.draft.name.trim()).toBe('');
    else expect(s.context.draft[field]).toBe('x');
  }
};

describeStateViews(planAdminModel, {
  loading: {
    tags: ['loading'],
    runs: { loadPlans: (input: unknown) => expect(input).toBeUndefined() },
    shows: (s: Snap) => {
      expect(s.context.plans).toEqual([]);
      expect(s.context.target).toBeNull();
      closedForm(s);
    },
  },
  failed: {
    tags: ['error'],
    enabled: ['plans.retry'],
    shows: (s: Snap) => expect(s.context.plans).toEqual([]),
  },
  list: {
    enabled: ['plan.createRequested', 'plan.editRequested', 'plan.deleteRequested'],
    // Every plan but deleted ones, lowest level first; no form or confirmation left over.
    shows: (s: Snap) => {
      const levels = s.context.plans.map((p) => p.level);
      expect(levels).toEqual([...levels].sort((a, b) => a - b));
      expect(s.context.plans.map((p) => p.id)).toContain('plan-free');
      for (const plan of s.context.plans) expect(['plan-free', 'plan-pro', 'plan-new']).toContain(plan.id);
      expect(s.context.target).toBeNull();
      closedForm(s);
    },
  },
  form: { tags: ['form'], enabled: ['form.closed'] },
  'form.creating': { shows: (s: Snap) => expect(s.context.target).toBeNull() },
  'form.creating.filling': {
    // Save is always offered: a value the API would refuse is marked instead of sent.
    enabled: ['form.changed', 'form.submitted'],
    shows: (s: Snap) => typed(s, newPlanDraft()),
  },
  'form.creating.saving': {
    tags: ['busy'],
    runs: {
      createPlan: (input: PlanBody, s: Snap) =>
        expect(input).toEqual({ ...newPlanBody, name: s.context.draft.name }),
    },
    shows: (s: Snap) => expect(s.context.invalid).toEqual([]),
  },
  'form.updating': { shows: (s: Snap) => expect(s.context.target).toEqual(modelPro) },
  'form.updating.filling': {
    enabled: ['form.changed', 'form.submitted'],
    shows: (s: Snap) => typed(s, draftOf(modelPro)),
  },
  'form.updating.saving': {
    tags: ['busy'],
    runs: {
      updatePlan: (input: { id: string; body: PlanBody }, s: Snap) =>
        expect(input).toEqual({ id: modelPro.id, body: { ...proBody, name: s.context.draft.name } }),
    },
    shows: (s: Snap) => expect(s.context.invalid).toEqual([]),
  },
  confirmingDelete: {
    tags: ['confirm'],
    enabled: ['delete.confirmed', 'delete.cancelled'],
    shows: (s: Snap) => {
      expect(s.context.target).toEqual(modelPro);
      closedForm(s);
    },
  },
  deleting: {
    tags: ['confirm', 'busy'],
    runs: { deletePlan: (input: { id: string }) => expect(input).toEqual({ id: modelPro.id }) },
    shows: (s: Snap) => expect(s.context.target).toEqual(modelPro),
  },
});
