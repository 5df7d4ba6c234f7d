// @vitest-environment jsdom
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { db, newId, notifyDbChanged } from './db';
import {
  collectionKey,
  enablePersistence,
  resetDemoData,
  restoreSnapshot,
  SAVE_DELAY_MS,
  SNAPSHOT_KEY,
  SNAPSHOT_VERSION,
  saveSnapshot,
} from './persistence';
import { seedDemo } from './seed';

let stop = () => {};
afterEach(() => {
  stop();
  localStorage.clear();
});

const dump = () => JSON.stringify(Object.entries(db).map(([name, c]) => [name, c.all()]));

describe('persistence (browser)', () => {
  it('restores exactly what was saved, and continues the id sequence', async () => {
    await seedDemo();
    expect(saveSnapshot('happy')).toBe(true);
    const saved = dump();
    const nextId = newId('x');
    await seedDemo({ empty: true });
    expect(await restoreSnapshot('happy')).toBe(true);
    expect(dump()).toBe(saved);
    expect(newId('x')).toBe(nextId);
  });

  it('ignores a snapshot of another scenario or version', async () => {
    await seedDemo();
    saveSnapshot('happy');
    expect(await restoreSnapshot('empty')).toBe(false);
    expect(db.users.count()).toBe(0);
    expect(localStorage.getItem(SNAPSHOT_KEY)).toBeNull();

    await seedDemo();
    saveSnapshot('happy');
    const stale = JSON.parse(localStorage.getItem(SNAPSHOT_KEY) ?? '{}');
    localStorage.setItem(SNAPSHOT_KEY, JSON.stringify({ ...stale, version: SNAPSHOT_VERSION - 1 }));
    expect(await restoreSnapshot('happy')).toBe(false);
  });

  it('writes again only the collections written since the last save', async () => {
    await seedDemo();
    expect(saveSnapshot('happy')).toBe(true);
    const written = vi.spyOn(Storage.prototype, 'setItem');
    onTestFinished(() => written.mockRestore());
    const keys = () => written.mock.calls.map(([key]) => key);

    const bot = db.chatbots.findFirst();
    await db.chatbots.update((q) => q.where({ id: bot?.id }), {
      data(b) {
        b.name = 'Renamed';
      },
    });
    await db.loginCodes.create({ email: 'a@b.test', code: '123456', expiresAt: 0, attempts: 0, sentAt: 0 });
    expect(saveSnapshot('happy', { onlyChanged: true })).toBe(true);
    expect(keys().sort()).toEqual([SNAPSHOT_KEY, collectionKey('chatbots'), collectionKey('loginCodes')]);

    written.mockClear();
    db.loginCodes.delete((q) => q.where({ code: '123456' }));
    expect(saveSnapshot('happy', { onlyChanged: true })).toBe(true);
    expect(keys().sort()).toEqual([SNAPSHOT_KEY, collectionKey('loginCodes')]);

    const saved = dump();
    await seedDemo({ empty: true });
    expect(await restoreSnapshot('happy')).toBe(true);
    expect(dump()).toBe(saved);
  });

  it('writes everything when there is no snapshot to add to, and drops a snapshot missing a collection', async () => {
    await seedDemo();
    expect(saveSnapshot('happy', { onlyChanged: true })).toBe(true);
    expect(localStorage.getItem(collectionKey('chatMessages'))).not.toBeNull();
    localStorage.removeItem(collectionKey('chatMessages'));
    expect(await restoreSnapshot('happy')).toBe(false);
    expect(Object.keys(localStorage).filter((k) => k.startsWith(SNAPSHOT_KEY))).toEqual([]);
  });

  it('saves shortly after a change, and resetDemoData reseeds and clears', async () => {
    await seedDemo();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    stop = enablePersistence('happy');
    notifyDbChanged();
    vi.advanceTimersByTime(SAVE_DELAY_MS - 1);
    expect(localStorage.getItem(SNAPSHOT_KEY)).toBeNull();
    vi.advanceTimersByTime(1);
    expect(localStorage.getItem(SNAPSHOT_KEY)).not.toBeNull();
    db.chatbots.clear();
    await resetDemoData('happy');
    expect(db.chatbots.count()).toBe(3);
    expect(localStorage.getItem(SNAPSHOT_KEY)).toBeNull();
  });

  it('saves a sign-in at once, before its answer reaches the app (another tab reloads for it)', async () => {
    await seedDemo();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    stop = enablePersistence('happy');
    notifyDbChanged({ urgent: true });
    expect(localStorage.getItem(SNAPSHOT_KEY)).not.toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });
});
