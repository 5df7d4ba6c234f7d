import type { Plugin } from 'vite';

/**
 * The demo's service worker: MSW's own (mockServiceWorker.js, from the msw plugin) behind one rule that keeps
 * the app's own files away from it. Without the rule, every script, stylesheet and icon of every page load
 * wakes the worker, which asks the page, whose mock lets it through: a round trip per file while the page is
 * busiest. With the browser's static routing (where it has it), only the API's calls reach the mock; where it
 * lacks it, the mock still lets those files through as before (mocks/browser.ts).
 */
export const DEMO_WORKER_FILE = 'demoWorker.js';

/** What reaches the mock: the API's paths, on any host (the same test as mocks/browser.ts's appFiles). */
export const API_PATH_PATTERN = '*/api/v1/*';

export const demoWorkerScript = (
  mswWorkerFile: string,
) => `// ${DEMO_WORKER_FILE}: see scripts/vite/demoWorker.ts
self.addEventListener('install', (event) => {
  if (typeof event.addRoutes !== 'function' || typeof URLPattern !== 'function') return;
  const api = new URLPattern({ pathname: ${JSON.stringify(API_PATH_PATTERN)} });
  event.waitUntil(
    event.addRoutes({ condition: { not: { urlPattern: api } }, source: 'network' }).catch(() => {}),
  );
});
importScripts(${JSON.stringify(`./${mswWorkerFile}`)});
`;

/** Emits the demo's worker into the build and serves it in development (only where mocks run). */
export function demoWorker(): Plugin {
  const script = demoWorkerScript('mockServiceWorker.js');
  return {
    name: 'influx-demo-worker',
    generateBundle() {
      if (this.environment.config.consumer !== 'client') return;
      this.emitFile({ type: 'asset', fileName: DEMO_WORKER_FILE, source: script });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        if (new URL(request.url ?? '/', 'http://localhost').pathname !== `/${DEMO_WORKER_FILE}`) {
          next();
          return;
        }
        response.writeHead(200, {
          'cache-control': 'no-cache',
          'content-type': 'application/javascript; charset=utf-8',
        });
        response.end(script);
      });
    },
  };
}
