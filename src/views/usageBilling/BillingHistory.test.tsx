import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { invoiceFailures } from '../../../mocks/handlers/invoices';
import { resetAndSeed, server } from '../../../mocks/node';
import { reshaped, withMockServer } from '../../../mocks/testing';
import { renderApp, warmUp } from '../../../tests/render';

withMockServer();
warmUp('/usage-billing', { as: 'owner' });
beforeEach(async () => {
  await resetAndSeed();
  // As in the demo: the mock's checkout page is on the app's own origin.
  vi.stubEnv('VITE_MOCKS', 'true');
  return () => vi.unstubAllEnvs();
});

const user = () => userEvent.setup({ delay: null });
const history = () => screen.getByRole('region', { name: 'Billing history' });
const rows = () => within(history()).getAllByTestId('invoice-row');
const range = () => within(history()).getByTestId('billing-history-range');

describe('billing history', () => {
  it('lists the invoices with date, number, amount and status, a page of 10 at a time', async () => {
    const u = user();
    await renderApp('/usage-billing', { as: 'owner' });
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(range()).toHaveTextContent('1–10 of 14 · page 1 of 2');
    const [newest, , third] = rows();
    expect(newest).toHaveTextContent('$99.00');
    expect(within(newest as HTMLElement).getByText('Pending')).toBeInTheDocument();
    expect(within(third as HTMLElement).getByText('Failed')).toBeInTheDocument();
    expect(within(third as HTMLElement).getByRole('link', { name: /^INV-\d{4}-0012$/ })).toHaveAttribute(
      'href',
      '/invoices/inv-demo-12',
    );
    expect(within(history()).getAllByText('Paid')).toHaveLength(8);
    // Pay now on the failed and the pending one only.
    expect(within(history()).getAllByRole('button', { name: /^Pay now for invoice / })).toHaveLength(2);
    expect(within(history()).getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await u.click(within(history()).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(range()).toHaveTextContent('11–14 of 14 · page 2 of 2'));
    expect(rows()).toHaveLength(4);
    expect(within(history()).getByRole('button', { name: 'Next page' })).toBeDisabled();
    await u.click(within(history()).getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(range()).toHaveTextContent('1–10 of 14 · page 1 of 2'));
  });

  it('shows a status it does not know as "unknown", never as another', async () => {
    server.use(
      reshaped('get', '/payments/invoices', (body) => {
        const page = body as { items: Array<Record<string, unknown>> };
        return { ...page, items: page.items.map((i, n) => (n === 0 ? { ...i, status: 'refunded' } : i)) };
      }),
    );
    await renderApp('/usage-billing', { as: 'owner' });
    await waitFor(() => expect(rows()).toHaveLength(10));
    const first = rows()[0] as HTMLElement;
    expect(within(first).getByText('Unknown')).toBeInTheDocument();
    expect(within(first).queryByText(/Paid|Pending|Failed/)).toBeNull();
    expect(within(first).queryByRole('button')).toBeNull();
  });

  it('says when there are no invoices yet', async () => {
    await resetAndSeed({ empty: true });
    await renderApp('/usage-billing', { as: 'owner' });
    expect(await within(history()).findByText('No invoices yet')).toBeInTheDocument();
  });

  it('says why the list did not load, and loads it on retry', async () => {
    invoiceFailures.list = true;
    const u = user();
    await renderApp('/usage-billing', { as: 'owner' });
    const alert = await within(history()).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the billing history');
    expect(alert).toHaveTextContent('The billing service is not available');
    invoiceFailures.list = false;
    await u.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(rows()).toHaveLength(10));
  });

  it('pays a failed invoice through the provider checkout', async () => {
    const u = user();
    await renderApp('/usage-billing', { as: 'owner' });
    const pay = await within(history()).findByRole('button', {
      name: /^Pay now for invoice INV-\d{4}-0012$/,
    });
    await u.click(pay);
    await waitFor(() => expect(location.pathname).toBe('/demo-checkout'));
    expect(location.search).toMatch(/^\?session_id=cs_demo_inv_/);
  });

  it('keeps the list and says why when the payment cannot start', async () => {
    server.use(
      http.post('*/api/v1/payments/invoices/:id/pay', () =>
        HttpResponse.json({ redirectUrl: 'javascript:alert(1)' }),
      ),
    );
    const u = user();
    await renderApp('/usage-billing', { as: 'owner' });
    await u.click(
      await within(history()).findByRole('button', { name: /^Pay now for invoice INV-\d{4}-0012$/ }),
    );
    const error = await within(history()).findByTestId('pay-error');
    expect(error).toHaveTextContent('The payment could not be started. Please try again later.');
    expect(location.pathname).toBe('/usage-billing');
    server.resetHandlers();
    invoiceFailures.pay = true;
    await u.click(within(history()).getByRole('button', { name: /^Pay now for invoice INV-\d{4}-0012$/ }));
    await waitFor(() =>
      expect(within(history()).getByTestId('pay-error')).toHaveTextContent(
        'The billing service is not available',
      ),
    );
    expect(rows()).toHaveLength(10);
    await u.click(within(history()).getByRole('button', { name: 'Dismiss' }));
    expect(within(history()).queryByTestId('pay-error')).toBeNull();
  });
});
