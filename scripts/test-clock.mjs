// `npm run test:clock`: the unit and component tests on other clocks than the suite's own (tests/clock.ts):
// just after midnight and just before it, and in the zones 25 hours apart (UTC+14 and UTC-11). A test that
// leans on the hour or the zone it happens to run in fails in one of these. Takes four unit runs.
import { bin, countsFrom, run } from './run.mjs';

const clocks = [
  { TEST_NOW: '00:05' },
  { TEST_NOW: '23:55' },
  { TEST_TZ: 'Pacific/Kiritimati' },
  { TEST_TZ: 'Pacific/Pago_Pago' },
];
// A single clock, e.g. `npm run test:clock -- 2`, for retrying one.
const only = process.argv[2] === undefined ? null : Number(process.argv[2]);

const results = [];
for (const [i, clock] of clocks.entries()) {
  if (only !== null && only !== i) continue;
  const label = Object.entries(clock)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  console.log(`\n=== unit and component tests with ${label}`);
  const started = Date.now();
  const report = `test-results/unit-clock-${i}.json`;
  const status = run(
    bin('vitest'),
    ['run', '--reporter=dot', '--reporter=json', `--outputFile.json=${report}`],
    {
      env: { ...process.env, ...clock },
    },
  );
  const counts = countsFrom(report) ?? { passed: 0, failed: 1 };
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  results.push({ label, status, ...counts, seconds });
  console.log(`=== ${label}: ${status === 0 ? 'ok' : 'FAILED'} (${seconds} s)`);
}

console.log('');
for (const r of results)
  console.log(`${r.label.padEnd(28)} ${r.passed} passed, ${r.failed} failed (${r.seconds} s)`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(results.every((r) => r.status === 0) ? 0 : 1);
