// Small helpers shared by the scripts: run a command with inherited output, read vitest/playwright JSON counts.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', shell: false, ...options });
  return result.status ?? 1;
}

export const bin = (name) => `node_modules/.bin/${name}`;

/** Passed and failed test counts from a vitest or playwright JSON report, or null when absent. */
export function countsFrom(file) {
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in report) return { passed: report.numPassedTests, failed: report.numFailedTests };
  // A test that failed and then passed on its retry (which only records a trace) counts as failed.
  if (report.stats)
    return { passed: report.stats.expected, failed: report.stats.unexpected + report.stats.flaky };
  return null;
}
