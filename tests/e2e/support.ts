import { test as base, expect, type Locator, type Page } from '@playwright/test';
import axe from 'axe-core';
import { SNAPSHOT_KEY } from '../../mocks/persistence';
import { TEST_START } from '../clock';

/**
 * The page's present as the test started it (the fixture below), for a date a test works out beside the page:
 * an expected renewal, a period's first day. Node's own clock is left alone: Playwright reads it to place the
 * page's clock, so shifting it would cancel the shift.
 */
export const pageNow = () => new Date(TEST_START);

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
/** The demo's saved data, as local storage holds it: each of SNAPSHOT_KEY's entries and their text. */
type DemoData = Record<string, string>;

export const test = base.extend<{ customersWrite: boolean; preseeded: boolean }, { seededDemo: DemoData }>({
  /**
   * What a first visit to the demo seeds and saves (the default scenario, at the suite's moment), made once per
   * worker. Every test's page starts with it in local storage, as on a second visit, so the demo restores it
   * rather than seeding again for each new page. A test that opens another scenario gets that scenario's own
   * seed, as without this.
   */
  seededDemo: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, timezoneId } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, timezoneId, serviceWorkers: 'allow' });
      const page = await context.newPage();
      // Seeded at the very moment every test's page starts from: no record lies in a test's future.
      await page.clock.setFixedTime(TEST_START);
      await page.goto('/login?scenario=happy');
      await demoReady(page);
      const data = await page.evaluate(
        (key) =>
          Object.fromEntries(
            Object.keys(localStorage)
              .filter((name) => name === key || name.startsWith(`${key}:`))
              .map((name) => [name, localStorage.getItem(name) ?? '']),
          ),
        SNAPSHOT_KEY,
      );
      await context.close();
      expect(Object.keys(data), 'the demo saved what it seeded').toContain(SNAPSHOT_KEY);
      await use(data);
    },
    { scope: 'worker' },
  ],
  /**
   * Whether the demo's customers write in on their own (on the page's timers, while a live stream is open).
   * Off unless a test is about it: what others compare with the API must not change under them.
   */
  customersWrite: [false, { option: true }],
  /**
   * Whether the page starts from the worker's seed (made at the suite's moment). Off for a test that sets its
   * page's clock to another moment before the first load: its demo is seeded at that moment, as for a visitor.
   */
  preseeded: [true, { option: true }],
  page: async ({ page, customersWrite, preseeded, seededDemo }, use) => {
    // The suite's clock (tests/clock.ts): the page's "today" is the same day at whatever hour the run starts.
    // Time runs on from there at its real pace until a test holds it (pauseClock).
    await page.clock.install({ time: TEST_START });
    // Until the demo has saved data of its own in this context (a page without storage, about:blank, has none).
    if (preseeded) {
      await page.context().addInitScript(
        ({ key, data }) => {
          try {
            if (localStorage.getItem(key) !== null) return;
            for (const [name, text] of Object.entries(data)) localStorage.setItem(name, text);
          } catch {
            // No storage here: nothing to give.
          }
        },
        { key: SNAPSHOT_KEY, data: seededDemo },
      );
    }
    if (!customersWrite) {
      await page.addInitScript(() => localStorage.setItem('influx-demo-customers', 'quiet'));
    }
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
/**
 * Resizes a signed-in page and waits until its layout has followed. The shell swaps sidebar and top bar on a
 * media query's change event, which React renders after the resize: measured straight away, the page can still
 * have the other layout (a 375 px window 521 px wide).
 */
export async function resizeShell(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  // BREAKPOINTS.mobile: at 768 px or less the top bar's menu button, above it the sidebar.
  const layout = width <= 768 ? '[aria-controls="mobile-navigation"]' : '#sidebar';
  await expect(page.locator(layout)).toBeVisible();
}

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
 * The demo streams a piece every few dozen ms of the page's clock, which the tests hold still (pauseClock):
 * the text grows only when a test moves the clock, so a step never races the stream, however busy the machine.
 */
export async function streamFor(page: Page, ms: number) {
  await page.clock.runFor(ms);
}

/**
 * Moves the held clock a little at a time until `done` holds: what the page waits on (a streamed piece, the
 * demo's server starting a timer once it has read a request in real time) happens between the steps.
 */
export async function runClockUntil(page: Page, done: () => Promise<boolean>) {
  await expect
    .poll(
      async () => {
        if (await done()) return true;
        await streamFor(page, 250);
        return done();
      },
      { intervals: [50], timeout: 60_000 },
    )
    .toBe(true);
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
 * Signs the page in as a demo account by its fixed token before any script runs, on every load that finds no one
 * signed in (for screens whose tests are not about signing in; the login flow has its own tests). A test that
 * signs out and then loads a page again would find itself signed in once more: such tests sign in by the form.
 */
export async function asAccount(page: Page, who: 'owner' | 'admin') {
  await page.addInitScript((account) => {
    if (!localStorage.getItem('influx-user-info')) {
      const info = {
        accessToken: `demo-${account}-token`,
        id: `user-${account}`,
        userId: `user-${account}`,
        email: `${account}@demo.test`,
      };
      localStorage.setItem('influx-user-info', JSON.stringify(info));
    }
  }, who);
}

export const asOwner = (page: Page) => asAccount(page, 'owner');

/**
 * Waits until the page rests: its theme follows the emulated colour scheme (the app hears of a change through
 * a media query event) and no finite animation or transition is half-way. A button caught between the light
 * and the dark theme has the contrast of neither, and axe would report it.
 */
async function themeAtRest(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        let stored: string | null = null;
        try {
          stored = localStorage.getItem('theme');
        } catch {
          // No storage: the device's scheme applies.
        }
        const dark =
          stored === 'dark' || (stored !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
        return document.documentElement.dataset.theme === (dark ? 'dark' : 'light');
      }),
    )
    .toBe(true);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) =>
          Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY)),
        )
        .map((a) =>
          a.finished.then(
            () => undefined,
            () => undefined,
          ),
        ),
    ),
  );
}

