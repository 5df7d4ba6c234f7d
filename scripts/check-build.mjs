// The production build must not contain the mock backend, its worker, faker, the QA tools or the scenarios,
// and every page carries a Content-Security-Policy that lists the hash of each of its inline scripts.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { inlineScripts, scriptHash } from './vite/csp.ts';

const dir = process.argv[2] ?? 'dist';
const FORBIDDEN = [
  ['mockServiceWorker', /mockServiceWorker|demoWorker/],
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
  if (/(mockServiceWorker|demoWorker)\.js$/.test(file)) found.push(`${file}: the worker file itself`);
  if (!/\.(js|html|css)$/.test(file)) continue;
  const text = readFileSync(file, 'utf8');
  for (const [what, re] of FORBIDDEN) if (re.test(text)) found.push(`${file}: ${what}`);
}
if (found.length) {
  console.error(`The production build contains mock code:\n- ${found.join('\n- ')}`);
  process.exit(1);
}

const unsafe = [];
for (const file of files.filter((f) => f.endsWith('.html'))) {
  const html = readFileSync(file, 'utf8');
  const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1];
  if (!policy) {
    unsafe.push(`${file}: no Content-Security-Policy`);
    continue;
  }
  for (const required of ["object-src 'none'", "base-uri 'none'"])
    if (!policy.includes(required)) unsafe.push(`${file}: the policy lacks ${required}`);
  if (/unsafe-eval|script-src[^;]*unsafe-inline/.test(policy))
    unsafe.push(`${file}: the policy allows eval or inline`);
  for (const script of inlineScripts(html))
    if (!policy.includes(scriptHash(script))) unsafe.push(`${file}: an inline script is not in the policy`);
}
if (!existsSync(join(dir, '_headers'))) unsafe.push(`${dir}/_headers: missing (the host's headers)`);
if (unsafe.length) {
  console.error(`The production build's Content-Security-Policy is not right:\n- ${unsafe.join('\n- ')}`);
  process.exit(1);
}
console.log(
  `production build (${files.length} files in ${dir}): no mock code, worker, faker or QA tools; every inline script hashed in its policy`,
);
