import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http, type JsonBodyType } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetAndSeed, server, switchScenario } from '../../../mocks/node';
import { DEMO_OWNER } from '../../../mocks/seed';
import { call, recordRequests, withMockServer } from '../../../mocks/testing';
import { renderApp, warmUp } from '../../../tests/render';
import { comparisonText } from '../../machines/dashboard/comparison';
import { formatReplyTime } from './HandoffsCard';

withMockServer();
warmUp('/', { as: 'owner' });
beforeEach(async () => {
  await resetAndSeed();
});

const TITLE = 'Handed to a person';
const card = async () =>
  (await screen.findByRole('heading', { level: 2, name: TITLE })).closest('section') as HTMLElement;
const answer = (body: JsonBodyType, status = 200) =>
  server.use(http.get('*/api/v1/dashboard/handoffs', () => HttpResponse.json(body, { status })));

describe('the hand-off figure', () => {
  it("shows the server's figures: today's hand-offs against yesterday's, and the median first reply", async () => {
    // The demo's own, whatever the hour (just after midnight, today has none yet).
    const { body } = await call('GET', '/dashboard/handoffs', { token: DEMO_OWNER.token });
    await renderApp('/', { as: 'owner' });
    const box = await card();
    const comparison = { countsOfToday: body.today, countsOfYesterday: body.yesterday };
    await waitFor(() =>
      expect(box).toHaveTextContent(`${body.today}${comparisonText(comparison)} from yesterday`),
    );
    const median = body.medianFirstReplySeconds;
    expect(box).toHaveTextContent(
      median === null
        ? 'No replies by a person yet today'
        : `Median first reply by a person: ${formatReplyTime(median, 'en')}`,
    );
    expect(box).toHaveAttribute('aria-busy', 'false');
  });

  it('reads 3 hand-offs against 4 as 25 % fewer, and 240 seconds as 4 minutes', async () => {
    answer({ today: 3, yesterday: 4, medianFirstReplySeconds: 240 });
    await renderApp('/', { as: 'owner' });
    const box = await card();
    await waitFor(() => expect(box).toHaveTextContent('3- 25% from yesterday'));
    expect(box).toHaveTextContent('Median first reply by a person: 4 min');
  });

  it('says so when no one has replied yet today, and reads what it cannot as nothing', async () => {
    answer({ today: 2, yesterday: 'many', extra: true });
    await renderApp('/', { as: 'owner' });
    const box = await card();
    await waitFor(() => expect(box).toHaveTextContent('2+ 2 from yesterday'));
    expect(box).toHaveTextContent('No replies by a person yet today');
  });

  it.each([404, 405, 501])(
    'on a server that answers %i, says once, quietly, that it has no such figure',
    async (status) => {
      answer({ statusCode: status, message: 'Cannot GET /api/v1/dashboard/handoffs' }, status);
      await renderApp('/', { as: 'owner' });
      const box = await card();
      expect(await within(box).findByText('This server does not offer hand-off figures.')).toHaveAttribute(
        'data-not-offered',
      );
      expect(box).toHaveAttribute('aria-busy', 'false');
      expect(within(box).queryByRole('button', { name: 'Retry' })).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
      // A refresh does not ask again: the answer would be the same.
      const asked = recordRequests();
      await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Refresh' }));
      await waitFor(() => expect(asked).toContain('GET /api/v1/chatbots/count/active'));
      expect(asked).not.toContain('GET /api/v1/dashboard/handoffs');
    },
  );

  it('on a server with only the spec’s calls, the other figures show as ever', async () => {
    switchScenario('spec-only');
    await renderApp('/', { as: 'owner' });
    const box = await card();
    expect(await within(box).findByText('This server does not offer hand-off figures.')).toBeInTheDocument();
    const bots = (await screen.findByRole('heading', { level: 2, name: 'Active bots' })).closest('section');
    await waitFor(() => expect(bots).toHaveTextContent('3'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps another failure inside the card, with a retry that asks again', async () => {
    let failing = true;
    server.use(
      http.get('*/api/v1/dashboard/handoffs', () =>
        failing
          ? HttpResponse.json({ statusCode: 500, message: 'Counter down' }, { status: 500 })
          : HttpResponse.json({ today: 1, yesterday: 0, medianFirstReplySeconds: 95 }),
      ),
    );
    await renderApp('/', { as: 'owner' });
    const box = await card();
    expect(await within(box).findByRole('alert')).toHaveTextContent(
      'Could not load this figure.Counter down',
    );
    failing = false;
    await userEvent.setup({ delay: null }).click(within(box).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(box).toHaveTextContent('1+ 1 from yesterday'));
    expect(within(box).queryByRole('alert')).toBeNull();
    expect(box).toHaveTextContent('Median first reply by a person: 2 min');
  });
});

describe('a time to reply', () => {
  it.each([
    [0, '0 sec'],
    [45, '45 sec'],
    [59.4, '59 sec'],
    [59.6, '1 min'],
    [240, '4 min'],
    [3569, '59 min'],
    [3570, '1 hr'],
    [5400, '1.5 hr'],
  ])('%s s reads "%s"', (seconds, text) => {
    expect(formatReplyTime(seconds, 'en')).toBe(text);
  });

  it('reads in the language of the page', () => {
    expect(formatReplyTime(240, 'zh-CN')).toBe('4分钟');
    expect(formatReplyTime(240, 'zh-TW')).toBe('4 分鐘');
  });
});
