import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { API, errorResponse } from '../../../mocks/handlers/common';
import { secretOf } from '../../../mocks/handlers/database';
import { resetAndSeed, server, switchScenario } from '../../../mocks/node';
import { withMockServer } from '../../../mocks/testing';
import { renderApp, warmUp } from '../../../tests/render';

withMockServer();
warmUp('/bot-settings', { as: 'owner' });
beforeEach(async () => {
  await resetAndSeed();
});

const PASSWORD = 'view-s3cret';

async function openKnowledge() {
  const user = userEvent.setup();
  await renderApp('/bot-settings', { as: 'owner' });
  expect(
    await screen.findByRole('heading', { level: 2, name: 'Ava – Customer Support' }),
  ).toBeInTheDocument();
  await user.click(screen.getByRole('tab', { name: 'Knowledge' }));
  const summary = await screen.findByTestId('database-summary');
  await within(summary).findByText('Not connected');
  // The tab library shows the panel a render after the tab changes.
  await waitFor(() => expect(summary).toBeVisible());
  return { user, summary };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>, name = 'Connect a database') {
  const opener = screen.getByRole('button', { name });
  await user.click(opener);
  const dialog = await screen.findByRole('dialog', { name: 'External database' });
  await within(dialog).findByLabelText('Host');
  return { dialog, opener };
}

const result = () => screen.getByTestId('database-test-result');

/** Nothing the page holds (its markup, its storage) carries the password. */
function expectNoPasswordAnywhere() {
  expect(document.documentElement.outerHTML).not.toContain(PASSWORD);
  expect(JSON.stringify({ ...localStorage })).not.toContain(PASSWORD);
}

