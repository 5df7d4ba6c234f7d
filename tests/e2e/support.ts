import { createRequire } from 'node:module';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');

export const OWNER = 'owner@demo.test';
export const ADMIN = 'admin@demo.test';

/**
 * Waits until the demo's mock backend answers the page (the app marks <html data-mock-backend> once its
 * service worker runs and the data is seeded) and the screen's code has loaded (the app has rendered, and
 * no route shows its "Loading…" placeholder, `data-screen-loading`). No time limit of its own: seeding
 * (10,000 conversations in the large-data scenario) and loading chunks through the service worker are real
 * work that takes what the machine takes, and the test's own limit still catches a demo that never starts.
 */
export async function demoReady(page: Page) {
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.mockBackend !== undefined &&
      document.getElementById('root')?.firstElementChild !== null &&
      document.querySelector('[data-screen-loading]') === null,
  );
}

/**
 * The demo's tests: `page.goto` and `page.reload` return once the page's mock backend answers and its screen
 * has loaded (demoReady). Starting them is real work that takes what the machine takes; what the app does
 * after that (its calls, what it shows) is asserted within expect's limit. (Not after `waitForURL`: a test
 * may leave the app, or hold the page's clock, which also holds React's reveal of a lazy screen.)
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      await demoReady(page);
      return response;
    };
    page.reload = async (options) => {
      const response = await reload(options);
      await demoReady(page);
      return response;
    };
    await use(page);
  },
});

/**
 * Stops the page's clock a second ahead of its present: from then on its timers (the dialog's 5-second checks)
 * and Date (which the mock backend in the page reads: QR codes, the simulated phone) move only when the test
 * moves them. The page's time runs on while the call travels, and a busy machine can overtake the target
 * ("cannot fast-forward to the past"): then aim again from the new present.
 */
export async function pauseClock(page: Page) {
  for (let attempt = 1; ; attempt++) {
    const now = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(now + 1_000);
      return;
    } catch (error) {
      if (attempt === 5 || !/fast-forward to the past/.test(String(error))) throw error;
    }
  }
}

/**
 * Waits until `locator` shows, with no time limit but the test's (the config sets no action limit). Only for
 * what waits on real work in the page, whose length is the machine's: the mock searching 10,000
 * conversations, a 5,000-message conversation read and parsed. What the app does in its own time is asserted
 * with expect's limit.
 */
export async function afterRealWork(locator: Locator) {
  await locator.waitFor();
}

/** Signs in through the login screen with the code from the demo mailbox. */
export async function signIn(page: Page, email = OWNER, { path = '/login' } = {}) {
  if (path) await page.goto(path);
  await demoReady(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: /^(Send Code|Resend Code)$/ }).click();
  const code = (await page.getByTestId('demo-code').textContent())?.trim() ?? '';
  expect(code).toMatch(/^\d{6}$/);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Signs the page in as the demo owner by its fixed token before any script runs (for screens whose tests
 * are not about signing in; the login flow has its own tests).
 */
export async function asOwner(page: Page) {
  await page.addInitScript(() => {
    if (!localStorage.getItem('influx-user-info')) {
      const owner = {
        accessToken: 'demo-owner-token',
        id: 'user-owner',
        userId: 'user-owner',
        email: 'owner@demo.test',
      };
      localStorage.setItem('influx-user-info', JSON.stringify(owner));
    }
  });
}

/** axe-core over the whole page; returns the violations (empty is the goal). */
export async function axeViolations(page: Page) {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected as a global
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v: { id: string; help: string; nodes: { target: string[] }[] }) => ({
      id: v.id,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
    }));
  });
}

export async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

export const shot = (page: Page, name: string) =>
  page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });

/** Collects console errors and uncaught exceptions of a page, for asserting there were none. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}
