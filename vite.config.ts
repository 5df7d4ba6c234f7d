import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { lingui, linguiTransformerBabelPreset } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';

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

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, process.cwd(), 'VITE_');
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
    ],
    build: {
      target: 'es2023',
      sourcemap: false,
      // The import graph, for the size budget check (scripts/check-size.mjs).
      manifest: true,
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
