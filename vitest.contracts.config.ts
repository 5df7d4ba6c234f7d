import { defineConfig } from 'vitest/config';

/**
 * Contracts run on their own: pact files are written by one worker at a time, then verified. The files share
 * one module graph: importing Pact and the client for each file was two thirds of the consumer step (17 s to 4
 * s, the pact file byte for byte the same); each file still starts with its own storage and client (setup).
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['contracts/*.test.ts'],
    setupFiles: ['contracts/setup.ts'],
    fileParallelism: false,
    isolate: false,
  },
});
