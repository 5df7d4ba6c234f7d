import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { givenTrendFailure, TREND_FAILURE_MESSAGE } from '../../../mocks/handlers/dashboard';
import { resetAndSeed, server } from '../../../mocks/node';
import { DEMO_OWNER } from '../../../mocks/seed';
import { call, reshaped, withMockServer } from '../../../mocks/testing';
import { renderApp, warmUp } from '../../../tests/render';

withMockServer();
warmUp('/', { as: 'owner' });
beforeEach(async () => {
  await resetAndSeed();
});

const owner = { token: DEMO_OWNER.token };
const trendsOf = async (days: number) => (await call('GET', `/dashboard/trends?days=${days}`, owner)).body;
const count = (n: number) => new Intl.NumberFormat('en', { maximumFractionDigits: 1 }).format(n);
const day = (date: string) => {
  const [y, m, d] = date.split('-').map(Number);
  return new Intl.DateTimeFormat('en', {
    weekday: 'short',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date(y ?? 0, (m ?? 1) - 1, d ?? 1));
};

const trendsCard = async () =>
  (await screen.findByRole('heading', { level: 2, name: 'Trends' })).closest('section') as HTMLElement;
/** The series whose heading is `name`, once it shows. */
const series = async (name: string) => {
  const card = await trendsCard();
  return within(card).findByRole('group', { name });
};

describe('dashboard trends', () => {
  it('shows four series for the last 7 days, and a table of another period on request', async () => {
    const week = await trendsOf(7);
    await renderApp('/', { as: 'owner' });
    const card = await trendsCard();
    for (const name of ['Messages', 'Active WhatsApp users', 'Tokens', 'Positive sentiment'])
      expect(await series(name)).toBeInTheDocument();
    expect(within(card).getByRole('radio', { name: '7 days' })).toBeChecked();
    const total = week.series.messages.reduce((a: number, p: { value: number }) => a + p.value, 0);
    expect(await series('Messages')).toHaveTextContent(`${count(total)} in total`);

    const month = await trendsOf(30);
    await userEvent.click(within(card).getByRole('radio', { name: '30 days' }));
    await waitFor(() => expect(card).toHaveTextContent('Day by day, the last 30 days'));
    const messages = await series('Messages');
    const toggle = within(messages).getByRole('button', { name: 'Show as table' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide table');
    const table = within(messages).getByRole('table', { name: 'Messages per day, last 30 days' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    const today = month.series.messages.at(-1);
    expect(rows.at(-1)).toHaveTextContent(`${day(today.date)}${count(today.value)}`);
    // The share reads as a percentage, a day without conversations as such.
    const share = await series('Positive sentiment');
    await userEvent.click(within(share).getByRole('button', { name: 'Show as table' }));
    const shares = within(share).getAllByRole('row').slice(1);
    month.series.positiveShare.forEach((p: { value: number | null }, i: number) => {
      expect(shares[i]).toHaveTextContent(
        p.value === null ? 'No conversations' : `${Math.round(p.value * 100)}%`,
      );
    });
  });

  it('reads the chart day by day from the keyboard', async () => {
    const week = await trendsOf(7);
    await renderApp('/', { as: 'owner' });
    const messages = await series('Messages');
    const chart = within(messages).getByRole('group', { name: 'Messages, last 7 days' });
    expect(chart).toHaveAccessibleDescription(
      'Use the left and right arrow keys to read the value of each day.',
    );
    const readout = within(messages).getByTestId('trend-readout');
    expect(readout).toHaveTextContent('');
    const points = week.series.messages as Array<{ date: string; value: number }>;
    const reads = (i: number) => {
      const p = points.at(i);
      return `${day(p?.date ?? '')}: ${count(p?.value ?? -1)}`;
    };

    act(() => chart.focus());
    expect(readout).toHaveTextContent(reads(-1));
    await userEvent.keyboard('{ArrowLeft}');
    expect(readout).toHaveTextContent(reads(-2));
    await userEvent.keyboard('{Home}');
    expect(readout).toHaveTextContent(reads(0));
    await userEvent.keyboard('{ArrowLeft}');
    expect(readout).toHaveTextContent(reads(0));
    await userEvent.keyboard('{End}');
    expect(readout).toHaveTextContent(reads(-1));
    await userEvent.tab();
    expect(readout).toHaveTextContent('');
  });

  it('fails a series alone, with the server’s reason, and the others still show', async () => {
    givenTrendFailure('tokens');
    await renderApp('/', { as: 'owner' });
    const tokens = await series('Tokens');
    const alert = await within(tokens).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load this series.');
    expect(alert).toHaveTextContent(TREND_FAILURE_MESSAGE);
    expect(within(tokens).queryByRole('group', { name: /Tokens, last/ })).toBeNull();
    for (const name of ['Messages', 'Active WhatsApp users', 'Positive sentiment']) {
      const other = await series(name);
      expect(within(other).queryByRole('alert')).toBeNull();
      expect(within(other).getByRole('button', { name: 'Show as table' })).toBeInTheDocument();
    }
  });

  it('a series the client cannot read fails alone too, and Retry brings it back', async () => {
    server.use(
      reshaped('get', '/dashboard/trends', (body) => {
        const b = body as { series: Record<string, unknown> };
        return { ...b, series: { ...b.series, activeUsers: [{ date: 'yesterday', value: 'many' }] } };
      }),
    );
    await renderApp('/', { as: 'owner' });
    const users = await series('Active WhatsApp users');
    const alert = await within(users).findByRole('alert');
    expect(alert).toHaveTextContent('The server sent no readable data for it.');
    expect(within(await series('Messages')).queryByRole('alert')).toBeNull();

    server.resetHandlers();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(users).queryByRole('alert')).toBeNull());
    expect(within(users).getByRole('button', { name: 'Show as table' })).toBeInTheDocument();
  });

  it('a failed call shows one failure with Retry; the figures above are not touched', async () => {
    server.use(
      http.get('*/api/v1/dashboard/trends', () =>
        HttpResponse.json({ statusCode: 500, message: 'Trends are resting' }, { status: 500 }),
      ),
    );
    await renderApp('/', { as: 'owner' });
    const card = await trendsCard();
    const alert = await within(card).findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the trends.');
    expect(alert).toHaveTextContent('Trends are resting');
    const bots = (await screen.findByRole('heading', { level: 2, name: 'Active bots' })).closest('section');
    expect(within(bots as HTMLElement).queryByRole('alert')).toBeNull();

    server.resetHandlers();
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await series('Messages')).toBeInTheDocument();
    expect(within(card).queryByRole('alert')).toBeNull();
  });
});
