import * as z from 'zod/mini';
import { DateTimeSchema, IdSchema } from './common';
import { LimitSchema } from './membership';

export const ScheduleType = { monthly: 1, yearly: 2 } as const;
export const ScheduleTypeSchema = z.union([z.literal(1), z.literal(2)]);
export type ScheduleTypeCode = z.infer<typeof ScheduleTypeSchema>;

export const CreatePaymentBodySchema = z.object({ membershipId: IdSchema, scheduleType: ScheduleTypeSchema });
export type CreatePaymentBody = z.infer<typeof CreatePaymentBodySchema>;

/**
 * Either a checkout to go to, or isUpdate when an existing subscription was changed in place; with neither
 * the plan change fails (spec section 4), so both are optional. Fields the client does not know pass through.
 */
export const CreatePaymentResultSchema = z.looseObject({
  redirectUrl: z.optional(z.string()),
  isUpdate: z.optional(z.boolean()),
});
export type CreatePaymentResult = z.infer<typeof CreatePaymentResultSchema>;

/** Not shown in the spec: the address of the provider's page is all the client needs. */
export const ManagementUrlSchema = z.looseObject({ url: z.string() });

export const PaymentSessionBodySchema = z.object({ sessionId: z.string().check(z.minLength(1)) });

/**
 * The membership that was paid for. The spec names it but not its fields (the mock answers the plan; a user
 * membership fits as well): the page needs its name; each limit missing shows as "—".
 */
export const PaidMembershipSchema = z.looseObject({
  name: z.string(),
  instanceLimit: z.optional(LimitSchema),
  chatbotLimit: z.optional(LimitSchema),
  monthlyTokenLimit: z.optional(LimitSchema),
  totalChatSessionLimit: z.optional(LimitSchema),
  knowledgeBaseFileLimit: z.optional(LimitSchema),
});
export type PaidMembership = z.infer<typeof PaidMembershipSchema>;

/** Payment session details as spec section 3 lists them; fields the client does not know pass through. */
export const PaymentSessionDetailsSchema = z.looseObject({
  /** Minor units: divide by 100. */
  paymentAmount: z.int(),
  paymentCurrency: z.string(),
  paymentMethod: z.string(),
  payments: z.array(z.looseObject({ id: IdSchema, createdAt: DateTimeSchema })),
  membership: PaidMembershipSchema,
});
export type PaymentSessionDetails = z.infer<typeof PaymentSessionDetailsSchema>;
