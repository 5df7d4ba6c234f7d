import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  // Testing Library only cleans up by itself with vitest globals, which this project does not use.
  cleanup();
  globalThis.localStorage?.clear();
});
