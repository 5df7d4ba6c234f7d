// `npm run test:mutation [name...] [--stryker-option=value...]`: StrykerJS over each flow machine in turn (or
// the named ones), its parts included, each against the tests of its own folder, then the score per machine
// (scripts/mutation-report.mjs). Options go to Stryker, e.g. --timeoutMS=60000 on a busy machine.
import { spawnSync } from 'node:child_process';
import { copyFileSync, globSync, mkdirSync } from 'node:fs';
import { basename, dirname } from 'node:path';

const files = [...globSync('src/machines/**/*.machine.ts'), 'src/demo/checkout/demoCheckout.machine.ts'];
const names = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const options = process.argv.slice(2).filter((a) => a.startsWith('--'));
const byName = new Map(files.map((f) => [basename(f, '.machine.ts'), f]));
const chosen = names.length === 0 ? files : names.map((n) => byName.get(n) ?? `no machine named ${n}`);
mkdirSync('reports/mutation', { recursive: true });
const reports = [];
for (const file of chosen) {
  const name = basename(file, '.machine.ts');
  console.log(`\n=== ${name}`);
  // A machine split into parts (`<name>.setup.ts`, `<name>.actions.ts`...) is mutated whole.
  const parts = globSync(`${dirname(file)}/${name}.*.ts`).filter((f) => !f.endsWith('.test.ts'));
  const run = spawnSync(
    'node',
    ['node_modules/@stryker-mutator/core/bin/stryker.js', 'run', '--mutate', parts.join(','), ...options],
    {
      stdio: 'inherit',
      env: { ...process.env, MUTATION_TESTS: dirname(file) },
    },
  );
  if (run.status !== 0) process.exit(run.status ?? 1);
  const report = `reports/mutation/${name}.json`;
  copyFileSync('reports/mutation/mutation.json', report);
  reports.push(report);
}
const summary = spawnSync('node', ['scripts/mutation-report.mjs', ...reports], { stdio: 'inherit' });
process.exit(summary.status ?? 1);
