import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../mocks/handlers/common';
import { resetAndSeed, server } from '../../../mocks/node';
import { DEMO_OWNER } from '../../../mocks/seed';
import { call, withMockServer } from '../../../mocks/testing';
import { renderApp, warmUp } from '../../../tests/render';

withMockServer();
warmUp('/usage-billing', { as: 'owner' });
beforeEach(async () => {
  await resetAndSeed();
  // As in the demo: the provider's card page is on the app's own origin.
  vi.stubEnv('VITE_MOCKS', 'true');
});

async function openCard() {
  const user = userEvent.setup();
  await renderApp('/usage-billing', { as: 'owner' });
  const region = await screen.findByRole('region', { name: 'Payment methods' });
  await within(region).findByText('Visa');
  return { user, region };
}

const rows = (region: HTMLElement) => within(region).getAllByTestId('payment-method');

describe('payment methods', () => {
  it('lists the cards with brand, last four digits, expiry and the default', async () => {
    const { region } = await openCard();
    const [visa, mastercard] = rows(region);
    expect(visa).toHaveTextContent(/Visa.*4242.*Default/);
    expect(visa).toHaveTextContent(/Expires 08\/\d{4}/);
    expect(mastercard).toHaveTextContent(/Mastercard.*5100/);
    expect(within(mastercard as HTMLElement).queryByText('Default')).toBeNull();
    // The default cannot be made default again.
    expect(within(visa as HTMLElement).queryByRole('button', { name: /Make default/ })).toBeNull();
  });

  it('makes a card the default, removes one after asking, then keeps the last while Starter is paid', async () => {
    const { user, region } = await openCard();
    await user.click(within(region).getByRole('button', { name: 'Make default: Mastercard ending in 5100' }));
    await waitFor(() => expect(rows(region)[1]).toHaveTextContent('Default'));

    await user.click(within(region).getByRole('button', { name: 'Remove: Visa ending in 4242' }));
    const question = await screen.findByRole('alertdialog', { name: 'Remove this card?' });
    expect(question).toHaveTextContent('Visa ending in 4242 will no longer be charged');
    // Cancel first: nothing removed.
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(rows(region)).toHaveLength(2);

    await user.click(within(region).getByRole('button', { name: 'Remove: Visa ending in 4242' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove card' }),
    );
    await waitFor(() => expect(rows(region)).toHaveLength(1));
    const remove = within(region).getByRole('button', { name: 'Remove: Mastercard ending in 5100' });
    expect(remove).toBeDisabled();
    expect(remove).toHaveAccessibleDescription(/one card must stay on file/);
    const left = await call('GET', '/payments/methods', { token: DEMO_OWNER.token });
    expect(left.body.map((c: { last4: string }) => c.last4)).toEqual(['5100']);
  });

  it('says why a remove failed and keeps the list', async () => {
    server.use(
      http.delete(`${API}/payments/methods/:id`, () =>
        HttpResponse.json(
          { statusCode: 409, message: 'Refused', code: 'LAST_PAYMENT_METHOD' },
          { status: 409 },
        ),
      ),
    );
    const { user, region } = await openCard();
    await user.click(within(region).getByRole('button', { name: 'Remove: Mastercard ending in 5100' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove card' }),
    );
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'The card could not be removed: Your plan is paid by card, so one card must stay on file.',
    );
    expect(rows(region)).toHaveLength(2);
  });

  it('shows a failed load with a retry, and a list the server sent with only the required fields', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/payments/methods`, () =>
        fail
          ? HttpResponse.json({ statusCode: 500, message: 'Provider down' }, { status: 500 })
          : HttpResponse.json([{ id: 'pm-1', last4: '0005', extra: 'unknown field' }]),
      ),
    );
    const user = userEvent.setup();
    await renderApp('/usage-billing', { as: 'owner' });
    const region = await screen.findByRole('region', { name: 'Payment methods' });
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      /Your cards could not be loaded.*Provider down/,
    );
    fail = false;
    await user.click(within(region).getByRole('button', { name: 'Retry' }));
    const [only] = await within(region).findAllByTestId('payment-method');
    expect(only).toHaveTextContent(/Card.*0005.*Expiry unknown/);
  });

  it("goes to the provider's card page to add a card", async () => {
    const { user, region } = await openCard();
    await user.click(within(region).getByRole('button', { name: 'Add card' }));
    await waitFor(() => expect(location.pathname).toBe('/demo-checkout'));
    expect(new URLSearchParams(location.search).get('setup_session')).toMatch(/^seti_demo_/);
  });
});
