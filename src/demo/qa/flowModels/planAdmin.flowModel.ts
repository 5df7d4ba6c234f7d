import type { MembershipPlan } from '../../../api/schemas/membership';
import { planAdminMachine } from '../../../machines/membership/planAdmin.machine';
import type { FlowModel } from '../../../machines/model';
import { demoPlan, samplePlan } from './planChange.flowModel';

const pro = samplePlan();
const free = demoPlan('plan-free');

export const planAdminModel: FlowModel = {
  id: 'planAdmin',
  machine: planAdminMachine,
  events: [
    { type: 'plans.retry' },
    { type: 'plan.createRequested' },
    { type: 'plan.editRequested', plan: pro },
    { type: 'plan.deleteRequested', plan: pro },
    { type: 'form.changed', patch: { name: 'Growth' } },
    { type: 'form.changed', patch: { level: 'x' } },
    { type: 'form.submitted' },
    { type: 'form.closed' },
    { type: 'delete.confirmed' },
    { type: 'delete.cancelled' },
  ],
  outputs: {
    loadPlans: [pro, free],
    createPlan: samplePlan({ id: 'plan-new', name: 'Growth' }),
    updatePlan: pro,
    deletePlan: { success: true },
  },
  // Created plans pile up in the list: only which plans are there counts, so the graph stays finite.
  serialize: ({ context: c }) => [
    [...new Set(c.plans.map((p: MembershipPlan) => p.id))].sort(),
    c.draft.name,
    c.draft.level,
    c.target?.id ?? null,
    c.invalid.length > 0,
  ],
};
