import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { receivedInquiries, SALES_FAILURE_MARKER } from '../../../mocks/handlers/sales';
import { resetAndSeed, switchScenario } from '../../../mocks/node';
import { DEMO_OWNER } from '../../../mocks/seed';
import { withMockServer } from '../../../mocks/testing';
import { renderApp, warmUp } from '../../../tests/render';

withMockServer();
warmUp('/usage-billing', { as: 'owner' });
beforeEach(async () => {
  await resetAndSeed();
});

async function openDialog() {
  const user = userEvent.setup();
  await renderApp('/usage-billing', { as: 'owner' });
  await user.click(await screen.findByRole('button', { name: 'Talk to sales' }));
  const dialog = await screen.findByRole('dialog', { name: 'Talk to sales' });
  return { user, dialog };
}

describe('talk to sales', () => {
  it('names what to fix, moves the focus there, and sends nothing', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Send to sales' }));
    const name = within(dialog).getByLabelText('Your name');
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('Enter your name.');
    expect(within(dialog).getByLabelText('Work e-mail')).toHaveAccessibleDescription(
      'Enter a valid e-mail address.',
    );
    expect(within(dialog).getByLabelText('WhatsApp numbers needed')).toHaveAccessibleDescription(
      'Enter a whole number from 1 to 10000.',
    );
    expect(receivedInquiries()).toEqual([]);
  });

  it('keeps what was typed when sending fails, then sends it and confirms', async () => {
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Your name'), 'Mei Chen');
    await user.type(within(dialog).getByLabelText('Work e-mail'), 'mei@harbour.test');
    await user.type(within(dialog).getByLabelText('Company'), 'Harbour Trading <b>Ltd</b>');
    await user.type(within(dialog).getByLabelText('WhatsApp numbers needed'), '25');
    const message = within(dialog).getByLabelText('Message (optional)');
    await user.type(message, `Three shops ${SALES_FAILURE_MARKER}`);
    await user.click(within(dialog).getByRole('button', { name: 'Send to sales' }));
    expect(await within(dialog).findByText(/Your message could not be sent/)).toHaveTextContent(
      'The sales inbox is not available',
    );
    expect(within(dialog).getByLabelText('Company')).toHaveValue('Harbour Trading <b>Ltd</b>');
    expect(receivedInquiries()).toEqual([]);

    await user.clear(message);
    await user.type(message, 'Three shops, Cantonese and English.');
    await user.click(within(dialog).getByRole('button', { name: 'Send to sales' }));
    expect(await within(dialog).findByText('Thank you, your message is with our sales team.')).toBeVisible();
    const [inquiry] = receivedInquiries();
    expect(inquiry).toMatchObject({
      userId: DEMO_OWNER.id,
      name: 'Mei Chen',
      company: 'Harbour Trading <b>Ltd</b>',
      numbersNeeded: 25,
      language: 'en',
    });
    expect(within(dialog).getByRole('status')).toHaveTextContent(`Your reference: ${inquiry?.id}`);
    // Text, never markup.
    expect(dialog.querySelector('b')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('on a server without the sales call, says so quietly and keeps what was typed, with nothing to resend', async () => {
    switchScenario('spec-only');
    const { user, dialog } = await openDialog();
    await user.type(within(dialog).getByLabelText('Your name'), 'Mei Chen');
    await user.type(within(dialog).getByLabelText('Work e-mail'), 'mei@harbour.test');
    await user.type(within(dialog).getByLabelText('Company'), 'Harbour Trading');
    await user.type(within(dialog).getByLabelText('WhatsApp numbers needed'), '25');
    await user.click(within(dialog).getByRole('button', { name: 'Send to sales' }));
    expect(
      await within(dialog).findByText(
        /This server does not take messages for sales\. What you typed is kept/,
      ),
    ).toBeVisible();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByLabelText('Company')).toHaveValue('Harbour Trading');
    expect(within(dialog).getByRole('button', { name: 'Send to sales' })).toBeDisabled();
    expect(receivedInquiries()).toEqual([]);
  });
});
