import * as z from 'zod/mini';
import { DateTimeSchema, IdSchema } from './common';

export const PlanStatus = { active: 1, inactive: 2, deleted: 3 } as const;
export const PlanStatusSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type PlanStatusCode = z.infer<typeof PlanStatusSchema>;

/** A limit of -1 means unlimited. */
export const UNLIMITED = -1;
export const LimitSchema = z.int().check(z.gte(UNLIMITED));

/**
 * A plan as spec section 3 lists it, every field required (the plan cards, the admin table and its edit form
 * read them); fields the client does not know pass through.
 */
export const MembershipPlanSchema = z.looseObject({
  id: IdSchema,
  name: z.string(),
  level: z.int(),
  description: z.nullable(z.string()),
  instanceLimit: LimitSchema,
  chatbotLimit: LimitSchema,
  monthlyTokenLimit: LimitSchema,
  totalChatSessionLimit: LimitSchema,
  knowledgeBaseFileLimit: LimitSchema,
  /** Prices in major units of the plan's currency. */
  monthlyPrice: z.number().check(z.nonnegative()),
  yearlyPrice: z.number().check(z.nonnegative()),
  monthlyPriceId: z.nullable(z.string()),
  yearlyPriceId: z.nullable(z.string()),
  hasAdvancedFeatures: z.boolean(),
  hasCustomPrompt: z.boolean(),
  status: PlanStatusSchema,
});
export type MembershipPlan = z.infer<typeof MembershipPlanSchema>;
export const MembershipPlanListSchema = z.array(MembershipPlanSchema);

/** What the client sends: the plan's own fields, nothing passed through. */
export const PlanBodySchema = z.omit(z.object(MembershipPlanSchema.shape), { id: true });
export type PlanBody = z.infer<typeof PlanBodySchema>;

/** Spec section 3: name, level, endDate and the limits; fields the client does not know pass through. */
export const UserMembershipSchema = z.looseObject({
  name: z.string(),
  level: z.int(),
  endDate: z.nullable(DateTimeSchema),
  instanceLimit: LimitSchema,
  chatbotLimit: LimitSchema,
  monthlyTokenLimit: LimitSchema,
  totalChatSessionLimit: LimitSchema,
  knowledgeBaseFileLimit: LimitSchema,
  /**
   * Not in the spec's answer: whether the plan ends at endDate (cancelled) or renews then. A server that
   * does not say leaves it unknown, and the card says neither.
   */
  cancelAtPeriodEnd: z.catch(z.optional(z.boolean()), undefined),
});
export type UserMembership = z.infer<typeof UserMembershipSchema>;

/** Not shown in the spec: when the monthly token allowance next resets; the subscription card needs it. */
export const TokenResetTimeSchema = z.looseObject({ resetTime: DateTimeSchema });
export type TokenResetTime = z.infer<typeof TokenResetTimeSchema>;

/** Not shown in the spec: tokens left this period, both needed for the meter; limit -1 means unlimited. */
export const TokenRemainingSchema = z.looseObject({
  remaining: z.int(),
  limit: LimitSchema,
});
export type TokenRemaining = z.infer<typeof TokenRemainingSchema>;
