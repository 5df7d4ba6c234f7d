import { HttpResponse } from 'msw';
import {
  BILLING_DETAILS_PATH,
  type BillingDetails,
  type BillingDetailsBody,
  BillingDetailsBodySchema,
  EMPTY_BILLING_DETAILS,
} from '../../src/api/schemas/billingDetails';
import { isoNow } from '../clock';
import { type BillingDetailsRecord, db, notifyDbChanged, type UserRecord } from '../db';
import { authedRoute, errorResponse, readBody } from './common';

/*
 * A user's billing details (issue 18, point 4).
 *
 * GET /payments/billing-details -> BillingDetails (empty fields, the sign-in e-mail as billing e-mail, before
 *                                  the first save)
 * PUT /payments/billing-details -> BillingDetails as stored
 *
 * A company name containing BILLING_FAILURE_MARKER fails the save with a 500 (for QA and tests).
 */
export const BILLING_FAILURE_MARKER = '#mock-http-500';

const recordOf = (userId: string) => db.billingDetails.findFirst((q) => q.where((r) => r.userId === userId));

const toAnswer = ({ userId: _, ...details }: BillingDetailsRecord): BillingDetails => details;

/** The details invoices are addressed with; empty fields (the sign-in e-mail to bill) before any save. */
export function billingDetailsOf(user: Pick<UserRecord, 'id' | 'email'>): BillingDetails {
  const record = recordOf(user.id);
  return record ? toAnswer(record) : { ...EMPTY_BILLING_DETAILS, billingEmail: user.email, updatedAt: null };
}

/** Stores a user's details (the seed and the PUT below). */
export async function storeBillingDetails(userId: string, body: BillingDetailsBody): Promise<BillingDetails> {
  const existing = recordOf(userId);
  const updatedAt = isoNow();
  const stored = existing
    ? await db.billingDetails.update(existing, {
        data(r) {
          Object.assign(r, body, { updatedAt });
        },
      })
    : await db.billingDetails.create({ ...body, userId, updatedAt });
  notifyDbChanged();
  if (!stored) throw new Error('billing details not stored');
  return toAnswer(stored);
}

export const billingDetailsHandlers = [
  authedRoute('get', BILLING_DETAILS_PATH, ({ user }) => HttpResponse.json(billingDetailsOf(user))),

  authedRoute('put', BILLING_DETAILS_PATH, async ({ request, user }) => {
    const body = await readBody(request, BillingDetailsBodySchema);
    if (body.companyName.includes(BILLING_FAILURE_MARKER)) {
      return errorResponse(500, 'The billing service is not available');
    }
    return HttpResponse.json(await storeBillingDetails(user.id, body));
  }),
];
