import { cleanup, configure, getConfig, render } from '@testing-library/react';
import { beforeAll, onTestFinished, vi } from 'vitest';
import { resetAndSeed, resetMockBackend } from '../mocks/node';
import { DEMO_ADMIN, DEMO_OWNER } from '../mocks/seed';
import { writeUserInfo } from '../src/api/storage';
import { App } from '../src/app/App';
import { routeFor } from '../src/app/routeTable';
import { activateLocale, ensureCatalog, screensCatalog } from '../src/i18n/i18n';
import type { Locale } from '../src/i18n/locales';
import { listenForBackAndForward } from '../src/views/ui/navigationGuard';

type As = 'owner' | 'admin';

/** Everything a path shows that the app loads lazily: the language, the signed-in app, the screen, its texts. */
async function preload(path: string, locale: Locale): Promise<void> {
  const pathname = new URL(path, 'http://x').pathname;
  await Promise.all([
    activateLocale(locale, { persist: false }),
    import('../src/app/SignedInApp'),
    routeFor(pathname)?.load(),
    // The HTTP library comes with the first call.
    import('ofetch'),
  ]);
  // After the language: the screens' texts load for the active one.
  await ensureCatalog(screensCatalog);
}

/**
 * Renders the whole app at a path, as a user would meet it, against whatever backend the test runs (the
 * mock backend's node server in component tests).
 */
export async function renderApp(path: string, { as, locale = 'en' }: { as?: As; locale?: Locale } = {}) {
  window.history.replaceState(null, '', path);
  await preload(path, locale);
  if (as) {
    const account = as === 'owner' ? DEMO_OWNER : DEMO_ADMIN;
    // The login answer's userId differs from the id on purpose: every call must name the user by `id`.
    writeUserInfo({
      accessToken: account.token,
      id: account.id,
      userId: `${account.id}-login-answer`,
      email: account.email,
    });
  }
  listenForBackAndForward();
  return render(<App />);
}

/** Resolves once `check` passes, checking again on every change of the page. */
function until(check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!check()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    if (check()) {
      observer.disconnect();
      resolve();
    }
  });
}

/** A page heading is shown and nothing says it is still loading. */
const settled = () =>
  document.querySelector('h1') !== null &&
  document.querySelector('[aria-busy="true"]') === null &&
  !document.body.textContent?.includes('Loading');

/**
 * For a file of whole-app tests, after withMockServer(): loads what the path shows and renders it once before
 * the tests, against the seeded demo. The first render in a test process pays for transforming and importing
 * the app and for running its code cold, seconds on a busy machine; that belongs to no test, so no test's
 * time limit and no query's wait should include it.
 */
export function warmUp(path: string, { as }: { as?: As } = {}): void {
  // Loading code takes what the machine takes; it is not what any test measures, so no time limit (0).
  beforeAll(() => preload(path, 'en'), 0);
  beforeAll(async () => {
    await resetAndSeed();
    await renderApp(path, { as });
    await until(settled);
    cleanup();
    localStorage.clear();
    resetMockBackend();
  });
}

/**
 * For a whole-app test of something that waits (a redirect, a refresh): from now until the test ends, timeouts
 * run on a clock that stands still until the test moves it (vi.advanceTimersByTimeAsync). Only setTimeout is
 * faked: React schedules with setImmediate and Testing Library polls with setInterval, so both go on; the
 * setTimeout(0) Testing Library waits on after each query (so updates land) becomes a setImmediate. A query
 * that never matches then fails at the test's time limit rather than its own.
 */
export function installTestClock(): void {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const { asyncWrapper } = getConfig();
  configure({
    asyncWrapper: async (cb) => {
      const result = await cb();
      await new Promise((resolve) => setImmediate(resolve));
      return result;
    },
  });
  onTestFinished(() => {
    configure({ asyncWrapper });
    vi.useRealTimers();
  });
}
