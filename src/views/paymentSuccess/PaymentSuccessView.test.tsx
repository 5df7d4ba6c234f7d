import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { givenPaidCheckout } from '../../../mocks/fixtures';
import { resetAndSeed, server } from '../../../mocks/node';
import { DEMO_OWNER } from '../../../mocks/seed';
import { only, reshaped, withMockServer } from '../../../mocks/testing';
import { renderApp, warmUp } from '../../../tests/render';
import { SPEC_PAYMENT_FIELDS, SPEC_PAYMENT_ITEM_FIELDS } from '../../../tests/specFields';
import { readCheckoutSession } from '../../machines/usageBilling/billing/links';

/**
 * Payment session details as spec section 3 lists them. It names the membership but none of its fields: of
 * it, only the name (what the page cannot do without) is kept.
 */
const PAID_MEMBERSHIP_FIELDS = ['name'];

withMockServer();
warmUp('/payment-success', { as: 'owner' });
beforeEach(async () => {
  await resetAndSeed();
});

describe('payment success page', () => {
  it('shows the payment and the plan, remembers the session, and links to billing and home', async () => {
    await givenPaidCheckout(DEMO_OWNER.id, { sessionId: 'cs_test_1', planId: 'plan-pro', scheduleType: 2 });
    await renderApp('/payment-success?sessionId=cs_test_1', { as: 'owner' });
    expect(await screen.findByTestId('payment-amount')).toHaveTextContent('$2,990.00');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    const payment = screen.getByRole('region', { name: 'Payment details' });
    expect(within(payment).getByText('USD')).toBeInTheDocument();
    expect(within(payment).getByText('Card')).toBeInTheDocument();
    expect(within(payment).getByText(/^pi-/)).toBeInTheDocument();
    expect(screen.getByTestId('paid-plan')).toHaveTextContent('Pro');
    // No sidebar on this page.
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(readCheckoutSession(DEMO_OWNER.id)).toBe('cs_test_1');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Go to billing' }));
    await waitFor(() => expect(location.pathname).toBe('/usage-billing'));
  });

  it('works with payment details that carry only the spec fields, and more', async () => {
    server.use(
      reshaped('post', '/payments/subscription-by-session-id', (body) => {
        const fields = only(SPEC_PAYMENT_FIELDS)(body) as { payments: unknown[]; membership: unknown };
        return {
          ...fields,
          payments: fields.payments.map(only(SPEC_PAYMENT_ITEM_FIELDS)),
          membership: { ...(only(PAID_MEMBERSHIP_FIELDS)(fields.membership) as object), tier: 'pro' },
          invoiceUrl: 'https://billing.example/invoice/1',
        };
      }),
    );
    await givenPaidCheckout(DEMO_OWNER.id, { sessionId: 'cs_test_2', planId: 'plan-pro', scheduleType: 1 });
    await renderApp('/payment-success?sessionId=cs_test_2', { as: 'owner' });
    expect(await screen.findByTestId('payment-amount')).toHaveTextContent('$299.00');
    const payment = screen.getByRole('region', { name: 'Payment details' });
    expect(within(payment).getByText('USD')).toBeInTheDocument();
    expect(within(payment).getByText('Card')).toBeInTheDocument();
    expect(within(payment).getByText(/^pi-/)).toBeInTheDocument();
    expect(screen.getByTestId('paid-plan')).toHaveTextContent('Pro');
    // Limits the answer leaves out are unknown: a dash each, no "undefined" or "NaN".
    const plan = screen.getByRole('region', { name: 'Plan details' });
    expect(within(plan).getAllByText('—')).toHaveLength(5);
    expect(plan).not.toHaveTextContent(/undefined|NaN/);
  });

  it('needs a sessionId: the load-failed card with the way back to billing', async () => {
    await renderApp('/payment-success', { as: 'owner' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Load failed');
    expect(alert).toHaveTextContent('Missing payment session ID.');
    expect(screen.getByRole('link', { name: 'Back to billing' })).toHaveAttribute('href', '/usage-billing');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('shows the load-failed card when the details cannot be fetched, and remembers nothing', async () => {
    await renderApp('/payment-success?sessionId=cs_nobody', { as: 'owner' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch payment details. Please try again later.');
    expect(screen.getByRole('link', { name: 'Back to billing' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(readCheckoutSession(DEMO_OWNER.id)).toBeNull();
  });

  it('sends a signed-out visitor to login and back', async () => {
    await renderApp('/payment-success?sessionId=cs_1');
    await waitFor(() => expect(location.pathname).toBe('/login'));
    expect(new URLSearchParams(location.search).get('redirect')).toBe('/payment-success?sessionId=cs_1');
  });
});
