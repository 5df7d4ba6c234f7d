// `npm run bench`: builds the production app, serves it on 127.0.0.1 with the mock API over HTTP, and measures
// it in Debian's Chromium (medians of cold runs). Prints a table and writes bench-results/bench.json.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { build, runnerImport } from 'vite';
import { chatHistoryScenario } from './bench/chatHistory.mjs';
import { interactionScenario } from './bench/interactions.mjs';
import { measureLoad, msRow, spread } from './bench/measure.mjs';
import { serveStatic } from './bench/server.mjs';
import { testChatScenario } from './bench/testChat.mjs';
import { trendsScenario } from './bench/trends.mjs';
import { compressedSizes, loginChunks, measureRoutes } from './check-size.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { screenModules } from './vite/preloadScreens.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const API_PORT = Number(process.env.BENCH_API_PORT ?? 4011);
const OUT = 'bench-results';
const DIST = 'dist-bench';
// Precise heap figures for the JS heap column.
const ARGS = [...CHROMIUM_ARGS, '--enable-precise-memory-info'];

const BUDGETS = {
  /** The product's goal; check-size.mjs holds the figure CI enforces (LOGIN_JS_BUDGET_KIB). */
  loginJsKiB: 95,
  login3gFcpMs: 2000,
  login3gLcpMs: 2000,
  /** Every signed-in screen, cold, Fast 3G and 4x CPU. */
  screen3gLcpMs: 2500,
  interactionMs: 100,
  listPaintMs: 300,
  scrollFrameMs: 50,
  heapMiB: 150,
  trendInteractiveMs: 100,
  firstTokenMs: 50,
};
/** The signed-in screens, each loaded cold under Fast 3G and 4x CPU. */
const SCREENS = [
  ['dashboard', '/'],
  ['bind WhatsApp', '/bind-whatsapp'],
  ['bot settings', '/bot-settings'],
  ['chat history', '/chat-history'],
  ['usage and billing', '/usage-billing'],
];
const OWNER = {
  accessToken: 'demo-owner-token',
  id: 'user-owner',
  userId: 'user-owner',
  email: 'owner@demo.test',
};
const signedIn = `localStorage.setItem('influx-user-info', ${JSON.stringify(JSON.stringify(OWNER))});`;

async function startApi(scenario) {
  const { module } = await runnerImport('./mocks/serve.ts', { configFile: false, logLevel: 'silent' });
  return module.main({ port: API_PORT, scenario });
}

console.log(`Building the production app (API at http://127.0.0.1:${API_PORT}) ...`);
process.env.VITE_API_BASE_URL = `http://127.0.0.1:${API_PORT}`;
rmSync(DIST, { recursive: true, force: true });
await build({ mode: 'production', logLevel: 'warn', build: { outDir: DIST } });

// Compressed ahead: a measured load must not wait on the server compressing what it asks for.
const site = await serveStatic(DIST, { ahead: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ARGS });
const results = { date: new Date().toISOString(), runs: RUNS, budgets: BUDGETS, pages: {} };

// Static: what /login needs, from the build's own import graph.
const chunks = loginChunks(DIST);
// One stylesheet for the whole app (linked by index.html); the prerendered /login carries it inline.
const stylesheets = [
  ...readFileSync(join(DIST, 'index.html'), 'utf8').matchAll(/href="\/(assets\/[^"]+\.css)"/g),
].map((m) => m[1]);
const files = [...chunks.map((c) => c.file), ...stylesheets];
const sizes = files.map((f) => compressedSizes(readFileSync(join(DIST, f))));
const sum = (k, filter) => sizes.filter((_, i) => filter(files[i])).reduce((s, x) => s + x[k], 0);
results.loginEager = {
  jsGzip: sum('gzip', (f) => f.endsWith('.js')),
  jsBrotli: sum('brotli', (f) => f.endsWith('.js')),
  cssGzip: sum('gzip', (f) => f.endsWith('.css')),
  cssBrotli: sum('brotli', (f) => f.endsWith('.css')),
  files,
};

results.routeEager = measureRoutes(DIST, await screenModules(process.cwd())).map(
  ({ path, gzip, budget }) => ({
    path,
    gzip,
    budget,
  }),
);

