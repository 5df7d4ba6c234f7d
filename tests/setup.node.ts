import { afterEach } from 'vitest';
import { startTestClock } from './clock';
import { installMemoryStorage } from './memoryStorage';

// The machines' tests in Node: no DOM, an in-memory localStorage, the suite's clock.
startTestClock();
const storage = installMemoryStorage();
afterEach(() => storage.clear());
