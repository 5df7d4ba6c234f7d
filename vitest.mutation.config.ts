import { defineConfig } from 'vitest/config';
import base from './vite.config.ts';

/**
 * What mutation testing runs: the machines' own tests (unit and model-based), in Node with an in-memory
 * localStorage. Nearly every mutant of a machine is static (the definition is built at import), so each
 * one re-runs its test files: without a DOM to set up, that is several times faster.
 */
export default defineConfig(async (env) => {
  const config = await (typeof base === 'function' ? base(env) : base);
  // Replaced, not merged: mergeConfig would add these to the whole suite's.
  return {
    ...config,
    test: {
      ...withoutProjects(config.test),
      environment: 'node',
      setupFiles: ['tests/setup.node.ts'],
      // scripts/mutation.mjs mutates one machine at a time and runs only the tests of its folder.
      include: process.env.MUTATION_TESTS
        ? [`${process.env.MUTATION_TESTS}/*.test.ts`]
        : ['src/machines/**/*.test.ts', 'src/demo/checkout/*.machine.test.ts'],
    },
  };
});

/** The suite's settings without its projects, which would otherwise run instead of the include below. */
function withoutProjects<T extends { projects?: unknown }>(test: T | undefined) {
  const { projects: _, ...rest } = test ?? ({} as T);
  return rest;
}
