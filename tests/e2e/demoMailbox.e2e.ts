import { expect } from '@playwright/test';
import { collectErrors, OWNER, test } from './support';

test('after a reload of the sign-in page, the demo mailbox still has the code the resend wait refers to', async ({
  page,
}) => {
  const errors = collectErrors(page);
  await page.goto('/login');
  const mailbox = page.getByRole('region', { name: 'Demo mailbox' });
  await page.getByLabel('E-mail').fill(OWNER);
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByLabel('Verification code')).toBeVisible();
  const code = (await mailbox.getByTestId('demo-code').textContent()) ?? '';
  expect(code).toMatch(/^\d{6}$/);

  await page.reload();
  await page.getByLabel('E-mail').fill(OWNER);
  // The mailbox shows the code that was sent before the reload...
  await expect(mailbox.getByTestId('demo-code')).toHaveText(code);
  // ...which is the one the server means when it refuses another for the rest of the minute.
  await page.getByRole('button', { name: 'Send Code' }).click();
  await expect(page.getByRole('alert')).toContainText(
    /A code was sent to this address less than a minute ago\. Enter it, or ask for a new one in \d+ seconds?\./,
  );
  await expect(mailbox.getByTestId('demo-code')).toHaveText(code);
  await mailbox.getByRole('button', { name: 'Use this code' }).click();
  await expect(page.getByLabel('Verification code')).toHaveValue(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL('/');
  // The browser notes the refused request (429) in the console itself; nothing else may show there.
  expect(errors.filter((e) => !/^Failed to load resource: .* status of 429 /.test(e))).toEqual([]);
});