/**
 * The rules whose result can change with the theme: the dark palette differs from the light one in colour values
 * only (src/views/ui/theme.ts). Every other rule reads the DOM, its names and roles, sizes and visibility.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** The page's markup but for its theme attribute: what every rule but the colour ones reads. */
const markupOf = (page: Page) =>
  page.evaluate(() => {
    const root = document.documentElement.cloneNode(true) as HTMLElement;
    delete root.dataset.theme;
    return root.outerHTML;
  });

type AxeRun = {
  /** Only the colour rules when the page's markup is this (the other rules were run on it). */
  coloursOnlyIfMarkupIs?: string;
  /** Given the markup the run saw. */
  onMarkup?: (markup: string) => void;
};

/**
 * axe-core over the whole page, once it rests; returns the violations (empty is the goal). It runs with
 * reduced motion, which the app honours by making every animation and transition instant: a toast whose
 * time runs out while axe measures (axe takes seconds on a busy machine) goes from shown to hidden at once,
 * never half-faded with the contrast of neither.
 */
export async function axeViolations(page: Page, { coloursOnlyIfMarkupIs, onMarkup }: AxeRun = {}) {
  // The theme settles before motion is reduced. Reduced, every property has a 0.01 ms transition (global.css),
  // and a theme change then travels down the tree a frame per level: a text's inherited colour starts its own
  // transition when its parent's ends, after the wait below has let axe in. axe then read a term still in the
  // old theme's colour on the new theme's card (13 of 300 runs in a loop on a busy machine).
  await themeAtRest(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
    await themeAtRest(page);
    const markup = coloursOnlyIfMarkupIs !== undefined || onMarkup ? await markupOf(page) : '';
    onMarkup?.(markup);
    return await runAxe(page, markup === coloursOnlyIfMarkupIs ? COLOUR_RULES : undefined);
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
}

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/**
 * axe-core's run in the page itself, as @axe-core/playwright's legacy mode makes it, with the same context and
 * options. Its default finishes the run in a second page that it opens and closes in our browser context: a held
 * clock's runFor (expectNoAxeViolationsOnHeldClock) acts on every page of the context and fails with "Target page
 * ... has been closed" when it meets that page closing. The app has no frames, so what that mode adds (frames of
 * other origins) is nothing here. axe's 550 KB source goes into a document once, where the builder sent and ran
 * it three times for every run, and a test runs axe up to a dozen times on one page.
 */
async function runAxe(page: Page, rules?: string[]) {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(axe.source);
  const options: axe.RunOptions = {
    resultTypes: ['violations'],
    ...(rules ? { runOnly: { type: 'rule', values: rules } } : {}),
  };
  const { violations } = await page.evaluate(
    (o) => (window.axe as typeof axe).run({ exclude: [], include: [] }, o),
    options,
  );
  return violations.map((v) => ({
    id: v.id,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
    // What axe measured (for contrast: both colours and the ratio), so a failure can be read without a rerun.
    found: v.nodes.slice(0, 3).map((n) => n.failureSummary),
  }));
}

export async function expectNoAxeViolations(page: Page, run?: AxeRun) {
  expect(await axeViolations(page, run)).toEqual([]);
}

/**
 * The same on a page whose clock the test holds still (pauseClock): axe waits on zero-delay timers between
 * its rules, so the clock moves a millisecond at a time while it runs, a fraction of a second in all.
 */
export async function expectNoAxeViolationsOnHeldClock(page: Page, run?: AxeRun) {
  let finished = false;
  const violations = axeViolations(page, run).finally(() => {
    finished = true;
  });
  while (!finished) await page.clock.runFor(1);
  expect(await violations).toEqual([]);
}

/**
 * axe in the light and then the dark theme on the same page, switching the theme in place rather than
 * replaying the flow that led here; with a name, a screenshot of each (`<name>-light`, `<name>-dark`). The page
 * is left in the light theme. In the dark theme only the colour rules run again, when the markup is the same as
 * in the light one (all rules otherwise). On a page whose clock the test holds (pauseClock), pass
 * `{ heldClock: true }`; `{ fullPage: false }` captures the viewport only (a full-page capture resizes the page,
 * which remounts a virtual list).
 */
export async function expectNoAxeViolationsInBothThemes(
  page: Page,
  name?: string,
  { heldClock = false, fullPage = true }: { heldClock?: boolean; fullPage?: boolean } = {},
) {
  let lightMarkup: string | undefined;
  try {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      const run: AxeRun =
        lightMarkup === undefined
          ? { onMarkup: (markup) => (lightMarkup = markup) }
          : { coloursOnlyIfMarkupIs: lightMarkup };
      await test.step(`axe (${colorScheme})`, () =>
        heldClock ? expectNoAxeViolationsOnHeldClock(page, run) : expectNoAxeViolations(page, run));
      if (name) await shot(page, `${name}-${colorScheme}`, { fullPage });
    }
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
  }
}

/**
 * A full-page screenshot in test-results/screens/, for a person to look at: taken when E2E_SCREENSHOTS is set
 * (`E2E_SCREENSHOTS=1 npm run test:e2e`), skipped otherwise, since nothing in a run reads them and each costs a
 * full-page capture. A failing test keeps its own screenshot and trace either way.
 */
export const shot = async (target: Page | Locator, name: string, { fullPage = true } = {}) => {
  if (!process.env.E2E_SCREENSHOTS) return;
  const path = `test-results/screens/${name}.png`;
  await ('goto' in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }));
};

/** Collects console errors and uncaught exceptions of a page, for asserting there were none. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}
