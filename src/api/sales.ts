import { http } from './client';
import {
  SALES_INQUIRIES_PATH,
  type SalesInquiryBody,
  SalesInquiryBodySchema,
  type SalesInquiryReceipt,
  SalesInquiryReceiptSchema,
} from './schemas/sales';

/** Sends a Talk to sales inquiry; answers the receipt. The body is checked before it leaves. */
export const sendSalesInquiry = (
  body: SalesInquiryBody,
  signal?: AbortSignal,
): Promise<SalesInquiryReceipt> =>
  http.post(SALES_INQUIRIES_PATH, SalesInquiryReceiptSchema, {
    body: SalesInquiryBodySchema.parse(body),
    signal,
  });
