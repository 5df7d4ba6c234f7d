import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { isoNow } from '../../../mocks/clock';
import { resetAndSeed, server, switchScenario } from '../../../mocks/node';
import { DEMO_OWNER } from '../../../mocks/seed';
import { call, only, reshaped, withMockServer } from '../../../mocks/testing';
import { renderApp, warmUp } from '../../../tests/render';
import { SPEC_ACTIVITY_FIELDS, SPEC_COMPARISON_FIELDS, SPEC_COUNT_FIELDS } from '../../../tests/specFields';
import type { Comparison } from '../../api/schemas/dashboard';
import { comparisonText } from '../../machines/dashboard/comparison';

withMockServer();
warmUp('/', { as: 'owner' });
beforeEach(async () => {
  await resetAndSeed();
});

const owner = { token: DEMO_OWNER.token };
/** The card whose heading is `name`. */
const card = async (name: string) =>
  (await screen.findByRole('heading', { level: 2, name })).closest('section') as HTMLElement;
/** The card `name` shows the count the server sent. */
const showsCount = async (name: string, body: { count: number }) => {
  const box = await card(name);
  await waitFor(() => expect(within(box).getByText(String(body.count))).toBeInTheDocument());
};
/** The card `name` shows today's figure and its comparison to yesterday, as the server sent them. */
const showsComparison = async (name: string, body: Comparison) => {
  const box = await card(name);
  await waitFor(() =>
    expect(box).toHaveTextContent(`${body.countsOfToday}${comparisonText(body)} from yesterday`),
  );
};

