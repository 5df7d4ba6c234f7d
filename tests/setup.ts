import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { startTestClock } from './clock';

startTestClock();

// A wait for something to appear ends when it appears; its ceiling is for a hang, not for a busy machine (the
// default 1 s is what a loaded 2-core machine overran).
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  // Testing Library only cleans up by itself with vitest globals, which this project does not use.
  cleanup();
  globalThis.localStorage?.clear();
});
