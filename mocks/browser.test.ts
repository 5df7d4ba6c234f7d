import { expect, it, vi } from 'vitest';
import { letUpdateChecksFailQuietly } from './browser';

it('hears how an update check of the demo worker ends, and hands the same promise to whoever asked', () => {
  // The check as the browser answers it: a promise that may reject when the page goes away meanwhile.
  const check = { catch: vi.fn() } as unknown as Promise<void>;
  class Registration {
    update() {
      return check;
    }
  }
  vi.stubGlobal('ServiceWorkerRegistration', Registration);
  letUpdateChecksFailQuietly();
  expect(new Registration().update()).toBe(check);
  expect(check.catch).toHaveBeenCalledOnce();
});
