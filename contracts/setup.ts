import { afterEach } from 'vitest';
import { resetClient } from '../src/api/client';
import { installMemoryStorage } from '../tests/memoryStorage';

installMemoryStorage();
process.env.PACT_DO_NOT_TRACK = 'true';

afterEach(() => {
  resetClient();
  localStorage.clear();
});
