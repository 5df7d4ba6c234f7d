import {
  type MembershipPlan,
  type PlanBody,
  PlanBodySchema,
  PlanStatus,
  type PlanStatusCode,
} from '../../api/schemas/membership';
import { DEFAULT_KNOWLEDGE_FILE_LIMIT, NEW_PLAN_DEFAULTS } from '../constants';

/** The admin form as typed: numbers stay text until saved, so nothing the admin typed is lost. */
export interface PlanDraft {
  name: string;
  description: string;
  level: string;
  instanceLimit: string;
  chatbotLimit: string;
  monthlyTokenLimit: string;
  totalChatSessionLimit: string;
  knowledgeBaseFileLimit: string;
  monthlyPrice: string;
  yearlyPrice: string;
  monthlyPriceId: string;
  yearlyPriceId: string;
  hasAdvancedFeatures: boolean;
  hasCustomPrompt: boolean;
  status: PlanStatusCode;
}

export const NUMBER_FIELDS = [
  'level',
  'instanceLimit',
  'chatbotLimit',
  'monthlyTokenLimit',
  'totalChatSessionLimit',
  'knowledgeBaseFileLimit',
  'monthlyPrice',
  'yearlyPrice',
] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];
/** The fields the form checks before saving. */
export type PlanField = NumberField | 'name';

/** A new plan: the defaults of spec section 9, active. */
export function newPlanDraft(): PlanDraft {
  const d = NEW_PLAN_DEFAULTS;
  return {
    name: '',
    description: '',
    level: String(d.level),
    instanceLimit: String(d.instanceLimit),
    chatbotLimit: String(d.chatbotLimit),
    monthlyTokenLimit: String(d.monthlyTokenLimit),
    totalChatSessionLimit: String(d.totalChatSessionLimit),
    knowledgeBaseFileLimit: String(d.knowledgeBaseFileLimit),
    monthlyPrice: String(d.monthlyPrice),
    yearlyPrice: String(d.yearlyPrice),
    monthlyPriceId: '',
    yearlyPriceId: '',
    hasAdvancedFeatures: d.hasAdvancedFeatures,
    hasCustomPrompt: d.hasCustomPrompt,
    status: PlanStatus.active,
  };
}

export function draftOf(plan: MembershipPlan): PlanDraft {
  return {
    name: plan.name,
    description: plan.description ?? '',
    level: String(plan.level),
    instanceLimit: String(plan.instanceLimit),
    chatbotLimit: String(plan.chatbotLimit),
    monthlyTokenLimit: String(plan.monthlyTokenLimit),
    totalChatSessionLimit: String(plan.totalChatSessionLimit),
    knowledgeBaseFileLimit: String(plan.knowledgeBaseFileLimit),
    monthlyPrice: String(plan.monthlyPrice),
    yearlyPrice: String(plan.yearlyPrice),
    monthlyPriceId: plan.monthlyPriceId ?? '',
    yearlyPriceId: plan.yearlyPriceId ?? '',
    hasAdvancedFeatures: plan.hasAdvancedFeatures,
    hasCustomPrompt: plan.hasCustomPrompt,
    // A deleted plan is never listed; anything not active is edited as inactive.
    status: plan.status === PlanStatus.active ? PlanStatus.active : PlanStatus.inactive,
  };
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/**
 * The body to send (spec section 5): numeric fields converted to numbers, no other bounds; the knowledge
 * file limit falls back to 10 when falsy.
 */
export function toPlanBody(draft: PlanDraft): PlanBody {
  const n = (field: NumberField) => Number(draft[field].trim());
  return {
    name: draft.name,
    description: orNull(draft.description),
    level: n('level'),
    instanceLimit: n('instanceLimit'),
    chatbotLimit: n('chatbotLimit'),
    monthlyTokenLimit: n('monthlyTokenLimit'),
    totalChatSessionLimit: n('totalChatSessionLimit'),
    knowledgeBaseFileLimit: n('knowledgeBaseFileLimit') || DEFAULT_KNOWLEDGE_FILE_LIMIT,
    monthlyPrice: n('monthlyPrice'),
    yearlyPrice: n('yearlyPrice'),
    monthlyPriceId: orNull(draft.monthlyPriceId),
    yearlyPriceId: orNull(draft.yearlyPriceId),
    hasAdvancedFeatures: draft.hasAdvancedFeatures,
    hasCustomPrompt: draft.hasCustomPrompt,
    status: draft.status,
  };
}

/**
 * Fields to fix before saving: what the API would refuse (the contract's own schema: whole numbers, -1 or
 * more for limits, no negative prices), a blank name (every customer would see a plan card without a title)
 * and a level below 0. Checked before sending, so the admin sees which field to fix instead of a server error.
 */
export function invalidFields(draft: PlanDraft): PlanField[] {
  const fields = new Set<PlanField>();
  if (draft.name.trim() === '') fields.add('name');
  const result = PlanBodySchema.safeParse(toPlanBody(draft));
  for (const issue of result.success ? [] : result.error.issues) {
    const field = issue.path[0];
    if ((NUMBER_FIELDS as readonly unknown[]).includes(field)) fields.add(field as NumberField);
  }
  if (Number(draft.level.trim()) < 0) fields.add('level');
  return [...fields];
}
