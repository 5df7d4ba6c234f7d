import { expect, type Page, test } from '@playwright/test';
import { DEMO_OWNER } from '../../mocks/seed';
import { PRODUCTION_URL } from './servers';
import { collectErrors } from './support';

// The production build with the HTTP mock API: every request the page makes goes over the network, where the
// test sees it.
test.use({ baseURL: PRODUCTION_URL });

const STREAM_PATH = '/api/v1/events/stream';

/** The live streams the page opened, and how many of them have ended. */
function watchStreams(page: Page) {
  const streams = { opened: 0, ended: 0 };
  const isStream = (url: string) => new URL(url).pathname === STREAM_PATH;
  page.on('request', (r) => {
    if (isStream(r.url())) streams.opened += 1;
  });
  page.on('requestfinished', (r) => {
    if (isStream(r.url())) streams.ended += 1;
  });
  page.on('requestfailed', (r) => {
    if (isStream(r.url())) streams.ended += 1;
  });
  return streams;
}

test('one live stream per tab, whatever the screens: the instance watch and chat history share it', async ({
  page,
}) => {
  const streams = watchStreams(page);
  const errors = collectErrors(page);
  await page.addInitScript((user) => {
    if (localStorage.getItem('influx-user-info')) return;
    const info = { accessToken: user.token, id: user.id, userId: user.id, email: user.email };
    localStorage.setItem('influx-user-info', JSON.stringify(info));
  }, DEMO_OWNER);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect.poll(() => streams.opened).toBe(1);

  const nav = page.getByRole('navigation', { name: 'Main' });
  const visit = async (link: string, heading: string) => {
    await nav.getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  };
  await visit('Chat history', 'Chat history');
  // The list has come: the screen's flows (its live updates among them) started before its request went out.
  await expect(
    page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first(),
  ).toBeVisible();
  await visit('Bind WhatsApp', 'Bind WhatsApp');
  await visit('Bot settings', 'Bot settings');
  await visit('Chat history', 'Chat history');
  await expect(
    page.getByRole('listbox', { name: 'Conversations' }).getByRole('option').first(),
  ).toBeVisible();
  await visit('Dashboard', 'Dashboard');

  // The stream opened with the session is the only one, and it is still open.
  expect(streams).toEqual({ opened: 1, ended: 0 });
  expect(errors).toEqual([]);
});
