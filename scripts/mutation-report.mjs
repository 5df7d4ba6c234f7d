// Mutation score per machine from Stryker's JSON report; fails below the floors (80 % overall, 70 % each).
//   node scripts/mutation-report.mjs [report.json...]   (default reports/mutation/mutation.json)
import { readFileSync } from 'node:fs';

const OVERALL_FLOOR = 80;
const MACHINE_FLOOR = 70;
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

const paths = process.argv.length > 2 ? process.argv.slice(2) : ['reports/mutation/mutation.json'];
const files = paths.flatMap((p) => Object.entries(JSON.parse(readFileSync(p, 'utf8')).files));
const machines = new Map();
const survivors = [];
for (const [file, { mutants }] of files) {
  // A machine's parts (`<name>.machine.ts`, `<name>.setup.ts`...) count as one machine.
  const name = file.match(/([^/.]+)\.[a-z]+\.ts$/)?.[1] ?? file;
  const m = machines.get(name) ?? { detected: 0, undetected: 0, other: 0 };
  for (const mutant of mutants) {
    if (DETECTED.has(mutant.status)) m.detected++;
    else if (UNDETECTED.has(mutant.status)) {
      m.undetected++;
      survivors.push(
        `${file}:${mutant.location.start.line} ${mutant.mutatorName} ${mutant.replacement ?? ''}`,
      );
    } else m.other++; // compile errors and ignored mutants do not count, as in Stryker's own score
  }
  machines.set(name, m);
}

const score = ({ detected, undetected }) =>
  detected + undetected ? (100 * detected) / (detected + undetected) : 100;
const total = [...machines.values()].reduce(
  (a, m) => ({ detected: a.detected + m.detected, undetected: a.undetected + m.undetected }),
  { detected: 0, undetected: 0 },
);
const rows = [...machines].sort(([a], [b]) => a.localeCompare(b));
const line = (name, m) =>
  `${name.padEnd(20)} ${score(m).toFixed(1).padStart(6)} %   ${String(m.detected).padStart(5)} detected  ${String(m.undetected).padStart(4)} survived`;
console.log(rows.map(([name, m]) => line(name, m)).join('\n'));
console.log(line('all machines', total));
if (process.env.MUTATION_SURVIVORS) console.log(`\nSurvivors:\n${survivors.join('\n')}`);

const low = rows.filter(([, m]) => score(m) < MACHINE_FLOOR).map(([name]) => name);
if (score(total) < OVERALL_FLOOR || low.length > 0) {
  console.error(
    `\nBelow the floor: ${score(total) < OVERALL_FLOOR ? `overall < ${OVERALL_FLOOR} % ` : ''}${low.length ? `${low.join(', ')} < ${MACHINE_FLOOR} %` : ''}`,
  );
  process.exit(1);
}
