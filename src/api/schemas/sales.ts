import * as z from 'zod/mini';
import { EmailSchema } from './auth';
import { DateTimeSchema } from './common';

/** What a sales inquiry may hold (the dialog checks the same before sending). */
export const SALES_NAME_MAX = 100;
export const SALES_COMPANY_MAX = 120;
export const SALES_MESSAGE_MAX = 2000;
export const SALES_NUMBERS_MIN = 1;
export const SALES_NUMBERS_MAX = 10_000;

const text = (max: number) => z.string().check(z.trim(), z.minLength(1), z.maxLength(max));

/** POST /sales/inquiries: who asks, for how many WhatsApp numbers, and what they need. */
export const SalesInquiryBodySchema = z.object({
  name: text(SALES_NAME_MAX),
  email: EmailSchema,
  company: text(SALES_COMPANY_MAX),
  numbersNeeded: z.int().check(z.gte(SALES_NUMBERS_MIN), z.lte(SALES_NUMBERS_MAX)),
  message: z.string().check(z.maxLength(SALES_MESSAGE_MAX)),
  /** The interface language, so sales answer in it. */
  language: z.optional(z.string()),
});
export type SalesInquiryBody = z.infer<typeof SalesInquiryBodySchema>;

/** The receipt: a reference the user can quote; the time is optional. */
export const SalesInquiryReceiptSchema = z.looseObject({
  id: z.string(),
  receivedAt: z.optional(z.nullable(DateTimeSchema)),
});
export type SalesInquiryReceipt = z.infer<typeof SalesInquiryReceiptSchema>;

/** The endpoint's path below the API base (the mock serves it too, without the HTTP client). */
export const SALES_INQUIRIES_PATH = '/sales/inquiries';
