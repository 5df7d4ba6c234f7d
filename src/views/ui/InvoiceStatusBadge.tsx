import { invoiceStatus } from '../../api/schemas/invoices';
import { INVOICE_STATUS_LABELS } from '../../machines/usageBilling/billingHistory/invoiceStatus';
import { Badge } from './Feedback';
import { AlertIcon, CheckIcon, InfoIcon } from './icons';
import { useText } from './text';

const TONE = { paid: 'success', pending: 'warning', failed: 'danger', unknown: 'neutral' } as const;

/**
 * An invoice's status by colour and by text (and an icon); a status the app does not know is "unknown",
 * neutral, never mistaken for another.
 */
export function InvoiceStatusBadge({ status: raw }: { status: string }) {
  const text = useText();
  const status = invoiceStatus(raw);
  return (
    <Badge $tone={TONE[status]} data-status={status} className="invoice-status">
      {status === 'paid' ? (
        <CheckIcon size={12} />
      ) : status === 'failed' ? (
        <AlertIcon size={12} />
      ) : (
        <InfoIcon size={12} />
      )}
      {text(INVOICE_STATUS_LABELS[status])}
    </Badge>
  );
}
