import { type CollectionName, db, getIdState, onDbChange, resetDb, setIdState } from './db';
import type { ScenarioName } from './scenarios';
import { scenarioSeed } from './scenarios';
import { seedDemo } from './seed';

/**
 * Browser only: the demo's data survives a reload as a snapshot in localStorage, written shortly after
 * anything changed. Bump SNAPSHOT_VERSION whenever a record's shape changes, so old snapshots are dropped
 * instead of failing validation. In Node (no window or localStorage) every function here does nothing.
 */
export const SNAPSHOT_KEY = 'influx-demo-db';
export const SNAPSHOT_VERSION = 1;
export const SAVE_DELAY_MS = 150;

interface Snapshot {
  version: number;
  scenario: ScenarioName;
  savedAt: string;
  idState: number;
  collections: Partial<Record<CollectionName, unknown[]>>;
}

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' && typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null;
  }
}

const names = () => Object.keys(db) as CollectionName[];

/** Writes the snapshot now. False when there is no storage or it is full (the large demo does not fit). */
export function saveSnapshot(scenario: ScenarioName): boolean {
  const store = storage();
  if (!store) return false;
  const snapshot: Snapshot = {
    version: SNAPSHOT_VERSION,
    scenario,
    savedAt: new Date().toISOString(),
    idState: getIdState(),
    collections: Object.fromEntries(names().map((name) => [name, db[name].all()])),
  };
  try {
    store.setItem(SNAPSHOT_KEY, JSON.stringify(snapshot));
    return true;
  } catch {
    store.removeItem(SNAPSHOT_KEY);
    return false;
  }
}

/** Replaces the db with the stored snapshot of this scenario; false (and an empty db) when there is none. */
export async function restoreSnapshot(scenario: ScenarioName): Promise<boolean> {
  const store = storage();
  const raw = store?.getItem(SNAPSHOT_KEY);
  if (!store || !raw) return false;
  try {
    const snapshot = JSON.parse(raw) as Snapshot;
    if (snapshot.version !== SNAPSHOT_VERSION || snapshot.scenario !== scenario)
      throw new Error('stale snapshot');
    resetDb();
    for (const name of names()) {
      const collection = db[name] as { create(record: unknown): Promise<unknown> };
      for (const record of snapshot.collections[name] ?? []) await collection.create(record);
    }
    setIdState(snapshot.idState);
    return true;
  } catch {
    // Old version, other scenario or damaged: start from a fresh seed.
    resetDb();
    store.removeItem(SNAPSHOT_KEY);
    return false;
  }
}

let active: { scenario: ScenarioName; stop: () => void } | null = null;

/** Saves (debounced) after every change from now on. Returns the function that stops it. */
export function enablePersistence(scenario: ScenarioName): () => void {
  active?.stop();
  if (!storage()) return () => {};
  let timer: ReturnType<typeof setTimeout> | null = null;
  let full = false;
  const unsubscribe = onDbChange(() => {
    if (full || timer) return;
    timer = setTimeout(() => {
      timer = null;
      // Once storage is full, stop trying: stringifying the large demo on every call would be slow.
      full = !saveSnapshot(scenario);
    }, SAVE_DELAY_MS);
  });
  // A change still waiting for its save is written when the page goes away (a reload, a full navigation).
  const flush = () => {
    if (!timer) return;
    clearTimeout(timer);
    timer = null;
    full = !saveSnapshot(scenario);
  };
  globalThis.addEventListener?.('pagehide', flush);
  const stop = () => {
    unsubscribe();
    globalThis.removeEventListener?.('pagehide', flush);
    if (timer) clearTimeout(timer);
    active = null;
  };
  active = { scenario, stop };
  return stop;
}

export function clearSnapshot(): void {
  storage()?.removeItem(SNAPSHOT_KEY);
}

/** The demo's "reset data": a fresh seed of the current scenario, and no snapshot until the next change. */
export async function resetDemoData(scenario: ScenarioName = active?.scenario ?? 'happy'): Promise<void> {
  await seedDemo(scenarioSeed(scenario));
  clearSnapshot();
}
