import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/chromium.ts';

// Overridable so several builds can be tested side by side.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const DIST = process.env.E2E_DIST ?? 'dist-demo';
const PROD_PORT = PORT + 1;

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  outputDir: process.env.E2E_OUTPUT ?? 'test-results/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A time limit catches a hung test; the slowest tests take about 26 s on a machine whose memory is slow to
  // map (each test's fresh browser context is memory-hungry), so 30 s was too close.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    serviceWorkers: 'allow',
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: '**/prerender.e2e.ts',
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      // The production build (npm test builds it before the e2e stage), served as production would.
      name: 'production',
      testMatch: '**/prerender.e2e.ts',
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${PROD_PORT}` },
    },
  ],
  webServer: [
    {
      // The built demo (npm test builds it before this stage).
      command: `node node_modules/vite/bin/vite.js preview --mode demo --outDir ${DIST} --host 127.0.0.1 --port ${PORT} --strictPort`,
      url: `http://127.0.0.1:${PORT}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: `node scripts/serve-dist.mjs dist ${PROD_PORT}`,
      url: `http://127.0.0.1:${PROD_PORT}/login`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
});
