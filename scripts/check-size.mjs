// Fails when the JavaScript that /login needs (production build, gzip) exceeds its budget.
// "Needs" = the entry chunk, the login screen's chunk, the English catalog, and everything they import
// statically, read from Vite's manifest, so the figure is exact and the same on every machine.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const LOGIN_JS_BUDGET_KIB = 110;
const ROOTS = ['index.html', 'src/views/login/LoginView.tsx', 'src/locales/en/messages.po'];

export function loginChunks(dir) {
  const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8'));
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) visit(dep);
  };
  for (const root of ROOTS) {
    if (!manifest[root]) throw new Error(`${root} is not in the build manifest`);
    visit(root);
  }
  return [...seen].map((key) => ({ key, file: manifest[key].file }));
}

export function compressedSizes(buffer) {
  return {
    raw: buffer.length,
    gzip: gzipSync(buffer, { level: 9 }).length,
    brotli: brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const kib = (n) => (n / 1024).toFixed(1);

/** Every chunk /login needs with its sizes, the gzip total and whether it is within the budget. */
export function measureLogin(dir, budgetKiB = LOGIN_JS_BUDGET_KIB) {
  const rows = loginChunks(dir).map((c) => ({ ...c, ...compressedSizes(readFileSync(join(dir, c.file))) }));
  rows.sort((a, b) => b.gzip - a.gzip);
  const gzip = rows.reduce((s, r) => s + r.gzip, 0);
  return { rows, gzip, within: gzip / 1024 <= budgetKiB };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { rows, gzip, within } = measureLogin(process.argv[2] ?? 'dist');
  for (const r of rows)
    console.log(`${kib(r.gzip).padStart(7)} KiB gzip ${kib(r.raw).padStart(8)} KiB raw  ${r.key}`);
  console.log(
    `/login eager JS: ${kib(gzip)} KiB gzip (budget ${LOGIN_JS_BUDGET_KIB} KiB): ${within ? 'within' : 'OVER'}`,
  );
  process.exit(within ? 0 : 1);
}
