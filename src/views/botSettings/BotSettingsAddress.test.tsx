import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { givenChatbot } from '../../../mocks/fixtures';
import { resetAndSeed } from '../../../mocks/node';
import { DEMO_ADMIN } from '../../../mocks/seed';
import { recordRequests, withMockServer } from '../../../mocks/testing';
import { renderApp, warmUp } from '../../../tests/render';

withMockServer();
warmUp('/bot-settings/bot-ava?tab=prompt', { as: 'owner' });
beforeEach(async () => {
  await resetAndSeed();
});

const here = () => location.pathname + location.search;
const picker = () => screen.getByLabelText('Chatbot') as HTMLSelectElement;
const heading = (name: string) => screen.findByRole('heading', { level: 2, name });
const selectedTab = () => screen.getByRole('tab', { selected: true });

describe('bot settings at its address', () => {
  it('opens the bot and the tab a copied address names, and marks the screen in the sidebar', async () => {
    await renderApp('/bot-settings/bot-leo?tab=prompt', { as: 'owner' });
    expect(await heading('Leo – Sales Assistant')).toBeInTheDocument();
    expect(selectedTab()).toHaveTextContent('Prompt');
    expect(picker()).toHaveValue('bot-leo');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Bot settings' })).toHaveAttribute('aria-current', 'page');
    expect(here()).toBe('/bot-settings/bot-leo?tab=prompt');
  });

  it('names the first bot in the address in place of none, adding no history entry', async () => {
    const depth = history.length;
    await renderApp('/bot-settings', { as: 'owner' });
    expect(await heading('Ava – Customer Support')).toBeInTheDocument();
    await waitFor(() => expect(here()).toBe('/bot-settings/bot-ava'));
    expect(history.length).toBe(depth);
  });

  it('adds an entry per bot and per tab chosen; Back and Forward move between them', async () => {
    const user = userEvent.setup();
    await renderApp('/bot-settings/bot-ava', { as: 'owner' });
    await heading('Ava – Customer Support');
    await user.click(screen.getByRole('tab', { name: 'Prompt' }));
    await waitFor(() => expect(here()).toBe('/bot-settings/bot-ava?tab=prompt'));
    await user.selectOptions(picker(), 'Leo – Sales Assistant');
    expect(await heading('Leo – Sales Assistant')).toBeInTheDocument();
    expect(here()).toBe('/bot-settings/bot-leo?tab=prompt');
    expect(selectedTab()).toHaveTextContent('Prompt');

    history.back();
    expect(await heading('Ava – Customer Support')).toBeInTheDocument();
    expect(selectedTab()).toHaveTextContent('Prompt');
    history.back();
    await waitFor(() => expect(selectedTab()).toHaveTextContent('Basic'));
    expect(here()).toBe('/bot-settings/bot-ava');
    history.forward();
    await waitFor(() => expect(selectedTab()).toHaveTextContent('Prompt'));
    history.forward();
    expect(await heading('Leo – Sales Assistant')).toBeInTheDocument();
  });

  it.each([
    ['an unknown id', '/bot-settings/bot-does-not-exist'],
    ['another account’s chatbot', '/bot-settings/bot-admins-own'],
    ['dot segments and an encoded slash', '/bot-settings/..%2F..%2Fusers%2Fme?tab=prompt'],
    ['markup', '/bot-settings/%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E'],
    ['a malformed escape', '/bot-settings/%E0%A4%A'],
    ['a very long id and an unknown tab', `/bot-settings/${'b'.repeat(4000)}?tab=%3Cscript%3E`],
  ])('says "Chatbot not found" for %s, never requests it, and leads to the list', async (_, path) => {
    await givenChatbot(DEMO_ADMIN.id, { id: 'bot-admins-own', name: 'Admin bot' });
    const requests = recordRequests();
    const user = userEvent.setup();
    await renderApp(path, { as: 'owner' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Chatbot not found' })).toHaveFocus();
    expect(picker()).toHaveDisplayValue('Choose a chatbot');
    expect(document.querySelector('img')).toBeNull();
    expect(requests.filter((r) => /^GET \/api\/v1\/chatbots\/(?!user\/)/.test(r))).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Show my chatbots' }));
    expect(await heading('Ava – Customer Support')).toBeInTheDocument();
    expect(here()).toBe(
      path.includes('tab=prompt') ? '/bot-settings/bot-ava?tab=prompt' : '/bot-settings/bot-ava',
    );
  });

  it('takes a signed-out visitor of a bot tab to sign in, with the way back to it', async () => {
    await renderApp('/bot-settings/bot-leo?tab=knowledge');
    await waitFor(() =>
      expect(here()).toBe(`/login?redirect=${encodeURIComponent('/bot-settings/bot-leo?tab=knowledge')}`),
    );
  });
});
