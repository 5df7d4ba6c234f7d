import { globSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { msw } from 'msw/vite';
import { build, defineConfig, loadEnv, type Plugin } from 'vite';
import { apiProxy } from './scripts/vite/apiProxy.ts';
import { assertBuildMode } from './scripts/vite/buildMode.ts';
import { partOf, RUNTIME_MODULES, SCREEN_LIBRARIES } from './scripts/vite/chunkGroups.ts';
import { writeContentSecurityPolicy } from './scripts/vite/csp.ts';
import { demoWorker } from './scripts/vite/demoWorker.ts';
import { designTokens } from './scripts/vite/designTokens.ts';
import { preloadScreens } from './scripts/vite/preloadScreens.ts';
import { webAppManifest } from './scripts/vite/webAppManifest.ts';
import { storageKey } from './src/api/storage.ts';
import { TEST_TIME_ZONE } from './tests/clock.ts';

/** The machines' tests, which need no DOM (the mutation tests run the same files). */
const MACHINE_TESTS = [
  'src/machines/**/*.test.ts',
  'src/demo/checkout/*.machine.test.ts',
  'tests/model-coverage.test.ts',
];
const ALL_TESTS = ['src/**/*.test.{ts,tsx}', 'mocks/**/*.test.ts', 'tests/**/*.test.{ts,tsx}'];

/**
 * Test files that replace a module (vi.mock, vi.doMock): a module graph shared with other files would hand them
 * the real module, or hand the others their replacement, so each gets its own. So do those that put Node's File
 * and Blob in place of the page's (for the mock's multipart parser): in a shared graph, the next such file began
 * with Node's File as the page's, its uploads arrived without their file, and it failed.
 */
function moduleReplacingTests(): string[] {
  return globSync(ALL_TESTS, { exclude: ['node_modules/**', 'tests/e2e/**'] }).filter((file) =>
    /\bvi\.(mock|doMock)\(|\bvi\.stubGlobal\('(File|Blob)'/.test(readFileSync(file, 'utf8')),
  );
}

/**
 * Node's fetch (undici) asserts that an aborted request never completes. When the app aborts a streamed answer
 * (a screen left mid-stream), MSW's interceptor closes the mocked socket as if the answer had ended, and undici's
 * assertion then throws outside any test. The abort is right (tests prove the flow stops and the stream
 * closes); only this assertion, raised from that place, is left out of the run's report. A browser has no such
 * step, and any other unhandled error still fails the run.
 */
function isInterceptorAbortRace(error: { message?: string; stack?: string; stacks?: unknown }) {
  const where = `${error.stack ?? ''}${JSON.stringify(error.stacks ?? [])}`;
  return (
    (error.message ?? '').includes('assert(!this.aborted)') &&
    where.includes('Request.onComplete') &&
    where.includes('@mswjs/interceptors')
  );
}

/**
 * The prerendered page is English, signed out, with the system theme. A visitor in another language, or
 * already signed in, gets it removed before the first paint (the app then renders from scratch).
 */
const CLEAR_IF_NOT_MATCHING = `<script>try{var l=localStorage.getItem('${storageKey('language')}');if((l&&l!=='en')||localStorage.getItem('${storageKey('user-info')}'))document.getElementById('root').textContent=''}catch(e){}</script>`;

/**
 * Production builds ship /login as real HTML (dist/login/index.html): the sign-in page paints before any
 * script runs, then hydrates. Rendered by an SSR build of the same sources (src/prerender.tsx). Once every
 * page is final, each gets the Content-Security-Policy that hashes its inline scripts (scripts/vite/csp.ts).
 */
function prerenderLogin(enabled: boolean, apiBaseUrl: string | undefined): Plugin {
  let outDir = 'dist';
  return {
    name: 'prerender-login',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // The nested SSR build below runs this config again: it must not prerender itself.
      if (!enabled || process.env.INFLUX_PRERENDER_BUILD) return;
      // Inside the project, so the SSR output resolves its dependencies from node_modules.
      const ssrDir = join(import.meta.dirname, 'node_modules/.cache/prerender');
      process.env.INFLUX_PRERENDER_BUILD = '1';
      try {
        await build({
          configFile: resolve(import.meta.dirname, 'vite.config.ts'),
          mode: 'production',
          logLevel: 'warn',
          build: { ssr: 'src/prerender.tsx', outDir: ssrDir, emptyOutDir: true, manifest: false },
        });
      } finally {
        delete process.env.INFLUX_PRERENDER_BUILD;
      }
      const entry = readdirSync(ssrDir).find((f) => /^prerender\.m?js$/.test(f));
      if (!entry) throw new Error('prerender-login: the SSR build has no prerender entry');
      const module: typeof import('./src/prerender') = await import(pathToFileURL(join(ssrDir, entry)).href);
      const { html, title } = await module.renderLoginPage();
      rmSync(ssrDir, { recursive: true, force: true });
      const index = readFileSync(join(outDir, 'index.html'), 'utf8');
      const page = index
        .replace('<title>Influx</title>', `<title>${title}</title>`)
        .replace(
          '<div id="root"></div>',
          `<div id="root" data-prerendered="/login">${html}</div>${CLEAR_IF_NOT_MATCHING}`,
        )
        // The stylesheet inline: on a slow network a linked one waits behind the scripts' downloads, and
        // the page should paint before those arrive.
        .replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/, (_, file: string) => {
          return `<style>${readFileSync(join(outDir, file), 'utf8')}</style>`;
        });
      if (
        !page.includes('data-prerendered') ||
        !page.includes(`<title>${title}</title>`) ||
        page.includes('rel="stylesheet"')
      )
        throw new Error('prerender-login: index.html has no empty #root to fill or no stylesheet to inline');
      mkdirSync(join(outDir, 'login'), { recursive: true });
      writeFileSync(join(outDir, 'login', 'index.html'), page);
      // Here rather than in a plugin of its own: closeBundle hooks run in parallel, and the policy must
      // see the prerendered page's scripts.
      writeContentSecurityPolicy(outDir, apiBaseUrl);
    },
  };
}

export default defineConfig(async ({ command, mode, isSsrBuild }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  assertBuildMode(command, mode, env);
  // Before any worker starts: every test runs in the suite's one time zone (tests/clock.ts).
  if (mode === 'test') process.env.TZ = TEST_TIME_ZONE;
  const moduleReplacing = mode === 'test' ? moduleReplacingTests() : [];
  // Vitest's own module, loaded only by the tests (builds do not need it).
  const sequencer =
    mode === 'test' ? (await import('./tests/durationSequencer.ts')).KnownDurationsSequencer : undefined;
  return {
    ...apiProxy(command, mode, env),
    plugins: [
      react(),
      // Production keeps only message ids (the catalogs are complete, a check says so); other builds keep the
      // source text too, so a string not yet in the catalogs still reads as itself.
      babel({
        presets: [
          linguiTransformerBabelPreset({ descriptorFields: mode === 'production' ? 'id-only' : 'message' }),
        ],
      }),
      lingui(),
      // MSW's service worker, served in development and emitted into the build, only where mocks run (demo and
      // development): a production build never contains it. Worker only: mocks/browser.ts starts the worker,
      // as demoWorker.js, which keeps the app's own files away from it.
      ...(env.VITE_MOCKS === 'true' ? [msw({ mode: 'worker-only' }), demoWorker()] : []),
      prerenderLogin(mode === 'production' && env.VITE_MOCKS !== 'true', env.VITE_API_BASE_URL),
      preloadScreens(),
      webAppManifest(),
    ],
    css: { postcss: { plugins: [designTokens()] } },
    build: {
      target: 'es2023',
      sourcemap: false,
      // The import graph, for the size budget check (scripts/check-size.mjs).
      manifest: true,
      // One stylesheet: the shared parts' CSS is small, and one request beats eight on a slow network.
      cssCodeSplit: false,
      // The demo's mock backend (faker, msw) is one large lazy chunk by design; the app's own budget is
      // checked separately.
      chunkSizeWarningLimit: mode === 'demo' ? 1500 : 500,
      rolldownOptions: {
        output: {
          // The sign-in page's server render (prerenderLogin) is one file run once at build time: no split.
          codeSplitting: isSsrBuild
            ? true
            : {
                // Left to itself, the bundler cuts the shared code by which lazy screens share which part: the
                // sign-in page fetched 27 files and a signed-in screen 45, each a round trip on a slow
                // network. The runtime, the code every page runs, the signed-in frame and the screens'
                // libraries are one file each instead (see scripts/vite/chunkGroups.ts).
                // A group holds what it names, not everything that imports (the sign-in page's first call
                // would otherwise fetch the signed-in frame with the schema library they share).
                includeDependenciesRecursively: false,
                groups: [
                  { name: 'runtime', test: RUNTIME_MODULES, priority: 40 },
                  // A demo build also bundles its in-browser backend, in two files (partOf's demo parts).
                  { name: 'screen-libraries', test: SCREEN_LIBRARIES, priority: 30 },
                  {
                    name: partOf(resolve(import.meta.dirname), { demo: mode === 'demo' }),
                    debugName: 'core and shell',
                    priority: 20,
                  },
                ],
              },
        },
      },
    },
    test: {
      // Worker threads start and load modules faster than the default child processes: the whole suite ran
      // 12 % faster on a 2-core machine, every test passing alike.
      pool: 'threads',
      // Three workers on two cores: a worker waits now and then (a file's set-up, a stream's next piece), and a
      // third keeps the cores busy meanwhile (the suite 7 % faster than with one per core; Vitest's default,
      // one fewer than the cores, is a single worker on two).
      maxWorkers: '150%',
      // The longest files first even in a fresh clone (without Vitest's cache): see tests/durationSequencer.ts.
      ...(sequencer ? { sequence: { sequencer } } : {}),
      // Ceilings that only a hang reaches: a busy machine makes a test slower, never a failure.
      testTimeout: 60_000,
      hookTimeout: 60_000,
      onUnhandledError: (error: Parameters<typeof isInterceptorAbortRace>[0]) =>
        !isInterceptorAbortRace(error),
      restoreMocks: true,
      unstubGlobals: true,
      // Files share a worker's modules: an environment variable a test stubs must not reach the next file.
      unstubEnvs: true,
      env: {
        // styled-components adds each rule to the page as a rule (as in production), not as text appended to its
        // style element, which jsdom parsed again whole on every addition: a tenth of the screens' test time.
        SC_DISABLE_SPEEDY: 'false',
      },
      // Most files share one module graph per worker: importing the app, React, msw and jsdom's set-up once per
      // worker instead of once per file is most of the suite's time on two cores. Each file still starts clean:
      // the setup files run for each, Testing Library unmounts, storage is cleared and the mock backend resets.
      // Vitest hands out the projects' files in the order of the projects' names, the longest (or largest) files
      // of each first: the machines' project comes first so that its long model replays (chat history's, 10 s
      // and more) run beside the screens' tests rather than alone at the end.
      projects: [
        {
          // The machines' own tests: pure logic in Node, without a DOM to set up.
          test: {
            name: 'machines',
            environment: 'node',
            isolate: false,
            include: MACHINE_TESTS,
            exclude: moduleReplacing,
            setupFiles: ['tests/setup.node.ts'],
          },
        },
        {
          // Screens, the mock backend, the API and the build's scripts (a file may ask for Node instead).
          test: {
            name: 'with a DOM',
            environment: 'jsdom',
            isolate: false,
            include: ALL_TESTS,
            exclude: ['tests/e2e/**', 'node_modules/**', ...MACHINE_TESTS, ...moduleReplacing],
            setupFiles: ['tests/setup.ts'],
          },
        },
        {
          test: {
            name: 'own modules',
            environment: 'jsdom',
            include: moduleReplacing,
            setupFiles: ['tests/setup.ts'],
          },
        },
      ],
    },
  };
});