describe('external database dialog', () => {
  it('tests a failing connection, fixes it, saves, and shows the stored password masked when reopened', async () => {
    const { user, summary } = await openKnowledge();
    const { dialog } = await openDialog(user);
    expect(within(dialog).getByLabelText('Database type')).toHaveValue('postgresql');
    expect(within(dialog).getByLabelText('Port')).toHaveValue('5432');
    await user.selectOptions(within(dialog).getByLabelText('Database type'), 'mysql');
    expect(within(dialog).getByLabelText('Port')).toHaveValue('3306');
    await user.type(within(dialog).getByLabelText('Host'), 'db.acme.invalid');
    await user.type(within(dialog).getByLabelText('Database name'), 'shop');
    await user.type(within(dialog).getByLabelText('User'), 'app');
    await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), PASSWORD);
    expectNoPasswordAnywhere();

    await user.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    expect(await within(result()).findByText(/could not be reached/)).toBeInTheDocument();
    expect(result()).toHaveAttribute('role', 'status');
    expect(result()).toHaveTextContent('Could not reach db.acme.invalid:3306: connection timed out');

    const host = within(dialog).getByLabelText('Host');
    await user.clear(host);
    await user.type(host, 'db.acme.test');
    expect(result()).toBeEmptyDOMElement();
    await user.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    expect(await within(result()).findByText('Connection succeeded.')).toBeInTheDocument();
    expect(result()).toHaveTextContent(/MySQL 8\.4\.2, answered in \d+ ms/);

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      within(screen.getByRole('region', { name: 'Notifications' })).getByText('Database connection saved'),
    ).toBeInTheDocument();
    expect(summary).toHaveTextContent('Connected to MySQL · db.acme.test · shop');
    expect(secretOf('bot-ava')).toBe(PASSWORD);
    expectNoPasswordAnywhere();

    const { dialog: again } = await openDialog(user, 'Edit connection');
    expect(within(again).getByLabelText('Host')).toHaveValue('db.acme.test');
    expect(within(again).queryByLabelText('Password', { selector: 'input' })).not.toBeInTheDocument();
    const stored = within(again).getByRole('group', { name: 'Password' });
    expect(stored).toHaveTextContent('••••••••');
    await user.click(within(stored).getByRole('button', { name: 'Replace password' }));
    expect(within(again).getByLabelText('Password', { selector: 'input' })).toHaveFocus();
    expect(within(again).getByLabelText('Password', { selector: 'input' })).toHaveValue('');
    await user.click(within(again).getByRole('button', { name: 'Keep the stored password' }));
    expect(within(again).getByRole('group', { name: 'Password' })).toBeInTheDocument();
    expectNoPasswordAnywhere();
  });

  it('checks the form before sending and points at the first wrong field', async () => {
    const { user } = await openKnowledge();
    const { dialog } = await openDialog(user);
    const port = within(dialog).getByLabelText('Port');
    await user.clear(port);
    await user.type(port, '70000');
    await user.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    expect(within(dialog).getByLabelText('Host')).toHaveFocus();
    expect(within(dialog).getByLabelText('Host')).toHaveAccessibleDescription(
      'Enter the host name or address.',
    );
    expect(port).toHaveAccessibleDescription('Enter a port from 1 to 65535.');
    expect(port).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Password', { selector: 'input' })).toHaveAccessibleDescription(
      'Enter the password.',
    );
    expect(result()).toBeEmptyDOMElement();

    await user.click(within(dialog).getByRole('radio', { name: 'Connection string' }));
    const string = within(dialog).getByRole('textbox', { name: 'Connection string' });
    await user.type(string, 'mysql://app:x@db/shop');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(string).toHaveFocus();
    expect(string).toHaveAccessibleDescription(
      'A PostgreSQL connection string starts with postgres://, postgresql://',
    );
    await user.clear(string);
    await user.type(string, 'postgresql://app:x@:5432/shop');
    await user.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    expect(
      await within(result()).findByText('The connection string could not be read. Check its format.'),
    ).toBeInTheDocument();
  });

  it('keeps what was typed when a save fails, and Escape closes the dialog back to its button', async () => {
    server.use(
      http.put(`${API}/chatbots/:id/database`, () => errorResponse(500, 'Database vault unavailable')),
    );
    const { user } = await openKnowledge();
    const { dialog, opener } = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Host'), 'db.acme.test');
    await user.type(within(dialog).getByLabelText('Database name'), 'shop');
    await user.type(within(dialog).getByLabelText('User'), 'app');
    await user.type(within(dialog).getByLabelText('Password', { selector: 'input' }), PASSWORD);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('The connection could not be saved: Database vault unavailable'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Host')).toHaveValue('db.acme.test');
    expect((within(dialog).getByLabelText('Password', { selector: 'input' }) as HTMLInputElement).value).toBe(
      PASSWORD,
    );
    expectNoPasswordAnywhere();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
    // Reopened, nothing typed before is left.
    const { dialog: again } = await openDialog(user);
    expect(within(again).getByLabelText('Host')).toHaveValue('');
    expect((within(again).getByLabelText('Password', { selector: 'input' }) as HTMLInputElement).value).toBe(
      '',
    );
  });

  it('on a server without the database calls, the tab says so once: no button, no error, no retry', async () => {
    switchScenario('spec-only');
    await renderApp('/bot-settings', { as: 'owner' });
    await userEvent.setup().click(await screen.findByRole('tab', { name: 'Knowledge' }));
    expect(await screen.findByText('This server does not connect bots to databases.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect a database' })).toBeNull();
    expect(screen.queryByTestId('database-summary')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('says when the connection cannot be loaded, and loads it again on Retry', async () => {
    const { user } = await openKnowledge();
    let fail = true;
    server.use(
      http.get(`${API}/chatbots/:id/database`, () => (fail ? errorResponse(500, 'Vault sealed') : undefined)),
    );
    await user.click(screen.getByRole('button', { name: 'Connect a database' }));
    const dialog = await screen.findByRole('dialog', { name: 'External database' });
    expect(await within(dialog).findByText('The connection could not be loaded.')).toBeInTheDocument();
    expect(within(dialog).getByText('Vault sealed')).toBeInTheDocument();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByLabelText('Host')).toBeInTheDocument();
  });
});
