// `npm run test:durations`: after a run of the unit tests, writes how long each file took (from Vitest's cache)
// to tests/unit-durations.json, which orders a fresh clone's run (tests/durationSequencer.ts).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const cacheRoot = 'node_modules/.vite/vitest';
const runs = readdirSync(cacheRoot, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => join(cacheRoot, d.name, 'results.json'));
const durations = {};
for (const file of runs) {
  const { projects } = JSON.parse(readFileSync(file, 'utf8'));
  for (const [project, { files }] of Object.entries(projects)) {
    durations[project] ??= {};
    for (const [path, { duration }] of Object.entries(files)) durations[project][path] = Math.round(duration);
  }
}
const sorted = Object.fromEntries(
  Object.entries(durations)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([project, files]) => [
      project,
      Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b))),
    ]),
);
writeFileSync('tests/unit-durations.json', `${JSON.stringify(sorted, null, 2)}\n`);
console.log(
  `tests/unit-durations.json: ${Object.values(sorted).reduce((n, f) => n + Object.keys(f).length, 0)} files`,
);
