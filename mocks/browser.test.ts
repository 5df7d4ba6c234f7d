import { expect, it, vi } from 'vitest';
import { withQuietUpdateChecks } from './browser';

it("hears how the start's update checks of the demo worker end, hands each the same promise, and then leaves update() as it was", async () => {
  // The check as the browser answers it: a promise that may reject (the script is gone, or the registration).
  const check = { catch: vi.fn() } as unknown as Promise<void>;
  class Registration {
    update() {
      return check;
    }
  }
  const ownUpdate = Registration.prototype.update;
  vi.stubGlobal('ServiceWorkerRegistration', Registration);

  const started = await withQuietUpdateChecks(async () => {
    // What MSW's start does with an existing registration: asks for a check and drops it.
    expect(new Registration().update()).toBe(check);
    return 'started';
  });
  expect(started).toBe('started');
  expect(check.catch).toHaveBeenCalledOnce();
  expect(Registration.prototype.update).toBe(ownUpdate);

  // A start that fails leaves update() as it was too.
  await expect(withQuietUpdateChecks(() => Promise.reject(new Error('no worker')))).rejects.toThrow(
    'no worker',
  );
  expect(Registration.prototype.update).toBe(ownUpdate);
});
