import { afterAll, afterEach } from 'vitest';
import { resetClient } from '../src/api/client';
import { installMemoryStorage } from '../tests/memoryStorage';
import { recordClientReads, saveClientReads } from './reads';

installMemoryStorage();
process.env.PACT_DO_NOT_TRACK = 'true';
recordClientReads();

afterEach(() => {
  resetClient();
  localStorage.clear();
});

afterAll(saveClientReads);
