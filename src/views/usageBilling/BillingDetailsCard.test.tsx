import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../mocks/db';
import { BILLING_FAILURE_MARKER } from '../../../mocks/handlers/billingDetails';
import { resetAndSeed } from '../../../mocks/node';
import { DEMO_BILLING_DETAILS, DEMO_OWNER } from '../../../mocks/seed';
import { withMockServer } from '../../../mocks/testing';
import { renderApp, warmUp } from '../../../tests/render';

withMockServer();
warmUp('/usage-billing', { as: 'owner' });
beforeEach(async () => {
  await resetAndSeed();
});

const stored = () => db.billingDetails.findFirst((q) => q.where((r) => r.userId === DEMO_OWNER.id));

async function openCard() {
  const user = userEvent.setup();
  await renderApp('/usage-billing', { as: 'owner' });
  const card = await screen.findByRole('region', { name: 'Billing details' });
  await within(card).findByText(DEMO_BILLING_DETAILS.companyName);
  return { user, card };
}

describe('billing details', () => {
  it('shows the saved address with the country by name, the tax ID and the billing e-mail', async () => {
    const { card } = await openCard();
    expect(card.querySelector('address')).toHaveTextContent(
      `${DEMO_BILLING_DETAILS.companyName}${DEMO_BILLING_DETAILS.addressLine1}${DEMO_BILLING_DETAILS.addressLine2}Hong KongHong Kong SAR China`,
    );
    expect(within(card).getByText(DEMO_BILLING_DETAILS.taxId)).toBeVisible();
    expect(within(card).getByText(DEMO_BILLING_DETAILS.billingEmail)).toBeVisible();
  });

  it('names what to fix, moves the focus there, and saves nothing', async () => {
    const { user, card } = await openCard();
    await user.click(within(card).getByRole('button', { name: 'Edit billing details' }));
    const company = within(card).getByLabelText('Company name');
    await waitFor(() => expect(company).toHaveFocus());
    await user.clear(company);
    await user.clear(within(card).getByLabelText('Billing e-mail'));
    await user.type(within(card).getByLabelText('Billing e-mail'), 'accounts@');
    await user.click(within(card).getByRole('button', { name: 'Save billing details' }));
    await waitFor(() => expect(company).toHaveFocus());
    expect(company).toHaveAttribute('aria-invalid', 'true');
    expect(company).toHaveAccessibleDescription('Enter the company name invoices are addressed to.');
    expect(within(card).getByLabelText('Billing e-mail')).toHaveAccessibleDescription(
      'Enter a valid e-mail address for invoices.',
    );
    expect(stored()?.companyName).toBe(DEMO_BILLING_DETAILS.companyName);
  });

  it('leaves the focus where it is when the details load, and moves it to Edit only back from the form', async () => {
    const { user, card } = await openCard();
    // A first load is not the user's doing: no focus move, so the page does not scroll away.
    expect(document.activeElement).toBe(document.body);
    await user.click(within(card).getByRole('button', { name: 'Edit billing details' }));
    expect(within(card).getByLabelText('Company name')).toHaveFocus();
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(card).getByRole('button', { name: 'Edit billing details' })).toHaveFocus();
  });

  it('keeps what was typed when the save fails, then saves it; text stays text', async () => {
    const { user, card } = await openCard();
    await user.click(within(card).getByRole('button', { name: 'Edit billing details' }));
    const company = within(card).getByLabelText('Company name');
    await user.clear(company);
    await user.type(company, `Harbour <b>Tea</b> ${BILLING_FAILURE_MARKER}`);
    await user.selectOptions(within(card).getByLabelText('Country or region'), 'Taiwan');
    await user.click(within(card).getByRole('button', { name: 'Save billing details' }));
    expect(await within(card).findByText(/Your billing details could not be saved/)).toHaveTextContent(
      'The billing service is not available',
    );
    expect(company).toHaveValue(`Harbour <b>Tea</b> ${BILLING_FAILURE_MARKER}`);
    expect(within(card).getByLabelText('Country or region')).toHaveValue('TW');
    expect(stored()?.companyName).toBe(DEMO_BILLING_DETAILS.companyName);

    await user.clear(company);
    await user.type(company, 'Harbour <b>Tea</b>');
    await user.click(within(card).getByRole('button', { name: 'Save billing details' }));
    expect(await within(card).findByText(/Billing details saved/)).toBeVisible();
    expect(stored()).toMatchObject({ companyName: 'Harbour <b>Tea</b>', country: 'TW' });
    expect(card.querySelector('address')).toHaveTextContent('Harbour <b>Tea</b>');
    expect(card.querySelector('b')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Edit billing details' })).toHaveFocus();
  });

  it('a user who never saved any is asked to add them, with the sign-in e-mail to bill', async () => {
    const record = stored();
    if (record) await db.billingDetails.delete(record);
    const user = userEvent.setup();
    await renderApp('/usage-billing', { as: 'owner' });
    const card = await screen.findByRole('region', { name: 'Billing details' });
    await user.click(await within(card).findByRole('button', { name: 'Add billing details' }));
    expect(within(card).getByLabelText('Billing e-mail')).toHaveValue(DEMO_OWNER.email);
    expect(within(card).getByLabelText('Company name')).toHaveValue('');
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(within(card).getByText(/No billing details yet/)).toBeVisible();
  });
});
