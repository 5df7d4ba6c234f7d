import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { givenPlan } from '../../../mocks/fixtures';
import { resetAndSeed, server, switchScenario } from '../../../mocks/node';
import { DEMO_OWNER } from '../../../mocks/seed';
import { call, only, reshaped, withMockServer } from '../../../mocks/testing';
import { installTestClock, renderApp, warmUp } from '../../../tests/render';
import {
  SPEC_CREATE_PAYMENT_FIELDS,
  SPEC_MEMBERSHIP_FIELDS,
  SPEC_PLAN_FIELDS,
  SPEC_USAGE_FIELDS,
  SPEC_USAGE_ROW_FIELDS,
} from '../../../tests/specFields';
import { MEMBERSHIP_REFRESH_DELAY_MS } from '../../machines/constants';
import { readCheckoutSession, rememberCheckoutSession } from '../../machines/usageBilling/billing/links';

/** Keeps `fields` of an object and adds one field the client does not know. */
const specPlusExtra =
  (fields: string[]) =>
  (body: unknown): Record<string, unknown> => ({ ...(only(fields)(body) as object), region: 'eu' });

withMockServer();
warmUp('/usage-billing', { as: 'owner' });
beforeEach(async () => {
  await resetAndSeed();
  // As in the demo: the mock's checkout and portal pages are on the app's own origin.
  vi.stubEnv('VITE_MOCKS', 'true');
  return () => vi.unstubAllEnvs();
});

const user = () => userEvent.setup({ delay: null });
const API = '*/api/v1';

/** The bodies of the calls to a path, as the mock received them. */
function recordBodies(path: string) {
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (new URL(request.url).pathname.endsWith(path)) bodies.push(await request.clone().json());
  });
  return bodies;
}

const card = (name: string) => screen.getByRole('listitem', { name });

