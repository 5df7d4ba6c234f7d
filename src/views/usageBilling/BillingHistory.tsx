import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { InvoiceSummary } from '../../api/schemas/invoices';
import { PATHS, pathWith } from '../../machines/paths';
import {
  type billingHistoryMachine,
  pageCount,
} from '../../machines/usageBilling/billingHistory/billingHistory.machine';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { Card, CardTitle, Muted } from '../ui/Card';
import { SpreadRow } from '../ui/Cluster';
import { EmptyState, ErrorPanel, NotOffered, PanelLoading } from '../ui/Feedback';
import { formatDate, formatMoney } from '../ui/format';
import { InvoiceStatusBadge } from '../ui/InvoiceStatusBadge';
import { ChevronLeftIcon, ChevronRightIcon } from '../ui/icons';
import { Spinner } from '../ui/Spinner';
import { useText } from '../ui/text';

type HistoryRef = ActorRefFrom<typeof billingHistoryMachine>;

const Body = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  /* A grid item: without this the table's width would widen the screen on a phone. */
  min-width: 0;
  position: relative;
`;

/** The table scrolls sideways on a narrow screen (its links and buttons keep it keyboard-reachable). */
const Scroll = styled.div`
  overflow-x: auto;
  min-width: 0;
  /* Holds the visually hidden column name, which would otherwise widen the page beside the scrolled table. */
  position: relative;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size.sm};
  th, td {
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    text-align: left;
    white-space: nowrap;
  }
  thead th {
    background: ${({ theme }) => theme.color.surfaceAlt};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  tbody td { border-top: 1px solid ${({ theme }) => theme.color.border}; }
  td.amount, th.amount { text-align: right; font-variant-numeric: tabular-nums; }
  td.action { text-align: right; }
  a { color: ${({ theme }) => theme.color.text}; font-weight: ${({ theme }) => theme.font.weight.medium}; }
`;

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space(2)};
  span { color: ${({ theme }) => theme.color.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
`;

function InvoiceRow({ invoice, history }: { invoice: InvoiceSummary; history: HistoryRef }) {
  const { i18n, t } = useLingui();
  const number = invoice.number;
  const canPay = useSelector(history, (s) => s.can({ type: 'invoice.pay', invoiceId: invoice.id }));
  const paying = useSelector(history, (s) => s.hasTag('paying') && s.context.payingId === invoice.id);
  const busy = useSelector(history, (s) => s.hasTag('paying') || s.hasTag('redirecting'));
  return (
    <tr data-testid="invoice-row" data-invoice-id={invoice.id}>
      <td>{formatDate(invoice.issuedAt)}</td>
      <td>
        <Link href={pathWith(PATHS.invoices, invoice.id)}>{invoice.number}</Link>
      </td>
      <td className="amount">{formatMoney(invoice.total / 100, invoice.currency, i18n.locale)}</td>
      <td>
        <InvoiceStatusBadge status={invoice.status} />
      </td>
      <td className="action">
        {canPay && (
          <Button
            size="sm"
            variant="primary"
            disabled={busy}
            aria-label={t`Pay now for invoice ${number}`}
            onClick={() => history.send({ type: 'invoice.pay', invoiceId: invoice.id })}
          >
            {paying && <Spinner />}
            <Trans>Pay now</Trans>
          </Button>
        )}
      </td>
    </tr>
  );
}

/** The invoices, a page at a time, each opening as its own page; "pay now" on a failed one. */
export function BillingHistory({ history }: { history: HistoryRef }) {
  const { t } = useLingui();
  const text = useText();
  const data = useSelector(history, (s) => s.context.data);
  const page = useSelector(history, (s) => s.context.page);
  const error = useSelector(history, (s) => s.context.error);
  const payError = useSelector(history, (s) => s.context.payError);
  const loading = useSelector(history, (s) => s.hasTag('loading'));
  const failed = useSelector(history, (s) => s.hasTag('failed'));
  const notOffered = useSelector(history, (s) => s.hasTag('notOffered'));
  const empty = useSelector(history, (s) => s.hasTag('empty'));
  const payFailed = useSelector(history, (s) => s.hasTag('payFailed'));
  const canNext = useSelector(history, (s) => s.can({ type: 'page.next' }));
  const canPrevious = useSelector(history, (s) => s.can({ type: 'page.previous' }));
  const canRetry = useSelector(history, (s) => s.can({ type: 'history.retry' }));

  // Back from the provider, the browser may show this page exactly as it was left: read the list again.
  useEffect(() => {
    const onPageShow = (e: PageTransitionEvent) => {
      if (e.persisted) history.send({ type: 'page.restored' });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [history]);

  const pages = pageCount(data);
  const shown = data && !empty ? data : null;
  const first = shown ? (shown.page - 1) * shown.pageSize + 1 : 0;
  const last = shown ? first + shown.items.length - 1 : 0;
  const total = shown?.total ?? 0;
  const current = shown?.page ?? page;

  return (
    <Body aria-labelledby="billing-history-title" aria-busy={loading}>
      <SpreadRow>
        <CardTitle id="billing-history-title">
          <Trans>Billing history</Trans>
        </CardTitle>
        {loading && shown && <Spinner />}
      </SpreadRow>
      {payFailed && payError && (
        <Alert data-testid="pay-error">
          <SpreadRow>
            <span>
              <Trans>The payment could not be started:</Trans> {text(payError)}
            </span>
            <Button size="sm" variant="ghost" onClick={() => history.send({ type: 'payment.dismissed' })}>
              <Trans>Dismiss</Trans>
            </Button>
          </SpreadRow>
        </Alert>
      )}
      {notOffered ? (
        <NotOffered>
          <Trans>This server does not list invoices.</Trans>
        </NotOffered>
      ) : failed ? (
        <ErrorPanel
          title={<Trans>Could not load the billing history</Trans>}
          message={error ? text(error) : undefined}
          onRetry={canRetry ? () => history.send({ type: 'history.retry' }) : undefined}
        />
      ) : empty ? (
        <EmptyState title={<Trans>No invoices yet</Trans>}>
          <Trans>Your invoices appear here once your first payment is made.</Trans>
        </EmptyState>
      ) : shown ? (
        <>
          <Scroll>
            <Table aria-describedby="billing-history-range">
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Date</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Invoice number</Trans>
                  </th>
                  <th scope="col" className="amount">
                    <Trans>Amount</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Status</Trans>
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">
                      <Trans>Actions</Trans>
                    </span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.items.map((invoice) => (
                  <InvoiceRow key={invoice.id} invoice={invoice} history={history} />
                ))}
              </tbody>
            </Table>
          </Scroll>
          <Pager aria-label={t`Billing history pages`}>
            <span id="billing-history-range" aria-live="polite" data-testid="billing-history-range">
              <Trans>
                {first}–{last} of {total} · page {current} of {pages}
              </Trans>
            </span>
            <Button
              size="sm"
              disabled={!canPrevious}
              onClick={() => history.send({ type: 'page.previous' })}
              aria-label={t`Previous page`}
            >
              <ChevronLeftIcon size={16} />
              <Trans>Previous</Trans>
            </Button>
            <Button
              size="sm"
              disabled={!canNext}
              onClick={() => history.send({ type: 'page.next' })}
              aria-label={t`Next page`}
            >
              <Trans>Next</Trans>
              <ChevronRightIcon size={16} />
            </Button>
          </Pager>
        </>
      ) : (
        <PanelLoading>
          <Trans>Loading invoices…</Trans>
        </PanelLoading>
      )}
      {shown && page !== shown.page && (
        <Muted className="visually-hidden" role="status">
          <Trans>Loading page {page}…</Trans>
        </Muted>
      )}
    </Body>
  );
}
