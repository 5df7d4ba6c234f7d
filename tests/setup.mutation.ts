import { afterEach } from 'vitest';
import { installMemoryStorage } from './memoryStorage';

const storage = installMemoryStorage();
afterEach(() => storage.clear());