describe('usage and billing', () => {
  it('a subscription cancelled at period end reads "Ends on"', async () => {
    server.use(
      reshaped('get', '/membership/user', (body) => ({ ...(body as object), cancelAtPeriodEnd: true })),
    );
    await renderApp('/usage-billing', { as: 'owner' });
    expect(await screen.findByTestId('current-plan')).toHaveTextContent('Starter');
    expect(screen.getByText('Ends on')).toBeInTheDocument();
    expect(screen.queryByText('Renews on')).toBeNull();
  });

  it('shows the subscription, the usage and the plans with the spec rules', async () => {
    await renderApp('/usage-billing', { as: 'owner' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Usage and billing' })).toBeInTheDocument();
    expect(await screen.findByTestId('current-plan')).toHaveTextContent('Starter');
    // A subscription that renews says so; only a cancelled one "ends".
    expect(screen.getByText('Renews on')).toBeInTheDocument();
    expect(screen.queryByText('Ends on')).toBeNull();
    expect(await screen.findByRole('meter', { name: 'Tokens used this period' })).toBeInTheDocument();
    // None of the Starter plan's one number connected: the demo's line waits for a new scan.
    const summary = screen.getByRole('region', { name: 'Usage summary' });
    expect(await within(summary).findByText('0 / 1')).toBeInTheDocument();
    expect(within(summary).getByRole('meter', { name: 'Instances in use' })).toHaveAttribute(
      'data-tone',
      'success',
    );

    const free = await screen.findByRole('listitem', { name: 'Free' });
    expect(within(free).getByRole('button', { name: 'Cannot downgrade' })).toBeDisabled();
    expect(within(free).getByText('Your current level is higher than this plan.')).toBeInTheDocument();
    const starter = card('Starter');
    expect(within(starter).getByRole('button', { name: 'Current plan' })).toBeDisabled();
    // The 2nd card of at least two.
    expect(within(starter).getByText('Most popular')).toBeInTheDocument();
    const pro = card('Pro');
    expect(within(pro).getByRole('button', { name: 'Upgrade to Pro' })).toBeEnabled();
    expect(within(pro).getByText('$299.00')).toBeInTheDocument();
    // The inactive Enterprise plan is not offered; the contact card is always last.
    const names = within(screen.getByRole('region', { name: 'Plans' })).getAllByRole('heading', { level: 3 });
    expect(names.map((h) => h.textContent)).toEqual(['Free', 'Starter', 'Pro', 'Enterprise']);
    expect(within(card('Enterprise')).getByRole('button', { name: 'Talk to sales' })).toHaveAttribute(
      'aria-haspopup',
      'dialog',
    );
    // No paid checkout seen yet: nothing to manage.
    expect(screen.queryByRole('button', { name: 'Manage subscription' })).toBeNull();
  });

  it('works with a membership and usage that carry only the spec fields, and more', async () => {
    const owner = { token: DEMO_OWNER.token };
    const [{ body: membership }, { body: usage }] = await Promise.all([
      call('GET', '/membership/user', owner),
      call('POST', '/whatsapp/usage-info', { ...owner, body: { timeRange: 8 } }),
    ]);
    expect(usage.usageInfos.length).toBeGreaterThan(0);
    server.use(
      reshaped('get', '/membership/user', specPlusExtra(SPEC_MEMBERSHIP_FIELDS)),
      reshaped('post', '/whatsapp/usage-info', (body) => {
        const fields = specPlusExtra(SPEC_USAGE_FIELDS)(body);
        const rows = fields.usageInfos as unknown[];
        return { ...fields, usageInfos: rows.map(specPlusExtra(SPEC_USAGE_ROW_FIELDS)) };
      }),
    );
    await renderApp('/usage-billing', { as: 'owner' });
    expect(await screen.findByTestId('current-plan')).toHaveTextContent(membership.name);
    // Whether it renews is not in the spec's answer: the label is true either way.
    expect(screen.getByText('Current period ends').nextElementSibling).toHaveTextContent(
      String(new Date(membership.endDate).getFullYear()),
    );
    const summary = screen.getByRole('region', { name: 'Usage summary' });
    expect(
      await within(summary).findByText(`${usage.nowInstanceNum} / ${membership.instanceLimit}`),
    ).toBeInTheDocument();
    const table = await screen.findByRole('region', { name: 'Token usage by conversation' });
    // Every conversation counted (the rows themselves are virtual), and the total.
    await waitFor(() =>
      expect(within(table).getByRole('table')).toHaveAttribute(
        'aria-rowcount',
        String(usage.usageInfos.length + 2),
      ),
    );
    expect(within(table).getAllByRole('row').at(-1)).toHaveTextContent(
      `Total${usage.totalTokenCount.toLocaleString('en-US')}`,
    );
    // Without the daily figures (not in the spec), the chart's place says so.
    expect(
      screen.getByText('No daily figures for this period: the server did not send them.'),
    ).toBeInTheDocument();
  });

  it('offers plans that carry only the spec fields, and more, and goes to checkout', async () => {
    server.use(
      reshaped('get', '/membership/plans', (body) =>
        (body as unknown[]).map(specPlusExtra(SPEC_PLAN_FIELDS)),
      ),
      reshaped('post', '/payments/create', specPlusExtra(SPEC_CREATE_PAYMENT_FIELDS)),
    );
    const u = user();
    await renderApp('/usage-billing', { as: 'owner' });
    const free = await screen.findByRole('listitem', { name: 'Free' });
    expect(within(free).getByRole('button', { name: 'Cannot downgrade' })).toBeDisabled();
    expect(within(card('Starter')).getByRole('button', { name: 'Current plan' })).toBeDisabled();
    expect(within(card('Starter')).getByText('Most popular')).toBeInTheDocument();
    expect(within(card('Pro')).getByText('$299.00')).toBeInTheDocument();
    const names = within(screen.getByRole('region', { name: 'Plans' })).getAllByRole('heading', { level: 3 });
    expect(names.map((h) => h.textContent)).toEqual(['Free', 'Starter', 'Pro', 'Enterprise']);
    await u.click(within(card('Pro')).getByRole('button', { name: 'Upgrade to Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a billing cycle' });
    expect(within(dialog).getByRole('button', { name: /Yearly/ })).toHaveTextContent('$2,990.00');
    await u.click(within(dialog).getByRole('button', { name: /Monthly/ }));
    await waitFor(() => expect(location.pathname).toBe('/demo-checkout'));
  });

  it('sends the spec time range codes for the periods', async () => {
    const bodies = recordBodies('/whatsapp/usage-info');
    const u = user();
    await renderApp('/usage-billing', { as: 'owner' });
    expect(await screen.findByRole('region', { name: 'Token usage by conversation' })).toBeInTheDocument();
    const details = screen.getByRole('region', { name: 'Usage details' });
    const period = screen.getByLabelText('Period');
    for (const label of ['Today', 'Last 7 days', 'Last 30 days', 'This month', 'All time']) {
      await u.selectOptions(period, label);
      await waitFor(() => expect(details).toHaveAttribute('aria-busy', 'false'));
    }
    expect(bodies).toEqual([8, 1, 2, 3, 6, 8].map((timeRange) => ({ timeRange })));
  });

  it('lists tokens per conversation with a total row', async () => {
    server.use(
      http.post(`${API}/whatsapp/usage-info`, () =>
        HttpResponse.json({
          nowInstanceNum: 2,
          maxInstanceNum: 3,
          usageInfos: [
            { sessionFrom: '8613812345678@c.us', tokenCount: 1200 },
            { sessionFrom: 'Front desk', tokenCount: 30 },
          ],
          totalTokenCount: 1230,
        }),
      ),
    );
    await renderApp('/usage-billing', { as: 'owner' });
    const table = await screen.findByRole('region', { name: 'Token usage by conversation' });
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual(['ConversationTokens', '+86 138 1234 56781,200', 'Front desk30', 'Total1,230']);
  });

  it('opens the billing cycle dialog with the spec prices and goes to checkout', async () => {
    const u = user();
    await renderApp('/usage-billing', { as: 'owner' });
    await u.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a billing cycle' });
    expect(within(dialog).getByText('You are subscribing to Pro.')).toBeInTheDocument();
    const yearly = within(dialog).getByRole('button', { name: /Yearly/ });
    expect(yearly).toHaveTextContent('Save $598.00');
    expect(yearly).toHaveTextContent('$2,990.00');
    // The spec's one decimal (2990 / 12 = 249.1666… → 249.2), written as money.
    expect(yearly).toHaveTextContent('Billed once a year, $249.20 per month');
    await u.click(within(dialog).getByRole('button', { name: /Monthly/ }));
    await waitFor(() => expect(location.pathname).toBe('/demo-checkout'));
    expect(new URLSearchParams(location.search).get('session_id')).toMatch(/^cs_demo_/);
  });

  it('offers monthly only for a plan without a yearly price', async () => {
    await givenPlan({ id: 'plan-scale', name: 'Scale', level: 3, yearlyPrice: 0, status: 1 });
    const u = user();
    await renderApp('/usage-billing', { as: 'owner' });
    await u.click(await screen.findByRole('button', { name: 'Upgrade to Scale' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a billing cycle' });
    expect(within(dialog).getByRole('button', { name: /Monthly/ })).toBeEnabled();
    expect(within(dialog).queryByRole('button', { name: /Yearly/ })).toBeNull();
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('changes a paid subscription in place: the update notice, no checkout', async () => {
    await givenPlan({
      id: 'plan-scale',
      name: 'Scale',
      level: 3,
      monthlyPrice: 499,
      yearlyPrice: 4990,
      status: 1,
    });
    const u = user();
    await renderApp('/usage-billing', { as: 'admin' });
    await u.click(await screen.findByRole('button', { name: 'Upgrade to Scale' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Monthly/ }));
    expect(await screen.findByText('Subscription updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(location.pathname).toBe('/usage-billing');
  });

  it('shows the payment-failed toast and keeps the dialog for a retry', async () => {
    server.use(
      http.post(`${API}/payments/create`, () =>
        HttpResponse.json(
          { statusCode: 500, message: 'down', error: 'Internal Server Error' },
          { status: 500 },
        ),
      ),
    );
    const u = user();
    await renderApp('/usage-billing', { as: 'owner' });
    await u.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));
    const dialog = await screen.findByRole('dialog');
    await u.click(within(dialog).getByRole('button', { name: /Yearly/ }));
    const toast = await screen.findByText('Payment failed');
    expect(toast.closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByText('Unable to start payment process, please try again later.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Yearly/ })).toBeEnabled();
  });

  it('never follows a redirect that is not http(s)', async () => {
    server.use(
      http.post(`${API}/payments/create`, () => HttpResponse.json({ redirectUrl: 'javascript:alert(1)' })),
    );
    const u = user();
    await renderApp('/usage-billing', { as: 'owner' });
    await u.click(await screen.findByRole('button', { name: 'Upgrade to Pro' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /Monthly/ }));
    expect(await screen.findByText('Payment failed')).toBeInTheDocument();
    expect(location.pathname).toBe('/usage-billing');
  });

  it('says when plans fail to load, with a retry', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/membership/plans`, () =>
        fail ? HttpResponse.json({ statusCode: 500, message: 'down' }, { status: 500 }) : undefined,
      ),
    );
    const u = user();
    await renderApp('/usage-billing', { as: 'owner' });
    expect(await screen.findAllByText('Failed to get membership plans')).toHaveLength(2);
    fail = false;
    await u.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Upgrade to Pro' })).toBeEnabled();
  });

  it('says when the token details fail, and retries them', async () => {
    let fail = true;
    server.use(
      http.get(`${API}/membership/user/token-remaining`, () =>
        fail ? HttpResponse.json({ statusCode: 500, message: 'down' }, { status: 500 }) : undefined,
      ),
    );
    const u = user();
    await renderApp('/usage-billing', { as: 'owner' });
    const subscription = screen.getByRole('region', { name: 'Current subscription' });
    expect(await within(subscription).findByRole('alert')).toHaveTextContent(
      'Token details could not be loaded.',
    );
    // Only the tokens failed: the plan is shown.
    expect(within(subscription).getByTestId('current-plan')).toHaveTextContent('Starter');
    fail = false;
    await u.click(within(subscription).getByRole('button', { name: 'Retry' }));
    expect(
      await within(subscription).findByRole('meter', { name: 'Tokens used this period' }),
    ).toBeInTheDocument();
    expect(within(subscription).queryByRole('alert')).toBeNull();
  });

  it('says when usage fails, in the details with a retry and in the summary', async () => {
    let fail = true;
    server.use(
      http.post(`${API}/whatsapp/usage-info`, () =>
        fail
          ? HttpResponse.json({ statusCode: 500, message: 'Usage is resting' }, { status: 500 })
          : undefined,
      ),
    );
    const u = user();
    await renderApp('/usage-billing', { as: 'owner' });
    const details = screen.getByRole('region', { name: 'Usage details' });
    const alert = await within(details).findByRole('alert');
    expect(alert).toHaveTextContent('Usage could not be loaded');
    expect(alert).toHaveTextContent('Usage is resting');
    expect(
      within(screen.getByRole('region', { name: 'Usage summary' })).getByText(
        'Usage could not be loaded. See the usage details below.',
      ),
    ).toBeInTheDocument();
    fail = false;
    await u.click(within(details).getByRole('button', { name: 'Retry' }));
    expect(
      await within(details).findByRole('region', { name: 'Token usage by conversation' }),
    ).toBeInTheDocument();
  });

  it('on a server with only the spec’s calls, cards, billing details and invoices each say once they are not offered', async () => {
    switchScenario('spec-only');
    await renderApp('/usage-billing', { as: 'owner' });
    expect(await screen.findByTestId('current-plan')).toHaveTextContent('Starter');
    expect(await screen.findByText(/This server does not keep cards on file\./)).toBeInTheDocument();
    expect(await screen.findByText('This server does not keep billing details.')).toBeInTheDocument();
    expect(await screen.findByText('This server does not list invoices.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add card' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the empty state when no plan is offered', async () => {
    server.use(http.get(`${API}/membership/plans`, () => HttpResponse.json([])));
    await renderApp('/usage-billing', { as: 'owner' });
    expect(await screen.findByText('No membership plans available')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Talk to sales' })).toBeInTheDocument();
  });

  it('only warns when the membership cannot be loaded, and counts a limit of 1', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    server.use(
      http.get(`${API}/membership/user`, () =>
        HttpResponse.json({ statusCode: 500, message: 'down' }, { status: 500 }),
      ),
    );
    await renderApp('/usage-billing', { as: 'owner' });
    expect(
      await screen.findByText('Your plan could not be loaded. The limits of the default plan are shown.'),
    ).toBeInTheDocument();
    expect(
      await within(screen.getByRole('region', { name: 'Usage summary' })).findByText('0 / 1'),
    ).toBeInTheDocument();
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('on return from payment: toast, clean address, remembered session, membership fetched again after 2 s', async () => {
    let membershipCalls = 0;
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.endsWith('/membership/user')) membershipCalls++;
    });
    installTestClock();
    await renderApp('/usage-billing?session_id=cs_paid_1', { as: 'owner' });
    expect(await screen.findByText('Payment successful')).toBeInTheDocument();
    expect(screen.getByText('Subscription activated, updating membership information…')).toBeInTheDocument();
    expect(location.search).toBe('');
    expect(readCheckoutSession(DEMO_OWNER.id)).toBe('cs_paid_1');
    expect(screen.getByRole('button', { name: 'Manage subscription' })).toBeInTheDocument();
    await waitFor(() => expect(membershipCalls).toBe(1));
    // Still 1 above: the clock stands until the test moves it past the delay.
    await vi.advanceTimersByTimeAsync(MEMBERSHIP_REFRESH_DELAY_MS);
    await waitFor(() => expect(membershipCalls).toBe(2));
  });

  it('opens subscription management for the remembered session, only for http(s) URLs', async () => {
    rememberCheckoutSession(DEMO_OWNER.id, 'cs_paid_2');
    const asked: string[] = [];
    let url = 'javascript:alert(1)';
    server.use(
      http.get(`${API}/payments/subscription-management-url`, ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('sessionId') ?? '');
        return HttpResponse.json({ url });
      }),
    );
    const u = user();
    await renderApp('/usage-billing', { as: 'owner' });
    await u.click(await screen.findByRole('button', { name: 'Manage subscription' }));
    expect(await screen.findByText('Could not open subscription management')).toBeInTheDocument();
    expect(location.pathname).toBe('/usage-billing');
    // The app's own origin opens in place (jsdom cannot load other pages).
    url = `${location.origin}/?from=portal`;
    await u.click(screen.getByRole('button', { name: 'Manage subscription' }));
    await waitFor(() => expect(location.search).toBe('?from=portal'));
    expect(asked).toEqual(['cs_paid_2', 'cs_paid_2']);
  });
});
