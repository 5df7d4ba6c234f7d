import '@testing-library/jest-dom/vitest';
import { cleanup, configure, getConfig } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
import { loadPhoneGrouping } from '../src/views/ui/phone';
import { startTestClock } from './clock';

startTestClock();

// The screens show numbers grouped once the groupings' own file has loaded (src/views/ui/phone.ts): loaded
// before each file's tests, a screen shows them grouped from its first render, as on every load but a page's first.
beforeAll(() => loadPhoneGrouping());

// A wait for something to appear ends when it appears; its ceiling is for a hang, not for a busy machine (the
// default 1 s is what a loaded 2-core machine overran).
configure({ asyncUtilTimeout: 10_000 });

// A query that finds nothing throws an error holding the whole page, formatted; findBy and waitFor run their
// query again on every change until it matches, and throw all but the last of those errors away. Formatting
// the page for each was a sixth of a busy screen's test time: the text is now made when it is first read, and
// reads exactly as before.
const elementError = getConfig().getElementError;
configure({ getElementError: lazyElementError });

function lazyElementError(message: string | null, container: Element) {
  const error = new Error();
  // The stack starts where the query failed, as it did, not here.
  Error.captureStackTrace(error, lazyElementError);
  error.name = 'TestingLibraryElementError';
  let text: string | undefined;
  Object.defineProperty(error, 'message', {
    configurable: true,
    get: () => {
      text ??= elementError(message, container).message;
      return text;
    },
    set: (value: string) => {
      text = value;
    },
  });
  return error;
}

afterEach(() => {
  // Testing Library only cleans up by itself with vitest globals, which this project does not use.
  cleanup();
  globalThis.localStorage?.clear();
});
