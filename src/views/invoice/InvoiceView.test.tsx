import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../../mocks/db';
import { invoiceFailures } from '../../../mocks/handlers/invoices';
import { resetAndSeed } from '../../../mocks/node';
import { DEMO_OWNER } from '../../../mocks/seed';
import { withMockServer } from '../../../mocks/testing';
import { renderApp, warmUp } from '../../../tests/render';

withMockServer();
warmUp('/invoices/inv-demo-12', { as: 'owner' });
beforeEach(async () => {
  await resetAndSeed();
  vi.stubEnv('VITE_MOCKS', 'true');
  return () => vi.unstubAllEnvs();
});

const user = () => userEvent.setup({ delay: null });

describe('invoice page', () => {
  it('shows the invoice with the seller, whom it is billed to, its lines and totals, and prints it', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const u = user();
    await renderApp('/invoices/inv-demo-12', { as: 'owner' });
    const heading = await screen.findByRole('heading', { level: 1, name: /^Invoice INV-\d{4}-0012$/ });
    expect(heading).toBeInTheDocument();
    const doc = screen.getByTestId('invoice-document');
    expect(within(doc).getByText('Failed')).toBeInTheDocument();
    const billTo = within(doc).getByRole('region', { name: 'Bill to' });
    expect(billTo).toHaveTextContent('Brightside Home Goods Ltd.');
    expect(billTo).toHaveTextContent('18 Queensway, Unit 1203');
    expect(billTo).toHaveTextContent(/Hong Kong SAR China|Hong Kong/);
    expect(billTo).toHaveTextContent('Tax ID: 71234567-000-03-24-A');
    expect(billTo).toHaveTextContent('accounts@brightside.example');
    expect(within(doc).getByRole('region', { name: 'From' })).toHaveTextContent('Influx AI Ltd.');
    expect(within(doc).getByText('Starter plan, monthly')).toBeInTheDocument();
    expect(within(doc).getByTestId('invoice-total')).toHaveTextContent('$99.00');
    // No sidebar on this page.
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Back to billing' })).toHaveAttribute('href', '/usage-billing');
    await u.click(screen.getByRole('button', { name: 'Pay now' }));
    await waitFor(() => expect(location.pathname).toBe('/demo-checkout'));
  });

  it('says where to add billing details when the user has none', async () => {
    await db.billingDetails.deleteMany((q) => q.where((r) => r.userId === DEMO_OWNER.id));
    await renderApp('/invoices/inv-demo-13', { as: 'owner' });
    const note = await screen.findByTestId('invoice-no-billing-details');
    expect(note).toHaveTextContent(DEMO_OWNER.email);
    expect(within(note).getByRole('link', { name: 'Usage and billing' })).toHaveAttribute(
      'href',
      '/usage-billing',
    );
    // A paid invoice offers no payment.
    expect(screen.getByText('Paid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it('says "not found" for an invoice that is not there (or not yours)', async () => {
    await renderApp('/invoices/inv-nope', { as: 'owner' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoice not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to billing' })).toBeInTheDocument();
  });

  it('says why it did not load, and loads on retry', async () => {
    invoiceFailures.detail = true;
    const u = user();
    await renderApp('/invoices/inv-demo-12', { as: 'owner' });
    expect(await screen.findByRole('alert')).toHaveTextContent('The billing service is not available');
    invoiceFailures.detail = false;
    await u.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('invoice-document')).toBeInTheDocument();
  });
});
