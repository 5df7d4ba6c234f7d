import * as z from 'zod/mini';
import { DateTimeSchema, IdSchema } from './common';
import { MembershipPlanSchema } from './membership';

export const ScheduleType = { monthly: 1, yearly: 2 } as const;
export const ScheduleTypeSchema = z.union([z.literal(1), z.literal(2)]);
export type ScheduleTypeCode = z.infer<typeof ScheduleTypeSchema>;

export const CreatePaymentBodySchema = z.object({ membershipId: IdSchema, scheduleType: ScheduleTypeSchema });
export type CreatePaymentBody = z.infer<typeof CreatePaymentBodySchema>;

/** Either a checkout to go to, or isUpdate when an existing subscription was changed in place. */
export const CreatePaymentResultSchema = z.object({
  redirectUrl: z.optional(z.string()),
  isUpdate: z.optional(z.boolean()),
});
export type CreatePaymentResult = z.infer<typeof CreatePaymentResultSchema>;

export const ManagementUrlSchema = z.object({ url: z.string() });

export const PaymentSessionBodySchema = z.object({ sessionId: z.string().check(z.minLength(1)) });

export const PaymentSessionDetailsSchema = z.object({
  /** Minor units: divide by 100. */
  paymentAmount: z.int(),
  paymentCurrency: z.string(),
  paymentMethod: z.string(),
  payments: z.array(z.object({ id: IdSchema, createdAt: DateTimeSchema })),
  membership: MembershipPlanSchema,
});
export type PaymentSessionDetails = z.infer<typeof PaymentSessionDetailsSchema>;
