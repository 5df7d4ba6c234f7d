// `npm test`: every check CI runs, stopping after the first step with a failure, with one closing count line.
// A step is one or more lanes run side by side; a lane is checks in order. The checks that use about one core
// each run first in two lanes of about the same length (the types and the contracts beside lint, the catalogs
// and the builds): on two cores the step takes about the time of its longer lane, not the sum (three lanes only
// slowed each other, and two steps of two lanes each waited twice for their longer lane). Unit tests and end to
// end use every core and run alone.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { bin, countsFrom, run } from './run.mjs';

process.env.PACT_DO_NOT_TRACK = 'true';
rmSync('test-results', { recursive: true, force: true });
mkdirSync('test-results', { recursive: true });

const vite = ['node_modules/vite/bin/vite.js'];
const steps = [
  [
    [
      ['lint', bin('biome'), ['ci', '.']],
      // Lingui's own checks, which change nothing: the catalogs are what `npm run i18n:extract` would write (a
      // string added to the source and not extracted fails), and every entry has its translation in each language.
      ['i18n: catalogs extracted', bin('lingui'), ['check', 'sync', '--clean']],
      ['i18n: catalogs translated', bin('lingui'), ['check', 'missing', '--mode', 'catalog']],
      ['production build', 'node', [...vite, 'build', '--logLevel', 'warn']],
      ['production build has no mock code', 'node', ['scripts/check-build.mjs', 'dist']],
      ['size budgets per route', 'node', ['scripts/check-size.mjs', 'dist']],
      [
        'demo build',
        'node',
        [...vite, 'build', '--mode', 'demo', '--outDir', 'dist-demo', '--logLevel', 'warn'],
      ],
    ],
    [
      ['types', bin('tsc'), ['--noEmit']],
      ['contracts', 'node', ['scripts/contracts.mjs']],
    ],
  ],
  [
    [
      [
        'unit and component',
        bin('vitest'),
        ['run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/unit.json'],
      ],
    ],
  ],
  [[['end to end', bin('playwright'), ['test']]]],
];

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

/** A check run beside others: its output is held and printed whole when it ends, so lanes do not interleave. */
function runHeld(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => {
      output.push(Buffer.from(`${error}\n`));
      resolve({ status: 1, output: Buffer.concat(output) });
    });
    child.on('close', (code) => resolve({ status: code ?? 1, output: Buffer.concat(output) }));
  });
}

/** Runs a lane's checks in order until one fails; returns the name of the failed one, or null. */
async function runLane(lane, alone) {
  for (const [name, command, args] of lane) {
    const t = Date.now();
    let status;
    if (alone) {
      console.log(`\n=== ${name}`);
      status = run(command, args);
    } else {
      const held = await runHeld(command, args);
      status = held.status;
      process.stdout.write(`\n=== ${name}\n`);
      process.stdout.write(held.output);
    }
    console.log(`=== ${name}: ${status === 0 ? 'ok' : 'FAILED'} (${seconds(t)})`);
    if (status !== 0) return name;
  }
  return null;
}

const reports = ['unit', 'contracts-consumer', 'contracts-verify', 'e2e'];
let failedStage = null;
const started = Date.now();
for (const lanes of steps) {
  const failures = (await Promise.all(lanes.map((lane) => runLane(lane, lanes.length === 1)))).filter(
    Boolean,
  );
  if (failures.length > 0) {
    failedStage = failures.join(', ');
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
