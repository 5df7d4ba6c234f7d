import { msg } from '@lingui/core/macro';
import type { InvoiceStatus } from '../../../api/schemas/invoices';

/** What each invoice status is called (the screens' catalog, not the one loaded at sign-in). */
export const INVOICE_STATUS_LABELS = {
  paid: msg`Paid`,
  pending: msg`Pending`,
  failed: msg`Failed`,
  unknown: msg({ message: 'Unknown', comment: 'An invoice status the app does not know' }),
} as const satisfies Record<InvoiceStatus, unknown>;
