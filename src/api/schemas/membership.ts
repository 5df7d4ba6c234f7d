import * as z from 'zod/mini';
import { DateTimeSchema, IdSchema } from './common';

export const PlanStatus = { active: 1, inactive: 2, deleted: 3 } as const;
export const PlanStatusSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type PlanStatusCode = z.infer<typeof PlanStatusSchema>;

/** A limit of -1 means unlimited. */
export const UNLIMITED = -1;
const Limit = z.int().check(z.gte(UNLIMITED));

export const MembershipPlanSchema = z.object({
  id: IdSchema,
  name: z.string(),
  level: z.int(),
  description: z.nullable(z.string()),
  instanceLimit: Limit,
  chatbotLimit: Limit,
  monthlyTokenLimit: Limit,
  totalChatSessionLimit: Limit,
  knowledgeBaseFileLimit: Limit,
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

export const PlanBodySchema = z.omit(MembershipPlanSchema, { id: true });
export type PlanBody = z.infer<typeof PlanBodySchema>;

export const UserMembershipSchema = z.object({
  name: z.string(),
  level: z.int(),
  endDate: z.nullable(DateTimeSchema),
  instanceLimit: Limit,
  chatbotLimit: Limit,
  monthlyTokenLimit: Limit,
  totalChatSessionLimit: Limit,
  knowledgeBaseFileLimit: Limit,
});
export type UserMembership = z.infer<typeof UserMembershipSchema>;

/** Not shown in the spec: when the monthly token allowance next resets. */
export const TokenResetTimeSchema = z.object({ resetTime: DateTimeSchema });
export type TokenResetTime = z.infer<typeof TokenResetTimeSchema>;

/** Not shown in the spec: tokens left this period; limit -1 means unlimited. */
export const TokenRemainingSchema = z.object({
  remaining: z.int(),
  limit: Limit,
});
export type TokenRemaining = z.infer<typeof TokenRemainingSchema>;