describe('dashboard', () => {
  it("shows the owner's figures as the server counts them, with the comparison to yesterday", async () => {
    const [instances, messages, bots, users] = await Promise.all([
      call('GET', '/whatsapp/count/active', owner),
      call('GET', '/chat-message/compare/yesterday', owner),
      call('GET', '/chatbots/count/active', owner),
      call('GET', '/chat-session/count/whatsapp-users', owner),
    ]);
    await renderApp('/', { as: 'owner' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();

    await showsCount('Active bound instances', instances.body);
    await showsComparison("Today's messages", messages.body);
    await showsCount('Active bots', bots.body);
    await showsComparison('WhatsApp users', users.body);
  });

  it('says the bots answer no one while no number is online, and that they answer customers once one is', async () => {
    let online = 0;
    server.use(http.get('*/api/v1/whatsapp/count/active', () => HttpResponse.json({ count: online })));
    await renderApp('/', { as: 'owner' });
    await showsCount('Active bots', { count: 3 });
    const bots = await card('Active bots');
    expect(bots).toHaveTextContent('No WhatsApp number is online, so they answer no one yet');
    online = 1;
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(bots).toHaveTextContent('Chatbots answering customers'));
    expect(bots).not.toHaveTextContent('answer no one');
  });

  it('lists the last 24 hours of activity with HH:mm and a text per kind', async () => {
    const { body: entries } = await call('GET', '/activity-log/list', owner);
    expect(entries.length).toBeGreaterThan(0);
    await renderApp('/', { as: 'owner' });
    const list = await screen.findByRole('region', { name: 'Recent activity entries' });
    const items = await within(list).findAllByRole('listitem');
    const first = entries[0];
    const hh = String(new Date(first.createdAt).getHours()).padStart(2, '0');
    const mm = String(new Date(first.createdAt).getMinutes()).padStart(2, '0');
    expect(items[0]).toHaveTextContent(`${hh}:${mm}`);
    const kinds: Record<string, string> = {
      user_connected: 'New user connected',
      agent_updated: 'Agent settings updated',
      knowledge_updated: 'Knowledge base updated',
      instance_bound: 'New instance bound',
    };
    const kind = kinds[first.type] ?? 'missing';
    // The kind in the interface's words, then what the server says it is about.
    expect(items[0]).toHaveTextContent(kind);
    expect(items[0]).toHaveTextContent(first.description.slice(`${kind}:`.length).trim());
  });

  it('writes the kinds it knows in the user’s language, with what each is about; other kinds as the server wrote them', async () => {
    server.use(
      http.get('*/api/v1/activity-log/list', () =>
        HttpResponse.json([
          {
            createdAt: isoNow(),
            description: 'New instance bound: Front desk (+1 415 555 0123)',
            type: 'instance_bound',
          },
          { createdAt: isoNow(), description: 'Agent settings updated', type: 'agent_updated' },
          { createdAt: isoNow(), description: 'Nightly backup finished', type: 'backup_done' },
        ]),
      ),
    );
    await renderApp('/', { as: 'owner', locale: 'zh-CN' });
    const list = await screen.findByRole('region', { name: '最近动态列表' });
    const [bound, updated, other] = await within(list).findAllByRole('listitem');
    expect(bound).toHaveTextContent(/已绑定新实例\s*Front desk \(\+1 415 555 0123\)/);
    expect(bound).not.toHaveTextContent('New instance bound');
    expect(updated).not.toHaveTextContent('Agent settings updated');
    expect(other).toHaveTextContent('Nightly backup finished');
  });

  it('works with counts, comparisons and activity that carry only the spec fields, and more', async () => {
    const [instances, messages, bots, users, log] = await Promise.all([
      call('GET', '/whatsapp/count/active', owner),
      call('GET', '/chat-message/compare/yesterday', owner),
      call('GET', '/chatbots/count/active', owner),
      call('GET', '/chat-session/count/whatsapp-users', owner),
      call('GET', '/activity-log/list', owner),
    ]);
    // Spec fields plus one the client does not know; the first entry is also of a kind it does not know.
    const spec = (fields: string[]) => (body: unknown) => ({
      ...(only(fields)(body) as object),
      source: 'api',
    });
    const entries = (body: unknown) =>
      (body as unknown[]).map((e, i) => ({
        ...(spec(SPEC_ACTIVITY_FIELDS)(e) as object),
        ...(i === 0 ? { type: 'invoice_paid' } : {}),
      }));
    server.use(
      reshaped('get', '/whatsapp/count/active', spec(SPEC_COUNT_FIELDS)),
      reshaped('get', '/chatbots/count/active', spec(SPEC_COUNT_FIELDS)),
      reshaped('get', '/chat-message/compare/yesterday', spec(SPEC_COMPARISON_FIELDS)),
      reshaped('get', '/chat-session/count/whatsapp-users', spec(SPEC_COMPARISON_FIELDS)),
      reshaped('get', '/activity-log/list', entries),
    );
    await renderApp('/', { as: 'owner' });
    await showsCount('Active bound instances', instances.body);
    await showsCount('Active bots', bots.body);
    await showsComparison("Today's messages", messages.body);
    await showsComparison('WhatsApp users', users.body);
    // Without a known kind an entry shows the server's description, at its HH:mm.
    const list = await screen.findByRole('region', { name: 'Recent activity entries' });
    const items = await within(list).findAllByRole('listitem');
    expect(items.length).toBeGreaterThanOrEqual(2);
    for (const [i, item] of items.slice(0, 2).entries()) {
      const at = new Date(log.body[i].createdAt);
      const hhmm = `${String(at.getHours()).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')}`;
      expect(item).toHaveTextContent(`${hhmm}${log.body[i].description}`);
    }
  });

  it('greets a new account with its first steps, each linking to its screen, until they are put away', async () => {
    await resetAndSeed({ empty: true });
    await renderApp('/', { as: 'owner' });
    const list = await screen.findByRole('region', { name: 'Get started' });
    expect(within(list).getByRole('status')).toHaveTextContent('0 of 4 done');
    expect(screen.getByText('Welcome. Here is how your AI agents are doing today.')).toBeInTheDocument();
    const steps = within(list).getAllByRole('link');
    expect(steps.map((a) => a.getAttribute('href'))).toEqual([
      '/bot-settings',
      '/bot-settings?tab=test',
      '/bind-whatsapp',
      '/chat-history',
    ]);
    expect(steps[0]).toHaveAccessibleName(/^Create your chatbot.*To do$/);
    await userEvent
      .setup({ delay: null })
      .click(within(list).getByRole('button', { name: 'Hide this list' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Get started' })).toBeNull());
    expect(localStorage.getItem(`influx-getting-started-${DEMO_OWNER.id}`)).toBe('dismissed');
  });

  it('ticks the steps an account has done, and never shows for one that has done them all', async () => {
    await renderApp('/', { as: 'owner' });
    await showsCount('Active bots', { count: 3 });
    // The demo owner has bots, a number that has been linked, and customers writing today.
    await waitFor(() => expect(localStorage.getItem(`influx-getting-started-${DEMO_OWNER.id}`)).toBe('done'));
    expect(screen.queryByRole('region', { name: 'Get started' })).toBeNull();
  });

  it('shows an empty state when nothing happened in the last 24 hours', async () => {
    await resetAndSeed({ empty: true });
    await renderApp('/', { as: 'owner' });
    expect(await screen.findByText('No activity in the last 24 hours')).toBeInTheDocument();
  });

  it('keeps a failing call inside its card, with a retry that reloads only that card', async () => {
    let failing = true;
    server.use(
      http.get('*/api/v1/chatbots/count/active', () =>
        failing
          ? HttpResponse.json({ statusCode: 500, message: 'Bots are resting' }, { status: 500 })
          : undefined,
      ),
    );
    await renderApp('/', { as: 'owner' });
    const botsCard = await card('Active bots');
    expect(await within(botsCard).findByRole('alert')).toHaveTextContent('Bots are resting');
    // The other cards are fine.
    const instancesCard = await card('Active bound instances');
    await waitFor(() => expect(within(instancesCard).getByText('0')).toBeInTheDocument());
    expect(within(instancesCard).queryByRole('alert')).toBeNull();
    expect(await screen.findByRole('region', { name: 'Recent activity entries' })).toBeInTheDocument();

    failing = false;
    await userEvent.setup({ delay: null }).click(within(botsCard).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(botsCard).queryByRole('alert')).toBeNull());
    expect(within(botsCard).getByText('3')).toBeInTheDocument();
  });

  it('on a server with only the spec’s calls, the trends card says once that it has none: no error, no retry', async () => {
    switchScenario('spec-only');
    await renderApp('/', { as: 'owner' });
    const trends = await screen.findByRole('region', { name: 'Trends' });
    expect(await within(trends).findByText('This server does not offer trends.')).toBeInTheDocument();
    expect(within(trends).queryByRole('alert')).toBeNull();
    expect(within(trends).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(within(trends).queryByRole('group', { name: 'Period' })).toBeNull();
    // The spec's figures show as ever.
    await showsCount('Active bots', { count: 3 });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refresh asks again for every panel, keeping the figures on screen until the new ones arrive', async () => {
    await renderApp('/', { as: 'owner' });
    const botsCard = await card('Active bots');
    await waitFor(() => expect(within(botsCard).getByText('3')).toBeInTheDocument());
    await screen.findByRole('region', { name: 'Recent activity entries' });

    const panelCalls = [
      '/activity-log/list',
      '/chat-message/compare/yesterday',
      '/chat-session/count/whatsapp-users',
      '/chatbots/count/active',
      '/whatsapp/count/active',
    ];
    const asked: string[] = [];
    let answerBots = () => {};
    const botsHeld = new Promise<void>((resolve) => {
      answerBots = resolve;
    });
    server.use(
      http.get('*/api/v1/*', ({ request }) => {
        asked.push(new URL(request.url).pathname.replace('/api/v1', ''));
      }),
      http.get('*/api/v1/chatbots/count/active', async () => {
        await botsHeld;
        return HttpResponse.json({ count: 7 });
      }),
    );
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(asked.filter((p) => panelCalls.includes(p)).sort()).toEqual(panelCalls));
    // The new count is on its way: the card says it is busy, and still shows the last one.
    expect(botsCard).toHaveAttribute('aria-busy', 'true');
    expect(within(botsCard).getByText('3')).toBeInTheDocument();
    answerBots();
    await waitFor(() => expect(within(botsCard).getByText('7')).toBeInTheDocument());
    expect(botsCard).toHaveAttribute('aria-busy', 'false');
  });

  it('quick actions lead to binding, bot settings and chat history', async () => {
    await renderApp('/', { as: 'owner' });
    const actions = (await screen.findByRole('heading', { name: 'Quick actions' })).closest(
      'section',
    ) as HTMLElement;
    const links = within(actions).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/bind-whatsapp',
      '/bot-settings',
      '/chat-history',
    ]);
  });
});
