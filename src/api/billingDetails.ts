import { http } from './client';
import {
  BILLING_DETAILS_PATH,
  type BillingDetailsBody,
  BillingDetailsBodySchema,
  BillingDetailsSchema,
} from './schemas/billingDetails';

/** Who the invoices are addressed to; empty fields when nothing was saved yet. */
export const getBillingDetails = (signal?: AbortSignal) =>
  http.get(BILLING_DETAILS_PATH, BillingDetailsSchema, { signal });

/** Saves the billing details (checked against the same rules first); answers them as stored. */
export const saveBillingDetails = (body: BillingDetailsBody, signal?: AbortSignal) =>
  http.put(BILLING_DETAILS_PATH, BillingDetailsSchema, {
    body: BillingDetailsBodySchema.parse(body),
    signal,
  });
