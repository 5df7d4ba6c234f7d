import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, E2E_CHROMIUM_PATH, HEADLESS_SHELL_PATH } from './scripts/chromium.ts';
import { TEST_TIME_ZONE } from './tests/clock.ts';
import { DEMO_URL, E2E_PORT, PRODUCTION_URL } from './tests/e2e/servers.ts';

// The tests' own dates (computed in Node beside the page) are read in the zone the pages run in.
process.env.TZ = TEST_TIME_ZONE;

// Overridable so several builds can be tested side by side.
const DIST = process.env.E2E_DIST ?? 'dist-demo';
const PROD_DIST = 'dist';

/** What the builds are made from (tests excluded): a build older than these may not show a change. */
const SOURCES = [
  'src',
  'mocks',
  'public',
  'scripts/vite',
  'index.html',
  'vite.config.ts',
  'lingui.config.ts',
];

function newestSource(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestSource(join(path, name))));
}

/**
 * Builds what the web servers below serve when it is missing, so `npm run test:e2e` is one command (npm test
 * builds both first, and nothing is built twice). An existing build is served as it is, since another run
 * may be serving it too: a warning says when it is older than the sources.
 */
function ensureBuild(outDir: string, probe: string, viteArgs: string[]) {
  if (!existsSync(join(outDir, probe))) {
    console.log(`Building ${outDir}/ for the end-to-end tests (it is missing)...`);
    execFileSync(
      process.execPath,
      ['node_modules/vite/bin/vite.js', 'build', ...viteArgs, '--outDir', outDir, '--logLevel', 'warn'],
      { stdio: 'inherit' },
    );
  } else if (statSync(join(outDir, probe)).mtimeMs < Math.max(...SOURCES.map(newestSource))) {
    console.warn(`${outDir}/ is older than the sources: delete it (or rebuild it) to test the latest code.`);
  }
}

// Once, in the runner: its workers load this file too, and inherit the variable.
if (!process.env.E2E_BUILDS_CHECKED) {
  process.env.E2E_BUILDS_CHECKED = '1';
  if (E2E_CHROMIUM_PATH !== HEADLESS_SHELL_PATH && !process.env.CHROMIUM_PATH)
    console.warn(
      `No ${HEADLESS_SHELL_PATH} (apt-get install chromium-headless-shell): the tests drive ${E2E_CHROMIUM_PATH}, at about twice the CPU.`,
    );
  ensureBuild(DIST, 'index.html', ['--mode', 'demo']);
  ensureBuild(PROD_DIST, 'login/index.html', []);
}

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  outputDir: process.env.E2E_OUTPUT ?? 'test-results/e2e',
  fullyParallel: true,
  // Three browsers on two cores: each waits on its pages now and then, and a third keeps the cores busy
  // meanwhile (a sample of 46 tests 7 to 16 % faster than with two; four were no faster than two).
  workers: '150%',
  // A failing test runs once more, only to record its trace (below); passing then does not pass the run.
  retries: 1,
  failOnFlakyTests: true,
  // A time limit catches a hung test, nothing else: the longest tests run axe in both themes at up to six
  // points (seconds each on a busy machine), so a limit near their length would fail a slow machine, not a bug.
  timeout: 120_000,
  // A wait for something to appear ends when it appears; 10 s is for a page that never shows it.
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: DEMO_URL,
    // The suite's time zone (tests/clock.ts); each page's clock starts at the suite's moment (support.ts).
    timezoneId: TEST_TIME_ZONE,
    serviceWorkers: 'allow',
    // A failing test keeps its trace (actions, DOM snapshots, network, console) in its outputDir folder, and a
    // screenshot of the end. The trace is recorded on the failing test's second run only: recording every test's
    // (to keep the failing ones) made a sample of 31 tests 15 % slower on two cores. It leaves out the
    // screencast, which made every test a third slower, while the DOM snapshots show the same pages.
    trace: { mode: 'on-first-retry', screenshots: false, snapshots: true, sources: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: E2E_CHROMIUM_PATH,
      // No software GL: the pages are drawn by the CPU without emulating a GPU (the same sample 9 % faster).
      args: [...CHROMIUM_ARGS, '--disable-software-rasterizer'],
    },
  },
  projects: [
    {
      // The demo's tests, and the production build's few (prerender, csp, specOnly), which name its server as
      // their base: one project, so the same workers run both, where a project of their own started three
      // workers and their browsers for a dozen tests, then three more for the rest.
      name: 'chromium',
      grepInvert: /@scale/,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      // The 10,000-conversation demo: seeding and searching it takes a core for seconds. These run after the
      // rest, one at a time, so neither they nor the screens beside them are measured on a starved machine.
      name: 'scale',
      grep: /@scale/,
      dependencies: ['chromium'],
      workers: 1,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: [
    {
      // The built demo, served as production is served (compressed once, cached, with the build's headers): Vite's
      // preview server compressed each file again for every request, a fifth of a second of CPU per page load.
      command: `node scripts/serve-dist.mjs ${DIST} ${E2E_PORT}`,
      url: `${DEMO_URL}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
    {
      command: `node scripts/serve-dist.mjs ${PROD_DIST} ${E2E_PORT + 1} --api`,
      url: `${PRODUCTION_URL}/login`,
      reuseExistingServer: !process.env.CI,
      timeout: 60_000,
    },
  ],
});
