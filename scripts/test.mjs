// `npm test`: every check CI runs, in order, stopping at the first failure, with one closing count line.
import { mkdirSync, rmSync } from 'node:fs';
import { bin, countsFrom, run } from './run.mjs';

process.env.PACT_DO_NOT_TRACK = 'true';
rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });

const vite = ['node_modules/vite/bin/vite.js'];
const stages = [
  ['lint', bin('biome'), ['ci', '.']],
  ['types', bin('tsc'), ['--noEmit']],
  // Lingui's own checks, which change nothing: the catalogs are what `npm run i18n:extract` would write (a string
  // added to the source and not extracted fails), and every entry has its translation in each language.
  ['i18n: catalogs extracted', bin('lingui'), ['check', 'sync', '--clean']],
  ['i18n: catalogs translated', bin('lingui'), ['check', 'missing', '--mode', 'catalog']],
  [
    'unit and component',
    bin('vitest'),
    ['run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/unit.json'],
  ],
  ['contracts', 'node', ['scripts/contracts.mjs']],
  ['production build', 'node', [...vite, 'build', '--logLevel', 'warn']],
  ['production build has no mock code', 'node', ['scripts/check-build.mjs', 'dist']],
  ['size budgets per route', 'node', ['scripts/check-size.mjs', 'dist']],
  ['demo build', 'node', [...vite, 'build', '--mode', 'demo', '--outDir', 'dist-demo', '--logLevel', 'warn']],
  ['end to end', bin('playwright'), ['test']],
];

const reports = ['unit', 'contracts-consumer', 'contracts-verify', 'e2e'];
let failedStage = null;
const started = Date.now();
for (const [name, command, args] of stages) {
  console.log(`\n=== ${name}`);
  const t = Date.now();
  const status = run(command, args);
  console.log(`=== ${name}: ${status === 0 ? 'ok' : 'FAILED'} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
  if (status !== 0) {
    failedStage = name;
    break;
  }
}

let passed = 0;
let failed = 0;
for (const r of reports) {
  const c = countsFrom(`test-results/${r}.json`);
  if (!c) continue;
  console.log(`${r}: ${c.passed} passed, ${c.failed} failed`);
  passed += c.passed;
  failed += c.failed;
}
if (failedStage && failed === 0) failed = 1; // a failing check that is not a test still fails the run
console.log(
  `\n${failedStage ? `FAILED at: ${failedStage}` : 'All checks passed'} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(failedStage ? 1 : 0);
