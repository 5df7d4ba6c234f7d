import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../../mocks/db';
import { resetAndSeed, server } from '../../../mocks/node';
import { only, reshaped, withMockServer } from '../../../mocks/testing';
import { renderApp, warmUp } from '../../../tests/render';
import { SPEC_PLAN_FIELDS } from '../../../tests/specFields';

withMockServer();
warmUp('/membership-management', { as: 'admin' });
beforeEach(async () => {
  await resetAndSeed();
});

const user = () => userEvent.setup({ delay: null });
const rowNames = () =>
  within(screen.getByRole('table', { name: 'Membership plans' }))
    .getAllByRole('rowheader')
    .map((h) => h.textContent);

async function openAdmin() {
  await renderApp('/membership-management', { as: 'admin' });
  return screen.findByRole('table', { name: 'Membership plans' });
}

/** The seeded plans as the table shows them: all but deleted ones, status in words, unlimited limits. */
function expectSeededPlans(table: HTMLElement) {
  expect(rowNames()).toEqual(['Free', 'Starter', 'Pro', 'Enterprise']);
  const enterprise = within(table).getByRole('row', { name: /Enterprise/ });
  expect(within(enterprise).getByText('Disabled')).toBeInTheDocument();
  expect(within(enterprise).getAllByText('Unlimited').length).toBeGreaterThan(0);
  expect(within(within(table).getByRole('row', { name: /^Pro/ })).getByText('Enabled')).toBeInTheDocument();
}

describe('membership management', () => {
  it('lists every plan but deleted ones with enabled/disabled status and unlimited limits', async () => {
    const table = await openAdmin();
    expectSeededPlans(table);
  });

  it('works with plans that carry only the spec fields, and with fields it does not know', async () => {
    const spec = only(SPEC_PLAN_FIELDS);
    server.use(
      reshaped('get', '/membership/plans', (body) =>
        (body as unknown[]).map((p) => ({ ...(spec(p) as object), currency: 'usd' })),
      ),
    );
    const u = user();
    const table = await openAdmin();
    expectSeededPlans(table);
    await u.click(screen.getByRole('button', { name: 'Edit Starter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit plan' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Starter');
    expect(within(dialog).getByLabelText('Level')).toHaveValue(1);
    expect(within(dialog).getByLabelText('Chatbot limit')).toHaveValue(3);
    expect(within(dialog).getByLabelText('Monthly price (USD)')).toHaveValue(99);
  });

  it('creates a plan from the spec defaults', async () => {
    const u = user();
    await openAdmin();
    await u.click(screen.getByRole('button', { name: 'New plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create plan' });
    const field = (name: string) => within(dialog).getByLabelText(name);
    expect(field('Level')).toHaveValue(1);
    expect(field('Instance limit')).toHaveValue(1);
    expect(field('Chatbot limit')).toHaveValue(1);
    expect(field('Monthly token limit')).toHaveValue(1000);
    expect(field('Total chat session limit')).toHaveValue(1000);
    expect(field('Knowledge file limit')).toHaveValue(10);
    expect(field('Monthly price (USD)')).toHaveValue(0);
    expect(field('Yearly price (USD)')).toHaveValue(0);
    expect(field('Advanced features')).not.toBeChecked();
    expect(field('Custom prompts')).not.toBeChecked();

    await u.type(field('Name'), 'Growth');
    await u.clear(field('Level'));
    await u.type(field('Level'), '2');
    await u.clear(field('Monthly price (USD)'));
    await u.type(field('Monthly price (USD)'), '149');
    await u.click(field('Custom prompts'));
    await u.click(within(dialog).getByRole('button', { name: 'Create plan' }));
    expect(await screen.findByText('Plan created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rowNames()).toEqual(['Free', 'Starter', 'Pro', 'Growth', 'Enterprise']);
    const stored = db.plans.findFirst((q) => q.where((p) => p.name === 'Growth'));
    expect(stored).toMatchObject({
      level: 2,
      monthlyPrice: 149,
      hasCustomPrompt: true,
      knowledgeBaseFileLimit: 10,
    });
  });

  it('edits a plan in the same form, and keeps what was typed when saving fails', async () => {
    const u = user();
    await openAdmin();
    await u.click(screen.getByRole('button', { name: 'Edit Starter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit plan' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Starter');
    await u.clear(within(dialog).getByLabelText('Name'));
    await u.type(within(dialog).getByLabelText('Name'), 'Starter Plus');
    server.use(
      http.put('*/api/v1/membership/:id', () =>
        HttpResponse.json(
          { statusCode: 500, message: 'Database busy', error: 'Internal Server Error' },
          { status: 500 },
        ),
      ),
    );
    await u.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Update failed')).toBeInTheDocument();
    expect(screen.getByText('Database busy')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Starter Plus');
    server.resetHandlers();
    await u.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Plan updated')).toBeInTheDocument();
    expect(rowNames()).toContain('Starter Plus');
  });

  it('refuses a plan without a name, and a level below 0, marking each field', async () => {
    const u = user();
    await openAdmin();
    await u.click(screen.getByRole('button', { name: 'New plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create plan' });
    await u.clear(within(dialog).getByLabelText('Level'));
    await u.type(within(dialog).getByLabelText('Level'), '-1');
    await u.click(within(dialog).getByRole('button', { name: 'Create plan' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('a plan needs a name');
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('A plan needs a name: customers see it on its card.');
    expect(within(dialog).getByLabelText('Level')).toHaveAttribute('aria-invalid', 'true');
    expect(db.plans.count()).toBe(4);
    // Fixing a field clears its mark.
    await u.type(name, 'Growth');
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it('refuses values the API would reject and marks the field', async () => {
    const u = user();
    await openAdmin();
    await u.click(screen.getByRole('button', { name: 'New plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create plan' });
    await u.clear(within(dialog).getByLabelText('Chatbot limit'));
    await u.type(within(dialog).getByLabelText('Chatbot limit'), '-5');
    await u.click(within(dialog).getByRole('button', { name: 'Create plan' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Check the highlighted fields');
    expect(within(dialog).getByLabelText('Chatbot limit')).toHaveAttribute('aria-invalid', 'true');
    expect(db.plans.count()).toBe(4);
  });

  it('deletes a plan only after confirming in an alert dialog', async () => {
    const u = user();
    await openAdmin();
    await u.click(screen.getByRole('button', { name: 'Delete Pro' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Confirm delete' });
    // It names the plan.
    expect(confirm).toHaveTextContent(
      'Are you sure you want to delete the plan “Pro”? This cannot be undone.',
    );
    await u.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(rowNames()).toContain('Pro');
    await u.click(screen.getByRole('button', { name: 'Delete Pro' }));
    await u.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Plan deleted')).toBeInTheDocument();
    expect(rowNames()).toEqual(['Free', 'Starter', 'Enterprise']);
  });

  it('is not there for a regular user', async () => {
    await renderApp('/membership-management', { as: 'owner' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
