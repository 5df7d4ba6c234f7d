import { expect } from '@playwright/test';
import { jump, openQa } from './qaTools';
import { collectErrors, shot, signIn, test } from './support';

test.describe('QA tools', () => {
  test('login: jump to three states from the panel; the screen follows', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await openQa(page);
    await jump(page, 'login', 'login.codeEntry');
    await expect(page.getByLabel('Verification code')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Resend Code' })).toBeVisible();
    // A restored state runs for real: busy states call the backend, so pick states that rest.
    await jump(page, 'login', 'login.done');
    await expect(page.getByText('Signed in. Taking you to your dashboard…')).toBeVisible();
    await expect(page.getByTestId('qa-state')).toContainText('done');
    await jump(page, 'login', 'login.emailEntry');
    await expect(page.getByRole('button', { name: 'Send Code' })).toBeVisible();
    await expect(page.getByLabel('Verification code')).toHaveCount(0);
    await shot(page, 'qa-login-panel');
    expect(errors).toEqual([]);
  });

  test('login: a state link opens the app in that state', async ({ page }) => {
    await page.goto('/login?qa-flow=login&qa-state=login.codeEntry');
    await expect(page.getByLabel('Verification code')).toBeVisible();
    await expect(page.getByLabel('E-mail')).toHaveValue('owner@demo.test');
  });

  test('the panel sends the events the flow accepts and shows the timeline', async ({ page }) => {
    await page.goto('/login');
    await openQa(page);
    await page.getByLabel('Running flow').selectOption('login');
    await page.getByRole('button', { name: 'email.changed' }).first().click();
    await expect(page.getByLabel('E-mail')).toHaveValue('owner@demo.test');
    await page.getByRole('button', { name: 'code.sendRequested' }).click();
    await expect(page.getByTestId('qa-timeline')).toContainText('code.sendRequested');
    await expect(page.getByLabel('Verification code')).toBeVisible();
  });

  test('a scenario is chosen by URL and shown while active', async ({ page }) => {
    await page.goto('/login?scenario=slow');
    await expect(page.getByTestId('scenario-badge')).toHaveText('Scenario: slow');
    await page.goto('/login?scenario=happy');
    await expect(page.getByTestId('scenario-badge')).toHaveCount(0);
  });

  test('session: jump to signed out from a signed-in page', async ({ page }) => {
    await signIn(page);
    await page.waitForURL('/');
    await openQa(page);
    await jump(page, 'session', 'session.signedOut');
    await page.waitForURL(/\/login/);
  });
});
