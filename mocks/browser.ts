import { http, passthrough } from 'msw';
import { setupWorker } from 'msw/browser';
import { DEMO_WORKER_FILE } from '../scripts/vite/demoWorker';
import { handlers } from './handlers';
import { enablePersistence, restoreSnapshot, saveSnapshot } from './persistence';
import { type ScenarioName, scenarioHandlers, scenarioSeed, toScenario } from './scenarios';
import { seedDemo } from './seed';

/** Remembers the scenario of this tab, so a reload without ?scenario= keeps it (?scenario=happy leaves it). */
const SCENARIO_KEY = 'influx-demo-scenario';

function chooseScenario(requested: string | null | undefined): ScenarioName {
  let remembered: string | null = null;
  try {
    if (requested) sessionStorage.setItem(SCENARIO_KEY, requested);
    remembered = sessionStorage.getItem(SCENARIO_KEY);
  } catch {
    // No sessionStorage (privacy modes): the requested scenario still applies to this load.
  }
  return toScenario(requested ?? remembered);
}

/**
 * The app's own files (scripts, catalogs, styles, icons) go straight to the network. The demo's worker keeps
 * them from reaching the page at all where the browser routes statically (scripts/vite/demoWorker.ts); where
 * it does not, each one would otherwise be offered to every handler in turn, and each handler reads the page's
 * cookies and parses the URL to decide that it does not match: about a second of the main thread on every
 * start of the demo.
 */
const appFiles = http.all(
  ({ request }) => !new URL(request.url).pathname.includes('/api/v1/'),
  () => passthrough(),
);

/**
 * MSW's start asks the browser to check an already registered worker for an update and drops the promise
 * (`existingRegistration.update()` in msw/src/browser/utils/get-worker-instance.ts; msw issue 2006). When the
 * check fails, no one hears it, and the page reports "Uncaught (in promise) TypeError: Failed to update a
 * ServiceWorker ...". It fails in ordinary use: the registration is gone by the time the check runs (MSW's
 * worker unregisters itself when its last page closes, which races the next page's start on a reload or a
 * full navigation: "... Not found"), or the worker's script answers 404 for a moment (a host mid-deploy). A
 * failed check changes nothing: the worker that runs keeps serving, and the next start checks again.
 *
 * Only that promise can hear the failure, and MSW keeps it to itself. So for the length of the start, each
 * update check gets a listener as it is asked for, and whoever asked still receives the same promise (a caller
 * that waits on it still sees a failure); then update() is as before. This hears exactly the checks the start
 * makes, in any browser. The alternatives were worse: an `unhandledrejection` listener would have to
 * recognise the failure by its message, which each browser words its own way, and would judge every rejection
 * of the page's life; keeping MSW from calling update() would take a findWorker that misleads it, or a patched
 * copy of MSW.
 */
export async function withQuietUpdateChecks<T>(start: () => Promise<T>): Promise<T> {
  const registration = globalThis.ServiceWorkerRegistration?.prototype;
  if (!registration) return start();
  const update = registration.update;
  registration.update = function checkForUpdate(this: ServiceWorkerRegistration) {
    const check = update.call(this);
    check.catch(() => {});
    return check;
  };
  try {
    return await start();
  } finally {
    registration.update = update;
  }
}

/**
 * Demo mode: the mock backend in the page. Restores the tab's saved data or seeds the demo, then starts the
 * service worker with the scenario's handlers in front of the normal ones.
 */
export async function startMocks({ scenario }: { scenario?: string | null } = {}) {
  const name = chooseScenario(scenario);
  const worker = setupWorker(appFiles, ...scenarioHandlers(name), ...handlers);
  // The worker registers while the data is seeded: the app sends no request before both are done.
  await Promise.all([
    (async () => {
      const seed = scenarioSeed(name);
      // The large demo (10,000 conversations) does not fit in local storage: it is not persisted at all, since
      // every attempt would serialise all of it on the main thread (seconds) only to be refused.
      const persisted = seed.size !== 'large';
      if (persisted && (await restoreSnapshot(name))) {
        enablePersistence(name);
        return;
      }
      await seedDemo(seed);
      if (persisted && saveSnapshot(name)) enablePersistence(name);
    })(),
    withQuietUpdateChecks(() =>
      worker.start({
        onUnhandledFrame: 'bypass',
        quiet: true,
        serviceWorker: { url: `/${DEMO_WORKER_FILE}` },
      }),
    ),
  ]);
  return { worker, scenario: name };
}
