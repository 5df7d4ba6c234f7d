import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import styled, { createGlobalStyle } from 'styled-components';
import { Link } from 'wouter';
import { hasBillingDetails } from '../../api/schemas/billingDetails';
import type { Invoice, InvoiceSeller } from '../../api/schemas/invoices';
import { invoiceMachine } from '../../machines/invoice/invoice.machine';
import { PATHS } from '../../machines/paths';
import { useFlow } from '../../machines/useFlow';
import { Alert } from '../ui/Alert';
import { addressLines } from '../ui/address';
import { Button } from '../ui/Button';
import { Card, Muted } from '../ui/Card';
import { PanelLoading } from '../ui/Feedback';
import { formatDate, formatMoney } from '../ui/format';
import { InvoiceStatusBadge } from '../ui/InvoiceStatusBadge';
import { AlertIcon, ChevronLeftIcon, RefreshIcon } from '../ui/icons';
import { Spinner } from '../ui/Spinner';
import { withStyledTheme } from '../ui/StyledTheme';
import { pageTitle, useText } from '../ui/text';
import { segmentBelow } from '../ui/useAddressSync';

/**
 * Printed, only the invoice shows: black on white, on A4 with its margins, without the buttons around it
 * (nor toasts or demo tools).
 */
const PrintStyles = createGlobalStyle`
  @page { size: A4; margin: 16mm 14mm; }
  @media print {
    /* Even from the dark theme: the page, its margins included, is white paper. */
    :root, html, body { color-scheme: light !important; background: #fff !important; }
    body * { visibility: hidden; }
    .invoice-document, .invoice-document * {
      visibility: visible;
      color: #000 !important;
      background: transparent !important;
      box-shadow: none !important;
      border-color: #999 !important;
    }
    .no-print { display: none !important; }
    main.invoice-page { min-height: 0; padding: 0; display: block; }
    .invoice-document {
      width: 100%;
      margin: 0;
      padding: 0;
      border: 0 !important;
      font-size: 10.5pt;
    }
  }
`;

const Page = styled.main`
  min-height: 100vh;
  display: grid;
  justify-items: center;
  align-content: start;
  gap: ${({ theme }) => theme.space(4)};
  padding: ${({ theme }) => theme.space(6)} ${({ theme }) => theme.space(4)};
`;

const Toolbar = styled.div`
  width: min(820px, 100%);
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  a { text-decoration: none; }
  .spacer { flex: 1; }
`;

const Document = styled(Card)`
  width: min(820px, 100%);
  display: grid;
  gap: ${({ theme }) => theme.space(6)};
  padding: ${({ theme }) => theme.space(8)};
  h1 { font-size: ${({ theme }) => theme.font.size.xxl}; }
  h2 {
    font-size: ${({ theme }) => theme.font.size.sm};
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: ${({ theme }) => theme.color.textMuted};
    margin-bottom: ${({ theme }) => theme.space(1)};
  }
  address { font-style: normal; line-height: 1.5; overflow-wrap: anywhere; }
  @media (max-width: 600px) { padding: ${({ theme }) => theme.space(4)}; }
`;

const Head = styled.header`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(4)};
`;

const Parties = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(6)};
  @media (max-width: 600px) { grid-template-columns: minmax(0, 1fr); }
  @media print { grid-template-columns: repeat(2, minmax(0, 1fr)); }
`;

const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto auto;
  justify-content: start;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(4)};
  margin: 0;
  dt { color: ${({ theme }) => theme.color.textMuted}; }
  dd { margin: 0; font-weight: ${({ theme }) => theme.font.weight.medium}; }
`;

const Lines = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size.sm};
  th, td { padding: ${({ theme }) => theme.space(2)}; text-align: left; vertical-align: top; }
  thead th { border-bottom: 1px solid ${({ theme }) => theme.color.borderStrong}; font-weight: ${({ theme }) => theme.font.weight.medium}; }
  tbody td { border-bottom: 1px solid ${({ theme }) => theme.color.border}; overflow-wrap: anywhere; }
  .num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
  tfoot th { text-align: right; font-weight: ${({ theme }) => theme.font.weight.medium}; }
  tfoot tr.total th, tfoot tr.total td { font-weight: ${({ theme }) => theme.font.weight.bold}; font-size: ${({ theme }) => theme.font.size.md}; }
