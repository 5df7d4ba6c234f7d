import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetAndSeed, server } from '../../../mocks/node';
import { DEMO_OWNER } from '../../../mocks/seed';
import { call, withMockServer } from '../../../mocks/testing';
import { renderApp, warmUp } from '../../../tests/render';

withMockServer();
warmUp('/usage-billing', { as: 'owner' });
beforeEach(async () => {
  await resetAndSeed();
});

const user = () => userEvent.setup({ delay: null });
const API = '*/api/v1';

/** The bodies of the calls to usage-info, as the mock received them. */
function recordBodies() {
  const bodies: unknown[] = [];
  server.events.on('request:start', async ({ request }) => {
    if (new URL(request.url).pathname.endsWith('/whatsapp/usage-info'))
      bodies.push(await request.clone().json());
  });
  return bodies;
}

const ymd = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const daysAgo = (n: number) => {
  const d = new Date();
  d.setDate(d.getDate() - n);
  return ymd(d);
};

async function openScreen() {
  const bodies = recordBodies();
  await renderApp('/usage-billing', { as: 'owner' });
  const details = screen.getByRole('region', { name: 'Usage details' });
  await within(details).findByRole('region', { name: 'Token usage by conversation' });
  await waitFor(() => expect(details).toHaveAttribute('aria-busy', 'false'));
  return { details, bodies, period: within(details).getByLabelText('Period') as HTMLSelectElement };
}

