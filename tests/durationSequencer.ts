import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Milliseconds each test file took in a recent run on a 2-core machine, by project and path
 * (`npm run test:durations` writes it from Vitest's cache after a run).
 */
export const DURATIONS_FILE = new URL('./unit-durations.json', import.meta.url);
type Durations = Record<string, Record<string, number>>;

function knownDurations(): Durations {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Durations;
  } catch {
    return {};
  }
}

/**
 * Vitest's order (projects one after another, the longest files first), with the durations of a recent run
 * where this checkout has none of its own. A fresh clone has no cache: Vitest then orders by file size, and
 * the long files, started last, kept one core busy alone for the last half-minute.
 */
export class KnownDurationsSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    if (files.every((spec) => this.ctx.cache.getTestSpecificationResult(spec))) return ordered;
    const known = knownDurations();
    const durationOf = (spec: TestSpecification) =>
      known[spec.project.name]?.[relative(spec.project.config.root, spec.moduleId)];
    // The groups Vitest runs one after another, in its order; within each, new files first, then longest first.
    const groups = new Map<string, TestSpecification[]>();
    for (const spec of ordered) {
      const key = `${spec.project.config.sequence.groupOrder}|${spec.project.name}|${spec.project.config.isolate}`;
      groups.set(key, [...(groups.get(key) ?? []), spec]);
    }
    return [...groups.values()].flatMap((group) => {
      const unknown = group.filter((spec) => durationOf(spec) === undefined);
      const timed = group.filter((spec) => durationOf(spec) !== undefined);
      return [...unknown, ...timed.sort((a, b) => (durationOf(b) ?? 0) - (durationOf(a) ?? 0))];
    });
  }
}
