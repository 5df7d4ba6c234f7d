import { defineConfig } from 'vitest/config';

/** Contracts run on their own: pact files are written by one worker at a time, then verified. */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['contracts/*.test.ts'],
    setupFiles: ['contracts/setup.ts'],
    fileParallelism: false,
  },
});
