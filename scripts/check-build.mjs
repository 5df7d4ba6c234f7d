// The production build must not contain the mock backend, its worker, faker, the QA tools or the scenarios.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2] ?? 'dist';
const FORBIDDEN = [
  ['mockServiceWorker', /mockServiceWorker/],
  ['msw', /\bsetupWorker\b|\bmsw\/browser\b|MSW_COOKIE|Mock Service Worker/],
  ['@msw/data', /@msw\/data|defineRelations/],
  ['faker', /faker/i],
  ['mock backend', /demo@|owner@demo\.test|cs_demo_/],
  ['QA tools', /qa-flow|qa-state|Jump to state|QaPanel/],
  ['mock scenarios', /qr-never-scanned|session-expiring|payment-failing/],
];

const files = [];
const walk = (d) => {
  for (const name of readdirSync(d)) {
    const p = join(d, name);
    if (statSync(p).isDirectory()) walk(p);
    else files.push(p);
  }
};
walk(dir);

const found = [];
for (const file of files) {
  if (file.endsWith('mockServiceWorker.js')) found.push(`${file}: the worker file itself`);
  if (!/\.(js|html|css)$/.test(file)) continue;
  const text = readFileSync(file, 'utf8');
  for (const [what, re] of FORBIDDEN) if (re.test(text)) found.push(`${file}: ${what}`);
}
if (found.length) {
  console.error(`The production build contains mock code:\n- ${found.join('\n- ')}`);
  process.exit(1);
}
console.log(`production build (${files.length} files in ${dir}): no mock code, worker, faker or QA tools`);
