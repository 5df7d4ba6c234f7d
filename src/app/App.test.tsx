import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetAndSeed, server } from '../../mocks/node';
import { only, reshaped, withMockServer } from '../../mocks/testing';
import { renderApp, warmUp } from '../../tests/render';
import { readUserInfo } from '../api/storage';

withMockServer();
warmUp('/login');
warmUp('/', { as: 'owner' });
beforeEach(async () => {
  await resetAndSeed();
});

describe('app shell', () => {
  it('sends a signed-out visitor of a protected page to login with the way back', async () => {
    await renderApp('/bot-settings?tab=prompt');
    await waitFor(() =>
      expect(location.pathname + location.search).toBe('/login?redirect=%2Fbot-settings%3Ftab%3Dprompt'),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
  });

  it('lists the five pages for a regular user and marks the current one', async () => {
    await renderApp('/chat-history', { as: 'owner' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Dashboard',
      'Bot settings',
      'Bind WhatsApp',
      'Chat history',
      'Usage and billing',
    ]);
    expect(within(nav).getByRole('link', { name: 'Chat history' })).toHaveAttribute('aria-current', 'page');
  });

  it('adds Membership management for an admin', async () => {
    await renderApp('/', { as: 'admin' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Membership management' })).toBeInTheDocument();
  });

  it('adds it too when /users/me answers only the isAdmin flag the spec names', async () => {
    server.use(reshaped('get', '/users/me', only(['isAdmin'])));
    await renderApp('/', { as: 'admin' });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Membership management' })).toBeInTheDocument();
  });

  it('logs out: clears the stored user info and goes to login', async () => {
    await renderApp('/', { as: 'owner' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location.pathname).toBe('/login'));
    expect(readUserInfo()).toBeNull();
  });

  it('remembers the collapsed sidebar', async () => {
    const u = userEvent.setup();
    const { unmount } = await renderApp('/', { as: 'owner' });
    await u.click(await screen.findByRole('button', { name: 'Collapse sidebar' }));
    expect(localStorage.getItem('influx-sidebar-collapsed')).toBe('true');
    unmount();
    await renderApp('/', { as: 'owner' });
    expect(await screen.findByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
  });
});
