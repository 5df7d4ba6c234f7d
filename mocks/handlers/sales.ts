import { HttpResponse } from 'msw';
import {
  SALES_INQUIRIES_PATH,
  type SalesInquiryBody,
  SalesInquiryBodySchema,
} from '../../src/api/schemas/sales';
import { isoNow } from '../clock';
import { db, newId } from '../db';
import { authedRoute, errorResponse, readBody } from './common';

/** A message containing this fails with a 500, as a sales inbox that is down would (for QA and tests). */
export const SALES_FAILURE_MARKER = '#mock-http-500';

export interface ReceivedInquiry extends SalesInquiryBody {
  id: string;
  userId: string;
  receivedAt: string;
}

// Kept beside the current db: resetDb swaps its collections, which drops these with them.
const inboxByDb = new WeakMap<object, ReceivedInquiry[]>();
function inbox(): ReceivedInquiry[] {
  let list = inboxByDb.get(db.users);
  if (!list) {
    list = [];
    inboxByDb.set(db.users, list);
  }
  return list;
}

/** The inquiries the sales inbox received, oldest first (for tests). */
export const receivedInquiries = (): readonly ReceivedInquiry[] => inbox();

export const salesHandlers = [
  authedRoute('post', SALES_INQUIRIES_PATH, async ({ request, user }) => {
    const body = await readBody(request, SalesInquiryBodySchema);
    if (body.message.includes(SALES_FAILURE_MARKER)) {
      return errorResponse(500, 'The sales inbox is not available');
    }
    const received: ReceivedInquiry = { ...body, id: newId('inq'), userId: user.id, receivedAt: isoNow() };
    inbox().push(received);
    return HttpResponse.json({ id: received.id, receivedAt: received.receivedAt }, { status: 201 });
  }),
];