const heading = (p) => p.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 });
let api = await startApi('happy');
try {
  const pages = [
    ['login', '/login', false, ''],
    ['login', '/login', true, ''],
    ['dashboard', '/', false, signedIn],
    ...SCREENS.map(([name, path]) => [name, path, true, signedIn]),
  ];
  for (const [name, path, throttled, init] of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++)
      runs.push(await measureLoad(browser, `${site.url}${path}`, { throttled, ready: heading, init }));
    const key = `${name}${throttled ? ' (Fast 3G, 4x CPU)' : ''}`;
    results.pages[key] = {
      path,
      throttled,
      fcp: spread(runs.map((r) => r.fcp)),
      lcp: spread(runs.map((r) => r.lcp)),
      longTask: spread(runs.map((r) => r.longTask)),
      heap: spread(runs.map((r) => r.heap)),
      samples: runs.map(({ scripts, ...r }) => r),
    };
    if (name === 'login' && !throttled) results.loginEager.loadedScripts = runs[0].scripts;
    console.log(`  measured ${key}`);
  }
  results.interactions = await interactionScenario(browser, site.url, signedIn, RUNS, BUDGETS.interactionMs);
  console.log('  measured interactions');
  results.trends = await trendsScenario(browser, site.url, signedIn, RUNS, BUDGETS.trendInteractiveMs);
  console.log('  measured the trend chart');
  results.testChat = await testChatScenario(browser, site.url, signedIn, RUNS, BUDGETS.firstTokenMs);
  console.log('  measured the test chat');
  await api.close();
  api = await startApi('large-data');
  results.chatHistory = await chatHistoryScenario(browser, site.url, signedIn, RUNS, BUDGETS);
  console.log('  measured chat history with 10,000 sessions');
} finally {
  await api.close();
  await browser.close();
  await site.close();
}

const kib = (v) => `${(v / 1024).toFixed(1)} KiB`;
const rows = [
  [
    '/login eager JS (gzip / brotli)',
    `${kib(results.loginEager.jsGzip)} / ${kib(results.loginEager.jsBrotli)}`,
    `<= ${BUDGETS.loginJsKiB} KiB gzip`,
    results.loginEager.jsGzip / 1024 <= BUDGETS.loginJsKiB,
  ],
  [
    '/login CSS (gzip / brotli), inline in its HTML',
    `${kib(results.loginEager.cssGzip)} / ${kib(results.loginEager.cssBrotli)}`,
    '',
    null,
  ],
  ...results.routeEager
    .filter((r) => r.path !== '/login')
    .map((r) => [
      `${r.path} eager JS (gzip)`,
      kib(r.gzip),
      `<= ${r.budget} KiB (npm test)`,
      r.gzip / 1024 <= r.budget,
    ]),
];
for (const [key, p] of Object.entries(results.pages)) {
  const lcpBudget = !p.throttled ? null : p.path === '/login' ? BUDGETS.login3gLcpMs : BUDGETS.screen3gLcpMs;
  if (p.path === '/login') rows.push(msRow(`${key}: FCP`, p.fcp, p.throttled ? BUDGETS.login3gFcpMs : null));
  rows.push(msRow(`${key}: LCP`, p.lcp, lcpBudget));
}
for (const row of results.interactions.rows) rows.push(row);
rows.push(results.trends.row, results.testChat.row);
for (const row of results.chatHistory.rows) rows.push(row);

const verdict = (ok) => (ok === null ? '' : ok ? 'met' : '**not met**');
const table = [
  '| measure | median (range) | budget | |',
  '|---|---|---|---|',
  ...rows.map(([label, value, budget, ok]) => `| ${label} | ${value} | ${budget} | ${verdict(ok)} |`),
].join('\n');
const chromiumVersion = browser.version();
console.log(`\nMedians (and ranges) of ${RUNS} cold runs each, Chromium ${chromiumVersion}:\n\n${table}`);
mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, 'bench.json'), `${JSON.stringify(results, null, 2)}\n`);
writeFileSync(join(OUT, 'bench.md'), `${table}\n`);
rmSync(DIST, { recursive: true, force: true });
console.log(`\nWritten to ${OUT}/bench.json and ${OUT}/bench.md`);
