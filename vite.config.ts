import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { build, defineConfig, loadEnv, type Plugin } from 'vite';
import { assertBuildMode } from './scripts/vite/buildMode.ts';
import { writeContentSecurityPolicy } from './scripts/vite/csp.ts';
import { designTokens } from './scripts/vite/designTokens.ts';
import { preloadScreens } from './scripts/vite/preloadScreens.ts';
import { storageKey } from './src/api/storage.ts';

const WORKER_FILE = 'mockServiceWorker.js';

/**
 * The mock service worker exists only where mocks run (demo and dev): it is served in dev and emitted in
 * demo builds, so the production build never contains it and no generated copy lives in the repo.
 */
function mockServiceWorker(enabled: boolean): Plugin {
  const source = () => readFileSync(createRequire(import.meta.url).resolve(`msw/${WORKER_FILE}`), 'utf8');
  return {
    name: 'mock-service-worker',
    configureServer(server) {
      if (!enabled) return;
      server.middlewares.use(`/${WORKER_FILE}`, (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        res.end(source());
      });
    },
    generateBundle() {
      if (enabled) this.emitFile({ type: 'asset', fileName: WORKER_FILE, source: source() });
    },
  };
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

export default defineConfig(({ command, mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
  assertBuildMode(command, mode, env);
  return {
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
      mockServiceWorker(env.VITE_MOCKS === 'true'),
      prerenderLogin(mode === 'production' && env.VITE_MOCKS !== 'true', env.VITE_API_BASE_URL),
      preloadScreens(),
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
    },
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', 'mocks/**/*.test.ts', 'tests/**/*.test.{ts,tsx}'],
      exclude: ['tests/e2e/**', 'node_modules/**'],
      setupFiles: ['tests/setup.ts'],
      restoreMocks: true,
      unstubGlobals: true,
    },
  };
});
