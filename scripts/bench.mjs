// `npm run bench`: builds the production app, serves it on 127.0.0.1 with the mock API over HTTP, and measures
// it in Debian's Chromium (medians of cold runs). Prints a table and writes bench-results/bench.json.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { build, runnerImport } from 'vite';
import { chatHistoryScenario } from './bench/chatHistory.mjs';
import { interactionScenario } from './bench/interactions.mjs';
import { measureLoad, median } from './bench/measure.mjs';
import { serveStatic } from './bench/server.mjs';
import { compressedSizes, LOGIN_JS_BUDGET_KIB, loginChunks } from './check-size.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const API_PORT = Number(process.env.BENCH_API_PORT ?? 4011);
const OUT = 'bench-results';
const DIST = 'dist-bench';
// Precise heap figures for the JS heap column.
const ARGS = [...CHROMIUM_ARGS, '--enable-precise-memory-info'];

const BUDGETS = {
  loginJsKiB: LOGIN_JS_BUDGET_KIB,
  login3gFcpMs: 2000,
  login3gLcpMs: 2000,
  interactionMs: 100,
  listPaintMs: 300,
  scrollFrameMs: 50,
};
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

const site = await serveStatic(DIST);
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

let api = await startApi('happy');
try {
  const pages = [
    ['login', '/login', (p) => p.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 }), ''],
    ['dashboard', '/', (p) => p.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 }), signedIn],
  ];
  for (const [name, path, ready, init] of pages) {
    for (const throttled of [false, true]) {
      const runs = [];
      for (let i = 0; i < RUNS; i++)
        runs.push(await measureLoad(browser, `${site.url}${path}`, { throttled, ready, init }));
      const key = `${name}${throttled ? ' (Fast 3G, 4x CPU)' : ''}`;
      results.pages[key] = {
        fcp: median(runs.map((r) => r.fcp)),
        lcp: median(runs.map((r) => r.lcp)),
        longTask: median(runs.map((r) => r.longTask)),
        heap: median(runs.map((r) => r.heap)),
        samples: runs.map(({ scripts, ...r }) => r),
      };
      if (name === 'login' && !throttled) results.loginEager.loadedScripts = runs[0].scripts;
      console.log(`  measured ${key}`);
    }
  }
  results.interactions = await interactionScenario(browser, site.url, signedIn, RUNS, BUDGETS.interactionMs);
  console.log('  measured interactions');
  await api.close();
  api = await startApi('large-data');
  results.chatHistory = await chatHistoryScenario(browser, site.url, signedIn, RUNS);
} finally {
  await api.close();
  await browser.close();
  await site.close();
}

const ms = (v) => (v == null ? 'n/a' : `${Math.round(v)} ms`);
const kib = (v) => `${(v / 1024).toFixed(1)} KiB`;
const rows = [
  [
    '/login eager JS (gzip / brotli)',
    `${kib(results.loginEager.jsGzip)} / ${kib(results.loginEager.jsBrotli)}`,
    `<= ${BUDGETS.loginJsKiB} KiB gzip`,
  ],
  [
    '/login CSS (gzip / brotli), inline in its HTML',
    `${kib(results.loginEager.cssGzip)} / ${kib(results.loginEager.cssBrotli)}`,
    '',
  ],
];
for (const [key, p] of Object.entries(results.pages)) {
  const budget = key.startsWith('login (') ? `<= ${BUDGETS.login3gFcpMs} ms` : '';
  rows.push([`${key}: FCP / LCP`, `${ms(p.fcp)} / ${ms(p.lcp)}`, budget]);
  rows.push([`${key}: long tasks / JS heap`, `${ms(p.longTask)} / ${kib(p.heap)}`, '']);
}
for (const [label, value, budget] of results.interactions.rows) rows.push([label, value, budget]);
for (const [label, value, budget] of results.chatHistory.rows) rows.push([label, value, budget]);
const width = Math.max(...rows.map((r) => r[0].length));
console.log(`\nMedians of ${RUNS} cold runs each (Chromium ${browser.version?.() ?? ''}):\n`);
for (const [label, value, budget] of rows)
  console.log(`${label.padEnd(width)}  ${value.padEnd(22)} ${budget}`);
mkdirSync(OUT, { recursive: true });
writeFileSync(join(OUT, 'bench.json'), `${JSON.stringify(results, null, 2)}\n`);
rmSync(DIST, { recursive: true, force: true });
console.log(`\nWritten to ${OUT}/bench.json`);