`;

const Centered = styled(Card)`
  width: min(560px, 100%);
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  h1 { font-size: ${({ theme }) => theme.font.size.xl}; }
`;

/** Address lines without the empty ones; server text, rendered as text. */
const lines = (...parts: Array<string | undefined>) => parts.map((p) => p?.trim() ?? '').filter(Boolean);

function AddressBlock({ rows }: { rows: string[] }) {
  return (
    <address>
      {rows.map((row, i) => (
        // Rows are positional; the same text may repeat.
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of lines
        <div key={i}>{row}</div>
      ))}
    </address>
  );
}

/** "Tax ID: …" in the interface language. */
function useTaxLine() {
  const { t } = useLingui();
  return (taxId: string) => t`Tax ID: ${taxId}`;
}

function Seller({ seller }: { seller: InvoiceSeller }) {
  const taxLine = useTaxLine();
  const { i18n } = useLingui();
  return (
    <section aria-labelledby="invoice-from">
      <h2 id="invoice-from">
        <Trans>From</Trans>
      </h2>
      <AddressBlock
        rows={lines(
          seller.name,
          ...addressLines(seller, i18n.locale),
          seller.taxId ? taxLine(seller.taxId) : '',
          seller.email,
        )}
      />
    </section>
  );
}

function BillTo({ invoice }: { invoice: Invoice }) {
  const taxLine = useTaxLine();
  const { i18n } = useLingui();
  const to = invoice.billTo;
  const complete = to !== null && hasBillingDetails(to);
  return (
    <section aria-labelledby="invoice-bill-to" data-testid="invoice-bill-to">
      <h2 id="invoice-bill-to">
        <Trans>Bill to</Trans>
      </h2>
      {to && complete ? (
        <AddressBlock
          rows={lines(
            to.companyName,
            ...addressLines(to, i18n.locale),
            to.taxId ? taxLine(to.taxId) : '',
            to.billingEmail,
          )}
        />
      ) : (
        <div data-testid="invoice-no-billing-details">
          {to?.billingEmail && <AddressBlock rows={[to.billingEmail]} />}
          <Muted>
            <Trans>
              No billing details yet. Add your company, address and tax ID on the{' '}
              <Link href={PATHS.usageBilling}>Usage and billing</Link> screen to have them on your invoices.
            </Trans>
          </Muted>
        </div>
      )}
    </section>
  );
}

function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const { i18n } = useLingui();
  const money = (minor: number) => formatMoney(minor / 100, invoice.currency, i18n.locale);
  const number = invoice.number;
  const period = (start: string | null, end: string | null) =>
    start && end ? `${formatDate(start)} – ${formatDate(end)}` : '';
  return (
    <Document className="invoice-document" aria-labelledby="invoice-title" data-testid="invoice-document">
      <Head>
        <div>
          <h1 id="invoice-title">
            <Trans>Invoice {number}</Trans>
          </h1>
        </div>
        <InvoiceStatusBadge status={invoice.status} />
      </Head>
      <Facts>
        <dt>
          <Trans>Invoice number</Trans>
        </dt>
        <dd data-testid="invoice-number">{invoice.number}</dd>
        <dt>
          <Trans>Issue date</Trans>
        </dt>
        <dd>{formatDate(invoice.issuedAt)}</dd>
        {invoice.dueAt && (
          <>
            <dt>
              <Trans>Due date</Trans>
            </dt>
            <dd>{formatDate(invoice.dueAt)}</dd>
          </>
        )}
        {invoice.paidAt && (
          <>
            <dt>
              <Trans>Paid on</Trans>
            </dt>
            <dd>{formatDate(invoice.paidAt)}</dd>
          </>
        )}
      </Facts>
      <Parties>
        {invoice.seller && <Seller seller={invoice.seller} />}
        <BillTo invoice={invoice} />
      </Parties>
      <Lines>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Description</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Quantity</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Unit price</Trans>
            </th>
            <th scope="col" className="num">
              <Trans>Amount</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {invoice.lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id; their order is the invoice's
            <tr key={i}>
              <td>
                <div>{line.description}</div>
                {period(line.periodStart, line.periodEnd) && (
                  <Muted>{period(line.periodStart, line.periodEnd)}</Muted>
                )}
              </td>
              <td className="num">{line.quantity}</td>
              <td className="num">{money(line.unitAmount ?? line.amount)}</td>
              <td className="num">{money(line.amount)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {typeof invoice.subtotal === 'number' && (
            <tr>
              <th scope="row" colSpan={3}>
                <Trans>Subtotal</Trans>
              </th>
              <td className="num">{money(invoice.subtotal)}</td>
            </tr>
          )}
          {typeof invoice.tax === 'number' && (
            <tr>
              <th scope="row" colSpan={3}>
                <Trans>Tax</Trans>
              </th>
              <td className="num">{money(invoice.tax)}</td>
            </tr>
          )}
          <tr className="total">
            <th scope="row" colSpan={3}>
              <Trans>Total</Trans>
            </th>
            <td className="num" data-testid="invoice-total">
              {money(invoice.total)}
            </td>
          </tr>
        </tfoot>
      </Lines>
    </Document>
  );
}

/** One invoice as a printable page: /invoices/:invoiceId. */
function InvoiceViewRoot() {
  const { t } = useLingui();
  const text = useText();
  const [invoiceId] = useState(() => segmentBelow(PATHS.invoices));
  const actor = useFlow('invoice', invoiceMachine, { input: { invoiceId } });
  const send = actor.send;
  const invoice = useSelector(actor, (s) => s.context.invoice);
  const error = useSelector(actor, (s) => s.context.error);
  const payError = useSelector(actor, (s) => s.context.payError);
  const notFound = useSelector(actor, (s) => s.hasTag('notFound'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const busy = useSelector(actor, (s) => s.hasTag('paying') || s.hasTag('redirecting'));
  const loading = useSelector(actor, (s) => s.hasTag('loading'));
  const canPay = useSelector(actor, (s) => s.can({ type: 'invoice.pay' }));
  const payFailed = useSelector(actor, (s) => s.hasTag('payFailed'));
  const number = invoice?.number ?? null;

  useEffect(() => {
    document.title = pageTitle(notFound ? t`Invoice not found` : number ? t`Invoice ${number}` : t`Invoice`);
  }, [notFound, number, t]);

  // Back from the provider, the browser may show this page exactly as it was left: read it again.
  useEffect(() => {
    const onPageShow = (e: PageTransitionEvent) => {
      if (e.persisted) actor.send({ type: 'page.restored' });
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [actor]);

  const back = (
    <Button as={Link} href={PATHS.usageBilling}>
      <ChevronLeftIcon size={16} />
      <Trans>Back to billing</Trans>
    </Button>
  );

  if (notFound) {
    return (
      <Page>
        <Centered role="alert">
          <AlertIcon size={24} />
          <h1>
            <Trans>Invoice not found</Trans>
          </h1>
          <Muted>
            <Trans>There is no invoice at this address, or it belongs to another account.</Trans>
          </Muted>
          <div>{back}</div>
        </Centered>
      </Page>
    );
  }

  if (failed) {
    return (
      <Page>
        <Centered>
          <div role="alert">
            <h1>
              <Trans>Could not load the invoice</Trans>
            </h1>
            {error && <Muted>{text(error)}</Muted>}
          </div>
          <Toolbar>
            {back}
            <Button onClick={() => send({ type: 'invoice.retry' })}>
              <RefreshIcon size={16} />
              <Trans>Retry</Trans>
            </Button>
          </Toolbar>
        </Centered>
      </Page>
    );
  }

  if (!invoice) {
    return (
      <Page>
        <Centered aria-busy>
          <h1 className="visually-hidden">
            <Trans>Invoice</Trans>
          </h1>
          <PanelLoading>
            <Trans>Loading the invoice…</Trans>
          </PanelLoading>
        </Centered>
      </Page>
    );
  }

  return (
    <Page className="invoice-page" aria-busy={loading}>
      <PrintStyles />
      <Toolbar className="no-print">
        {back}
        <span className="spacer" />
        {canPay && (
          <Button variant="primary" disabled={busy} onClick={() => send({ type: 'invoice.pay' })}>
            {busy && <Spinner />}
            <Trans>Pay now</Trans>
          </Button>
        )}
        <Button onClick={() => send({ type: 'invoice.print' })}>
          <Trans>Print</Trans>
        </Button>
      </Toolbar>
      {payFailed && payError && (
        <Toolbar className="no-print">
          <Alert data-testid="pay-error">
            <Trans>The payment could not be started:</Trans> {text(payError)}
          </Alert>
        </Toolbar>
      )}
      <InvoiceDocument invoice={invoice} />
    </Page>
  );
}

/** Loaded lazily; brings the styled-components design tokens with it. */
export const InvoiceView = withStyledTheme(InvoiceViewRoot);
