// @ts-check
/**
 * Mutation testing of the flow machines: `npm run test:mutation` (slow; not part of `npm test`). Each
 * mutant is a changed machine (a target, a guard, an action, a tag...); the machines' own tests must fail.
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
export default {
  testRunner: 'vitest',
  // Only the test files that import the mutated machine run for its mutants.
  vitest: { configFile: 'vitest.mutation.config.ts', related: true },
  // scripts/mutation.mjs narrows this to one machine a run.
  // Machines and their parts (`<name>.setup.ts`...).
  mutate: [
    'src/machines/**/*.*.ts',
    '!src/machines/**/*.test.ts',
    'src/demo/checkout/demoCheckout.machine.ts',
  ],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  reporters: ['clear-text', 'progress', 'json'],
  clearTextReporter: { reportMutants: false, reportTests: false },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // Builds and reports are not needed in the sandbox.
  ignorePatterns: ['dist', 'dist-*', 'test-results', 'bench-results', 'reports'],
  tempDirName: '.stryker-tmp',
  // Stryker rewrites tsconfig paths through the TypeScript JS API, which TypeScript 7 (native) no longer has;
  // our tsconfig has no extends or references to rewrite, so point it at no file.
  tsconfigFile: 'no-tsconfig-rewrite.json',
  cleanTempDir: 'always',
};