describe('every usage period', () => {
  it('asks for last month by its first and last days', async () => {
    const { details, bodies, period } = await openScreen();
    await user().selectOptions(period, 'Last month');
    await waitFor(() => expect(bodies).toHaveLength(2));
    const now = new Date();
    const first = new Date(now.getFullYear(), now.getMonth() - 1, 1);
    const last = new Date(now.getFullYear(), now.getMonth(), 0);
    expect(bodies).toEqual([{ timeRange: 8 }, { startDate: ymd(first), endDate: ymd(last) }]);
    await waitFor(() => expect(details).toHaveAttribute('aria-busy', 'false'));
    expect(period).toHaveDisplayValue('Last month');
  });

  it('checks custom days before sending them, moving the focus to the field to fix', async () => {
    const { details, bodies, period } = await openScreen();
    const u = user();
    await u.selectOptions(period, 'Custom…');
    const picker = within(details).getByRole('group', { name: 'Custom period' });
    const first = within(picker).getByLabelText('First day');
    const last = within(picker).getByLabelText('Last day');
    // It opens on the last 30 days, with the focus on the first day.
    await waitFor(() => expect(first).toHaveFocus());
    expect(first).toHaveValue(daysAgo(29));
    expect(last).toHaveValue(daysAgo(0));

    fireEvent.change(first, { target: { value: daysAgo(10) } });
    fireEvent.change(last, { target: { value: daysAgo(12) } });
    await u.click(within(picker).getByRole('button', { name: 'Apply' }));
    expect(last).toHaveFocus();
    expect(last).toHaveAccessibleDescription('The last day must be on or after the first day.');
    expect(last).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(first, { target: { value: daysAgo(400) } });
    fireEvent.change(last, { target: { value: daysAgo(1) } });
    await u.click(within(picker).getByRole('button', { name: 'Apply' }));
    expect(last).toHaveAccessibleDescription(
      'A period can be at most 365 days, counting both the first and the last day.',
    );
    fireEvent.change(first, { target: { value: '' } });
    await u.click(within(picker).getByRole('button', { name: 'Apply' }));
    expect(first).toHaveFocus();
    expect(first).toHaveAccessibleDescription('Enter the first day, as a full date.');
    // Nothing invalid was sent.
    expect(bodies).toEqual([{ timeRange: 8 }]);

    fireEvent.change(first, { target: { value: daysAgo(364) } });
    await u.click(within(picker).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ startDate: daysAgo(364), endDate: daysAgo(1) });
    expect(within(details).queryByRole('group', { name: 'Custom period' })).toBeNull();
    expect(period).toHaveFocus();
    expect(period.selectedOptions[0]?.textContent).toMatch(/^Custom: .+ – .+$/);
  });

  it('keeps the period shown when the custom days are cancelled', async () => {
    const { details, bodies, period } = await openScreen();
    const u = user();
    await u.selectOptions(period, 'Custom…');
    const picker = within(details).getByRole('group', { name: 'Custom period' });
    await u.keyboard('{Escape}');
    expect(within(details).queryByRole('group', { name: 'Custom period' })).toBeNull();
    expect(picker).not.toBeInTheDocument();
    expect(period).toHaveDisplayValue('All time');
    expect(period).toHaveFocus();
    expect(bodies).toEqual([{ timeRange: 8 }]);
  });

  it("shows tokens per day with their level against the day's share of the monthly limit, as a table too", async () => {
    const owner = { token: DEMO_OWNER.token };
    const { body: plan } = await call('GET', '/membership/user', owner);
    // A 30-day month's share of the plan's limit, for days of November 2026.
    const share = plan.monthlyTokenLimit / 30;
    server.use(
      http.post(`${API}/whatsapp/usage-info`, () =>
        HttpResponse.json({
          nowInstanceNum: 0,
          maxInstanceNum: 1,
          usageInfos: [{ sessionFrom: '8613812345678@c.us', tokenCount: 100 }],
          totalTokenCount: 100,
          dailyTokens: [
            { date: '2026-11-01', tokenCount: Math.floor(share * 0.49) },
            { date: '2026-11-02', tokenCount: Math.ceil(share * 0.5) },
            { date: '2026-11-03', tokenCount: Math.ceil(share * 0.8) },
          ],
        }),
      ),
    );
    const { details } = await openScreen();
    const chart = within(details).getByRole('region', { name: 'Tokens per day' });
    expect(
      within(chart).getByText(/Each day is compared with its share of your plan's monthly limit/),
    ).toBeVisible();
    expect(within(chart).getByRole('list', { name: 'Levels' })).toHaveTextContent(
      /Below 50 %.*50 % or more.*80 % or more/,
    );
    // The keyboard reads a day out.
    const plot = within(chart).getByRole('group', { name: 'Tokens per day, All time' });
    act(() => plot.focus());
    expect(within(chart).getByTestId('daily-readout')).toHaveTextContent(/80 % or more of the day's share/);
    fireEvent.keyDown(plot, { key: 'Home' });
    expect(within(chart).getByTestId('daily-readout')).toHaveTextContent(/Below 50 % of the day's share/);

    await user().click(within(chart).getByRole('button', { name: 'Show as table' }));
    const table = within(chart).getByRole('region', { name: 'Tokens per day, All time' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[0]?.textContent);
    expect(rows).toEqual([
      "Below 50 % of the day's share",
      "50 % or more of the day's share",
      "80 % or more of the day's share",
    ]);
  });

  it('says when the plan has no token limit, and when the server sends no daily figures', async () => {
    const { body: membership } = await call('GET', '/membership/user', { token: DEMO_OWNER.token });
    server.use(
      http.get(`${API}/membership/user`, () => HttpResponse.json({ ...membership, monthlyTokenLimit: -1 })),
    );
    const first = await openScreen();
    const chart = within(first.details).getByRole('region', { name: 'Tokens per day' });
    expect(
      within(chart).getByText('Your plan has no monthly token limit, so the days are not coloured by level.'),
    ).toBeVisible();
    expect(within(chart).queryByRole('list', { name: 'Levels' })).toBeNull();

    server.use(
      http.post(`${API}/whatsapp/usage-info`, () =>
        HttpResponse.json({ nowInstanceNum: 0, maxInstanceNum: 1, usageInfos: [], totalTokenCount: 0 }),
      ),
    );
    await user().selectOptions(first.period, 'Today');
    expect(
      await within(first.details).findByText(
        'No daily figures for this period: the server did not send them.',
      ),
    ).toBeVisible();
  });

  it('shows a failed period with a retry, keeping the period chosen', async () => {
    const { details, period } = await openScreen();
    server.use(
      http.post(
        `${API}/whatsapp/usage-info`,
        () => HttpResponse.json({ code: 'X', message: 'Boom' }, { status: 500 }),
        { once: true },
      ),
    );
    await user().selectOptions(period, 'Last month');
    const retry = await within(details).findByRole('button', { name: /Retry|Try again/ });
    expect(period).toHaveDisplayValue('Last month');
    await user().click(retry);
    await within(details).findByRole('region', { name: 'Tokens per day' });
  });
});
