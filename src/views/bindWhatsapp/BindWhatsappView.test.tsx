import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { givenInstance } from '../../../mocks/fixtures';
import { API, errorResponse } from '../../../mocks/handlers/common';
import { resetAndSeed, server, switchScenario } from '../../../mocks/node';
import { DEMO_OWNER } from '../../../mocks/seed';
import { only, reshaped, withMockServer } from '../../../mocks/testing';
import { renderApp, warmUp } from '../../../tests/render';
import { SPEC_INSTANCE_FIELDS } from '../../../tests/specFields';
import { QR_MAX_BYTES } from '../../api/schemas/instances';

withMockServer();
warmUp('/bind-whatsapp', { as: 'owner' });
beforeEach(async () => {
  await resetAndSeed();
});

const user = () => userEvent.setup({ delay: null });
/** The list item of an instance, by its name. */
const item = async (name: string) =>
  (await screen.findByRole('heading', { level: 2, name })).closest('li') as HTMLElement;

describe('bind WhatsApp', () => {
  it("lists the owner's instances with a status in words, last activity and chatbot", async () => {
    await givenInstance(DEMO_OWNER.id, { instanceName: 'Sales WhatsApp', instanceStatus: 'disconnected' });
    await givenInstance(DEMO_OWNER.id, { instanceName: 'Instance 3' });
    await renderApp('/bind-whatsapp', { as: 'owner' });
    // The demo's line: its phone was unlinked a few minutes ago, and it waits for a new scan.
    const main = await item('Main support line');
    expect(within(main).getByText('Offline')).toBeInTheDocument();
    expect(main).toHaveTextContent('Last active:5 minutes ago');
    expect(main).toHaveTextContent('Number:+1 415 555 0123');
    await waitFor(() => expect(main).toHaveTextContent(/Chatbot:Ava/));
    expect(within(main).getByRole('button', { name: 'Continue setup of Main support line' })).toBeEnabled();
    const sales = await item('Sales WhatsApp');
    expect(within(sales).getByText('Offline')).toBeInTheDocument();
    expect(within(sales).queryByRole('button', { name: /Continue setup/ })).toBeNull();
    // Never scanned: it can be picked up again.
    const third = await item('Instance 3');
    expect(within(third).getByText('Offline')).toBeInTheDocument();
    expect(third).toHaveTextContent('Last active:never');
    expect(within(third).getByRole('button', { name: 'Continue setup of Instance 3' })).toBeEnabled();
  });

  it('works with instances that carry only the spec fields, and with fields it does not know', async () => {
    const spec = only(SPEC_INSTANCE_FIELDS);
    const withExtra = (body: unknown) =>
      Array.isArray(body) ? body.map((b) => ({ ...(spec(b) as object), engine: 'wwebjs' })) : spec(body);
    server.use(
      reshaped('get', '/whatsapp/list', withExtra),
      reshaped('get', '/whatsapp/:id', withExtra),
      // Room for a second connected number beside Front desk.
      reshaped('get', '/membership/user', (body) => ({ ...(body as object), instanceLimit: 3 })),
    );
    await givenInstance(DEMO_OWNER.id, { instanceName: 'Front desk', status: 1 });
    const u = user();
    await renderApp('/bind-whatsapp', { as: 'owner' });
    const main = await item('Main support line');
    expect(within(main).getByText('Offline')).toBeInTheDocument();
    // No last activity in the answer: unknown, not "never"; no number either.
    expect(main).toHaveTextContent('Last active:—');
    expect(main).not.toHaveTextContent('Number:');
    await waitFor(() => expect(main).toHaveTextContent(/Chatbot:Ava/));
    const front = await item('Front desk');
    expect(within(front).getByText('Online')).toBeInTheDocument();
    expect(front).toHaveTextContent('Last active:—');
    expect(front).toHaveTextContent('Chatbot:none yet');
    // The detail answer (spec fields only) still brings the code to scan.
    await u.click(within(main).getByRole('button', { name: 'Continue setup of Main support line' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect a WhatsApp number' });
    expect(
      await within(dialog).findByRole('img', { name: 'QR code to scan with WhatsApp' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Waiting for connection')).toBeInTheDocument();
  });

  it('says a chatbot is linked even when its name cannot be loaded, and none when there is none', async () => {
    server.use(http.get(`${API}/chatbots/user/:userId`, () => errorResponse(500, 'Internal server error')));
    await givenInstance(DEMO_OWNER.id, { instanceName: 'Spare line' });
    await renderApp('/bind-whatsapp', { as: 'owner' });
    const main = await item('Main support line');
    await waitFor(() => expect(main).toHaveTextContent('Chatbot:linked (name unavailable)'));
    expect(await item('Spare line')).toHaveTextContent('Chatbot:none yet');
  });

  it('says up front when every number the plan allows is connected, and offers no new code', async () => {
    await resetAndSeed({ limitsReached: true });
    // A number created while there was room, never scanned.
    await givenInstance(DEMO_OWNER.id, { instanceName: 'Spare line' });
    await renderApp('/bind-whatsapp', { as: 'owner' });
    const notice = await screen.findByTestId('plan-limit');
    expect(notice).toHaveTextContent(
      'Your Starter plan allows 1 connected number, and it is in use. To connect another, delete an instance or upgrade your plan.',
    );
    expect(within(notice).getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute(
      'href',
      '/usage-billing',
    );
    expect(screen.getByRole('button', { name: 'Add new instance' })).toBeDisabled();
    const spare = await item('Spare line');
    expect(within(spare).getByRole('button', { name: 'Continue setup of Spare line' })).toBeDisabled();
    // Deleting the connected number makes room: the notice goes, and both ways on open again.
    const u = user();
    await u.click(
      within(await item('Main support line')).getByRole('button', { name: 'Delete Main support line' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this instance?' });
    await u.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByTestId('plan-limit')).toBeNull());
    expect(screen.getByRole('button', { name: 'Add new instance' })).toBeEnabled();
    expect(within(spare).getByRole('button', { name: 'Continue setup of Spare line' })).toBeEnabled();
  });

  it('stops checking a number the plan refuses to link, says why once, and offers no retry or confirm', async () => {
    await resetAndSeed({ limitsReached: true });
    // The page cannot read the membership, so only the server's refusal can tell.
    server.use(http.get(`${API}/membership/user`, () => errorResponse(500, 'Internal server error')));
    // Scanned already: the next check would link a second number on a plan that allows one.
    await givenInstance(DEMO_OWNER.id, { instanceName: 'Spare line', polls: 2 });
    const u = user();
    await renderApp('/bind-whatsapp', { as: 'owner' });
    await u.click(
      within(await item('Spare line')).getByRole('button', { name: 'Continue setup of Spare line' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Connect a WhatsApp number' });
    const status = await within(dialog).findByText('Plan limit reached');
    expect(status.closest('[role="status"]')).toHaveTextContent(
      'Your plan allows 1 connected instance. Delete an instance or upgrade your plan to add another.',
    );
    expect(within(dialog).getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute(
      'href',
      '/usage-billing',
    );
    expect(within(dialog).getByText('No code to scan')).toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: /Try again|Refresh code|Get a new code/ }),
    ).toBeNull();
    await u.selectOptions(within(dialog).getByLabelText('Chatbot'), 'Leo – Sales Assistant');
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    // Said once: no toast besides, and the page did not shout about the membership either.
    expect(screen.queryByText('Failed to fetch instance details')).toBeNull();
    expect(screen.queryByText('Internal server error')).toBeNull();
  });

  it('explains a refused new instance when the page could not know the limit, with the way to upgrade', async () => {
    await resetAndSeed({ limitsReached: true });
    server.use(http.get(`${API}/membership/user`, () => errorResponse(500, 'Internal server error')));
    const u = user();
    await renderApp('/bind-whatsapp', { as: 'owner' });
    await item('Main support line');
    await u.click(screen.getByRole('button', { name: 'Add new instance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect a WhatsApp number' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The instance could not be created');
    expect(alert).toHaveTextContent(
      'Your plan allows 1 connected instance. Delete an instance or upgrade your plan to add another.',
    );
    expect(within(alert).getByRole('link', { name: 'Upgrade your plan' })).toHaveAttribute(
      'href',
      '/usage-billing',
    );
    // Nothing to name or confirm: only the way out.
    expect(within(dialog).queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(within(dialog).queryByLabelText('Instance name')).toBeNull();
    expect(within(dialog).getAllByRole('button', { name: 'Close' })).toHaveLength(2);
    // Said once: the dialog says it, with the way to upgrade, and no toast says it again.
    expect(screen.queryByText('Failed to create instance')).toBeNull();
  });

  it('deletes (logs out) an instance only through the confirmation', async () => {
    const u = user();
    await renderApp('/bind-whatsapp', { as: 'owner' });
    await u.click(
      within(await item('Main support line')).getByRole('button', { name: 'Delete Main support line' }),
    );
    let confirm = await screen.findByRole('alertdialog', { name: 'Delete this instance?' });
    expect(confirm).toHaveTextContent('Main support line will be logged out of WhatsApp');
    await u.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('heading', { level: 2, name: 'Main support line' })).toBeInTheDocument();

    await u.click(
      within(await item('Main support line')).getByRole('button', { name: 'Delete Main support line' }),
    );
    confirm = await screen.findByRole('alertdialog', { name: 'Delete this instance?' });
    await u.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Instance logged out')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 2, name: 'Main support line' })).toBeNull(),
    );
  });

  it('renames an instance and changes its chatbot in Settings', async () => {
    const u = user();
    await renderApp('/bind-whatsapp', { as: 'owner' });
    const main = await item('Main support line');
    await waitFor(() => expect(main).toHaveTextContent('Chatbot:Ava'));
    await u.click(within(main).getByRole('button', { name: 'Settings for Main support line' }));
    const dialog = await screen.findByRole('dialog', { name: 'Instance settings' });
    const name = within(dialog).getByLabelText('Instance name');
    await u.clear(name);
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await u.type(name, 'Front desk');
    await u.selectOptions(within(dialog).getByLabelText('Chatbot'), 'Leo – Sales Assistant');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Instance settings saved')).toBeInTheDocument();
    const renamed = await item('Front desk');
    expect(renamed).toHaveTextContent('Chatbot:Leo');
  });

  it('continues the setup of a waiting instance until it connects, then links it to a chatbot', async () => {
    // Three reads already: the next one finds the phone linked.
    await givenInstance(DEMO_OWNER.id, { instanceName: 'Front desk', polls: 3 });
    const u = user();
    await renderApp('/bind-whatsapp', { as: 'owner' });
    await u.click(
      within(await item('Front desk')).getByRole('button', { name: 'Continue setup of Front desk' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Connect a WhatsApp number' });
    expect(await within(dialog).findByText(/Continue setup: name this number/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('img', { name: 'QR code to scan with WhatsApp' })).toBeNull();
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await u.selectOptions(within(dialog).getByLabelText('Chatbot'), 'Leo – Sales Assistant');
    expect(confirm).toBeEnabled();
    await u.click(confirm);
    expect(await screen.findByText('Instance created and configured')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const done = await item('Front desk');
    await waitFor(() => expect(within(done).getByText('Online')).toBeInTheDocument());
    expect(done).toHaveTextContent('Chatbot:Leo');
  });

  it('shows the QR code of a new instance, and a link to create a chatbot when there is none', async () => {
    const u = user();
    await renderApp('/bind-whatsapp', { as: 'admin' });
    await u.click(await screen.findByRole('button', { name: 'Add new instance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect a WhatsApp number' });
    expect(
      await within(dialog).findByRole('img', { name: 'QR code to scan with WhatsApp' }),
    ).toBeInTheDocument();
    // The code's text links a phone to the account: outside demo builds it is in no attribute.
    expect(within(dialog).getByTestId('qr-code')).not.toHaveAttribute('data-value');
    expect(within(dialog).getByText('Waiting for connection')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Instance name')).toHaveValue('Instance 1');
    expect(
      await within(dialog).findByRole('link', { name: 'Create a chatbot in Bot settings' }),
    ).toHaveAttribute('href', '/bot-settings');
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    const steps = within(dialog).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      'Open WhatsApp on your phone.',
      'Tap Menu or Settings at the top right.',
      'Choose Linked devices.',
      'Tap Link a device.',
      'Point your phone at this screen to scan the code.',
    ]);
    // Listed behind the dialog, waiting for its scan.
    expect(await screen.findByRole('heading', { level: 2, name: 'Instance 1', hidden: true })).toBeTruthy();
    // Cancelled before any phone linked it: it is logged out, and no "Offline · never" entry stays behind.
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Instance 1' })).toBeNull());
    expect(await screen.findByText('No WhatsApp numbers yet')).toBeInTheDocument();
    expect(screen.queryByText('Failed to log out instance')).toBeNull();
  });

  it('refuses a QR text too long to draw with a message, instead of a broken page', async () => {
    server.use(
      http.post(`${API}/whatsapp/create-instance`, () =>
        HttpResponse.json({
          id: 'inst-long',
          instanceName: 'Instance 1',
          chatbotId: null,
          status: 0,
          instanceStatus: 'qr',
          qrCode: '2@'.padEnd(QR_MAX_BYTES + 1, 'x'),
          phoneNumber: null,
          createdAt: new Date().toISOString(),
          lastActiveAt: null,
        }),
      ),
    );
    const u = user();
    await renderApp('/bind-whatsapp', { as: 'admin' });
    await u.click(await screen.findByRole('button', { name: 'Add new instance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect a WhatsApp number' });
    expect(
      await within(dialog).findByText(/Unexpected response from POST \/whatsapp\/create-instance: qrCode/),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('img', { name: 'QR code to scan with WhatsApp' })).toBeNull();
    // Behind the modal dialog, the page is still there.
    expect(
      screen.getByRole('heading', { level: 1, name: 'Bind WhatsApp', hidden: true }),
    ).toBeInTheDocument();
  });

  it('keeps failures in their panels when the server fails, and the page stays usable', async () => {
    switchScenario('server-error');
    const u = user();
    await renderApp('/bind-whatsapp', { as: 'owner' });
    const panel = (await screen.findByText('The instances could not be loaded.')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(panel).toHaveTextContent('Internal server error');
    expect(within(panel).getByRole('button', { name: 'Retry' })).toBeEnabled();
    await u.click(screen.getByRole('button', { name: 'Add new instance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect a WhatsApp number' });
    expect(await within(dialog).findByText('The instance could not be created')).toBeInTheDocument();
    expect(within(dialog).getByText('Internal server error')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeEnabled();
  });
});
