// Fails when the JavaScript a route needs before it can show anything (production build, gzip) exceeds the
// route's budget. "Needs" = the entry chunk, the English catalogs the route reads, the signed-in shell when the
// route is inside it, the route's screen, and everything they import statically, read from Vite's manifest, so
// the figure is exact and the same on every machine. Lazy chunks (the HTTP library and schemas, dialogs,
// charts) load with the first call or click and are not counted.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * KiB gzip per route: today's figures rounded up to the next 5 KiB, so growth is a decision. A signed-in
 * route counts what the build's preload plan starts with the page (the HTTP library and the session's watch
 * on the user's numbers among them). /login's goal is 95 KiB; React DOM alone is 55 KiB of it and XState 12
 * KiB (README, Performance).
 */
export const ROUTE_JS_BUDGETS_KIB = {
  '/login': 105,
  '/': 205,
  '/bot-settings': 230,
  '/bind-whatsapp': 215,
  '/chat-history': 225,
  '/usage-billing': 220,
  '/membership-management': 200,
  '/payment-success': 200,
  '/invoices': 200,
};
export const LOGIN_JS_BUDGET_KIB = ROUTE_JS_BUDGETS_KIB['/login'];

const ENTRY = 'index.html';
const CORE_TEXTS = 'src/locales/en/messages.po';
const SCREEN_TEXTS = 'src/locales/en/screens.po';
/** Texts only some screens load besides the screens' (membership management, an admin's screen). */
const OWN_TEXTS = { '/membership-management': ['src/locales/en/admin.po'] };
const LOGIN_ROOTS = [ENTRY, 'src/views/login/LoginView.tsx', CORE_TEXTS];

/** The manifest entries of these modules and of everything they import statically, each once. */
export function chunksOf(dir, roots) {
  const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8'));
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  // A package (the preload plan names the HTTP library so) is its entry module's key.
  const keyOf = (root) =>
    manifest[root] ? root : Object.keys(manifest).find((k) => k.startsWith(`node_modules/${root}/`));
  for (const root of roots) {
    const key = keyOf(root);
    if (!key) throw new Error(`${root} is not in the build manifest`);
    visit(key);
  }
  return [...seen].map((key) => ({ key, file: manifest[key].file }));
}

export const loginChunks = (dir) => chunksOf(dir, LOGIN_ROOTS);

/**
 * The modules each route starts from: /login's, and for every signed-in path (`screens`: the shell and screen
 * modules from the route table, as the build's preload plan reads it) the entry and both catalogs besides.
 */
export function routeRoots(screens) {
  return {
    '/login': LOGIN_ROOTS,
    ...Object.fromEntries(
      Object.entries(screens).map(([path, modules]) => [
        path,
        [ENTRY, CORE_TEXTS, SCREEN_TEXTS, ...(OWN_TEXTS[path] ?? []), ...modules],
      ]),
    ),
  };
}

export function compressedSizes(buffer) {
  return {
    raw: buffer.length,
    gzip: gzipSync(buffer, { level: 9 }).length,
    brotli: brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const kib = (n) => (n / 1024).toFixed(1);

/** Compressed sizes by file: the routes share most of their chunks, and brotli at its best is slow. */
const sizesOfFile = new Map();
function sizesOf(path) {
  const { mtimeMs, size } = statSync(path);
  const key = `${path} ${mtimeMs} ${size}`;
  let sizes = sizesOfFile.get(key);
  if (!sizes) {
    sizes = compressedSizes(readFileSync(path));
    sizesOfFile.set(key, sizes);
  }
  return sizes;
}

/** Every chunk these roots need with its sizes, the gzip total and whether it is within the budget. */
export function measure(dir, roots, budgetKiB) {
  const rows = chunksOf(dir, roots).map((c) => ({ ...c, ...sizesOf(join(dir, c.file)) }));
  rows.sort((a, b) => b.gzip - a.gzip);
  const gzip = rows.reduce((s, r) => s + r.gzip, 0);
  return { rows, gzip, within: budgetKiB !== undefined && gzip / 1024 <= budgetKiB };
}

export const measureLogin = (dir, budgetKiB = LOGIN_JS_BUDGET_KIB) => measure(dir, LOGIN_ROOTS, budgetKiB);

/** Each route's total against its budget; a route without a budget fails, so a new route gets one. */
export function measureRoutes(dir, screens, budgets = ROUTE_JS_BUDGETS_KIB) {
  return Object.entries(routeRoots(screens)).map(([path, roots]) => ({
    path,
    budget: budgets[path],
    ...measure(dir, roots, budgets[path]),
  }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? 'dist';
  const { screenModules } = await import('./vite/preloadScreens.ts');
  const routes = measureRoutes(dir, await screenModules(process.cwd()));
  const login = routes.find((r) => r.path === '/login');
  for (const r of login.rows)
    console.log(`${kib(r.gzip).padStart(7)} KiB gzip ${kib(r.raw).padStart(8)} KiB raw  ${r.key}`);
  console.log('\nEager JS per route (gzip):');
  for (const r of routes) {
    const budget =
      r.budget === undefined ? 'no budget: add one to ROUTE_JS_BUDGETS_KIB' : `budget ${r.budget} KiB`;
    console.log(
      `  ${r.path.padEnd(24)} ${kib(r.gzip).padStart(6)} KiB  (${budget}) ${r.within ? 'within' : 'OVER'}`,
    );
  }
  process.exit(routes.every((r) => r.within) ? 0 : 1);
}
