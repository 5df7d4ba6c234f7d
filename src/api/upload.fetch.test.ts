// @vitest-environment node
import { beforeEach, expect, it, vi } from 'vitest';
import { resetAndSeed } from '../../mocks/node';
import { DEMO_OWNER } from '../../mocks/seed';
import { BASE, withMockServer } from '../../mocks/testing';
import { installMemoryStorage } from '../../tests/memoryStorage';
import { configureClient, resetClient } from './client';
import { writeUserInfo } from './storage';
import { uploadKnowledgeFile } from './upload';

installMemoryStorage();
withMockServer();
beforeEach(async () => {
  await resetAndSeed();
  resetClient();
  configureClient({ baseURL: BASE });
  writeUserInfo({ accessToken: DEMO_OWNER.token, id: DEMO_OWNER.id, userId: DEMO_OWNER.id });
});

it('uploads through fetch, without progress, where there is no XMLHttpRequest (Node)', async () => {
  expect(typeof XMLHttpRequest).toBe('undefined');
  const onProgress = vi.fn();
  const file = new File(['Opening hours 9-18'], 'hours.txt', { type: 'text/plain' });
  await expect(uploadKnowledgeFile(file, { onProgress })).resolves.toMatchObject({
    name: 'hours.txt',
    size: 18,
  });
  expect(onProgress).not.toHaveBeenCalled();
});
