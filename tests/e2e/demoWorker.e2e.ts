import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type CDPSession, expect, type Page } from '@playwright/test';
import { collectErrors, demoReady, test } from './support';

/*
 * The demo's start asks the browser to check its service worker for an update (MSW does, without listening for
 * the answer: msw issue 2006). A check that fails must not reach the page as an uncaught error, whether the
 * worker's script is there or, for a moment, answers 404 (a host in the middle of a deploy).
 */

declare global {
  interface Window {
    /** Each update check the page asked for, as the browser answered it (the probe below). */
    updateChecks?: Promise<unknown>[];
  }
}

/**
 * A host in front of the demo's server that can answer 404 for the worker's scripts. The browser fetches a
 * worker's script for an update check itself: Playwright's routing never sees that fetch, so the 404 has to
 * come from a server.
 */
async function hostInFront(target: string) {
  const upstream = new URL(target);
  const state = { scriptsGone: false, refused: 0 };
  const server = createServer((req, res) => {
    if (state.scriptsGone && /^\/(demoWorker|mockServiceWorker)\.js/.test(req.url ?? '')) {
      state.refused++;
      res.writeHead(404).end('Not found');
      return;
    }
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Keeps each update check's promise as the page's code got it, without listening to it (a listener here would
 * hide the very failure the test is about). Installed before any script of the page, so the demo's start calls
 * it.
 */
const probeUpdateChecks = (page: Page) =>
  page.addInitScript(() => {
    const registration = ServiceWorkerRegistration.prototype;
    const update = registration.update;
    window.updateChecks = [];
    registration.update = function probe(this: ServiceWorkerRegistration) {
      const check = update.call(this);
      window.updateChecks?.push(check);
      return check;
    };
  });

/** How the browser has answered this load's update check so far (read by the inspector: no listener added). */
async function checkState(cdp: CDPSession): Promise<string> {
  const { result } = await cdp.send('Runtime.evaluate', {
    expression: 'window.updateChecks?.length === 1 ? window.updateChecks[0] : null',
  });
  if (!result.objectId) return 'not asked for';
  const { internalProperties = [] } = await cdp.send('Runtime.getProperties', { objectId: result.objectId });
  await cdp.send('Runtime.releaseObject', { objectId: result.objectId });
  return String(internalProperties.find((p) => p.name === '[[PromiseState]]')?.value?.value);
}

/**
 * Waits until this load's update check has its answer (`outcome`), then until the page has dealt with every
 * rejection left unhandled until now: a rejection of its own, made after, is reported after them (the browser
 * reports unhandled rejections in order), so once it is, an unhandled failure of the check would have been too.
 */
async function checkAnswered(page: Page, cdp: CDPSession, outcome: 'fulfilled' | 'rejected') {
  await expect.poll(() => checkState(cdp)).toBe(outcome);
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const marker = new Error('marker');
        addEventListener('unhandledrejection', function reported(event) {
          if (event.reason !== marker) return;
          event.preventDefault();
          removeEventListener('unhandledrejection', reported);
          resolve();
        });
        void Promise.reject(marker);
      }),
  );
}

test('a failed update check of the demo worker is no uncaught error, across reloads and navigations', async ({
  page,
  baseURL,
}) => {
  const host = await hostInFront(baseURL ?? '');
  try {
    // A second tab of the demo keeps its worker registered while the first reloads, so that every start of the
    // first finds the worker and checks it for an update (alone, the last tab's worker unregisters itself as
    // the tab goes, and the next start registers it afresh, unless it races that).
    const keeper = await page.context().newPage();
    const keeperErrors = collectErrors(keeper);
    await keeper.goto(`${host.url}/login`);
    await demoReady(keeper);

    await probeUpdateChecks(page);
    const errors = collectErrors(page);
    const cdp = await page.context().newCDPSession(page);
    await page.goto(`${host.url}/login`);
    await checkAnswered(page, cdp, 'fulfilled');
    await page.reload();
    await checkAnswered(page, cdp, 'fulfilled');
    await page.goto(`${host.url}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
    await checkAnswered(page, cdp, 'fulfilled');

    // The worker's script is gone from the host: every check fails.
    host.state.scriptsGone = true;
    await page.reload();
    await checkAnswered(page, cdp, 'rejected');
    await page.goto(`${host.url}/login?redirect=%2Fchat-history`);
    await checkAnswered(page, cdp, 'rejected');
    await page.reload();
    await checkAnswered(page, cdp, 'rejected');
    expect(host.state.refused, 'each check asked the host for the script').toBeGreaterThanOrEqual(3);
    // The demo still runs on the worker it has.
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();

    expect(errors).toEqual([]);
    expect(keeperErrors).toEqual([]);
  } finally {
    await host.close();
  }
});
