import { expect, test } from '@playwright/test';
import { DEMO_OWNER } from '../../mocks/seed';
import { PRODUCTION_URL } from './servers';
import { collectErrors } from './support';

// The production build, with the HTTP mock API behind /api/: the test makes one call fail on the way.
test.use({ baseURL: PRODUCTION_URL });

const ORDER_NUMBER = '+852 6338 1492';
const TEXT = 'Your parcel is with the courier. Anything else?';

test('a reply that fails keeps its text and offers Retry, which then sends it', async ({ page }) => {
  const errors = collectErrors(page);
  await page.addInitScript((user) => {
    const info = { accessToken: user.token, id: user.id, userId: user.id, email: user.email };
    localStorage.setItem('influx-user-info', JSON.stringify(info));
  }, DEMO_OWNER);
  // The first reply meets a server error; the next ones go through.
  let failed = 0;
  await page.route('**/api/v1/chat-session/*/reply', (route) => {
    if (failed > 0) return route.fallback();
    failed += 1;
    return route.fulfill({ status: 500, json: { statusCode: 500, message: 'The server is busy' } });
  });
  await page.goto('/chat-history');
  const list = page.getByRole('listbox', { name: 'Conversations' });
  await list.getByRole('option', { name: new RegExp(`^\\${ORDER_NUMBER}`) }).click();
  const who = page.getByRole('region', { name: 'Who replies' });
  const handBack = who.getByRole('button', { name: 'Hand back to the bot' });
  // The server is shared by the run: a conversation left taken over by an earlier attempt is taken already.
  await expect(who.getByRole('button', { name: /^(Take over|Hand back to the bot)$/ })).toBeVisible();
  if (!(await handBack.isVisible()))
    await who.getByRole('button', { name: 'Take over', exact: true }).click();
  await expect(handBack).toBeVisible();

  const box = who.getByRole('textbox', { name: 'Reply' });
  await box.fill(TEXT);
  await box.press('Enter');
  await expect(who.getByText('Your reply was not sent: The server is busy')).toBeVisible();
  await expect(box).toHaveValue(TEXT);
  await who.getByRole('button', { name: 'Retry' }).click();
  const messages = page.getByRole('region', { name: 'Messages', exact: true });
  await expect(messages.getByText(TEXT)).toBeVisible();
  await expect(box).toHaveValue('');
  await expect(who.getByText(/Your reply was not sent/)).toHaveCount(0);
  await handBack.click();
  await expect(who.getByText('The bot replies')).toBeVisible();
  expect(failed).toBe(1);
  expect(errors.filter((e) => !/status of 500/.test(e))).toEqual([]);
});
