import {
  type CollectionName,
  createAll,
  db,
  getIdState,
  onDbChange,
  resetDb,
  setIdState,
  takeChangedCollections,
} from './db';
import type { ScenarioName } from './scenarios';
import { scenarioSeed } from './scenarios';
import { seedDemo } from './seed';

/**
 * Browser only: the demo's data survives a reload as a snapshot in localStorage, written shortly after
 * anything changed. Each collection has its own key and only the collections written since the last save
 * are written again: the conversations (most of the data) are not re-serialised because someone signed in.
 * Bump SNAPSHOT_VERSION whenever a record's shape or the seed's fixed records change, so old snapshots are
 * dropped instead of failing validation or naming records the QA tools no longer know. In Node (no window
 * or localStorage) every function here does nothing.
 */
export const SNAPSHOT_KEY = 'influx-demo-db';
export const SNAPSHOT_VERSION = 8;
export const SAVE_DELAY_MS = 150;

/** What SNAPSHOT_KEY holds; each collection's records are under collectionKey(name). */
interface SnapshotMeta {
  version: number;
  scenario: ScenarioName;
  savedAt: string;
  idState: number;
  collections: CollectionName[];
}

export const collectionKey = (name: CollectionName) => `${SNAPSHOT_KEY}:${name}`;

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' && typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null;
  }
}

const names = () => Object.keys(db) as CollectionName[];

/** Record counts as last saved: a create changes a count (updates and deletes are reported by the db). */
const savedCounts = new Map<CollectionName, number>();

function changedSinceSave(): CollectionName[] {
  const written = new Set(takeChangedCollections());
  return names().filter((name) => written.has(name) || savedCounts.get(name) !== db[name].count());
}

/**
 * Writes the snapshot now: every collection, or with `onlyChanged` those written since the last save. False
 * when there is no storage or it is full (then no snapshot is left, rather than a mix of old and new).
 */
export function saveSnapshot(scenario: ScenarioName, { onlyChanged = false } = {}): boolean {
  const store = storage();
  if (!store) return false;
  // Without a snapshot to add to, everything is written.
  const partial = onlyChanged && store.getItem(SNAPSHOT_KEY) !== null;
  const toWrite = partial ? changedSinceSave() : names();
  if (!partial) takeChangedCollections();
  const meta: SnapshotMeta = {
    version: SNAPSHOT_VERSION,
    scenario,
    savedAt: new Date().toISOString(),
    idState: getIdState(),
    collections: names(),
  };
  try {
    for (const name of toWrite) {
      store.setItem(collectionKey(name), JSON.stringify(db[name].all()));
      savedCounts.set(name, db[name].count());
    }
    store.setItem(SNAPSHOT_KEY, JSON.stringify(meta));
    return true;
  } catch {
    clearSnapshot();
    return false;
  }
}

/** Replaces the db with the stored snapshot of this scenario; false (and an empty db) when there is none. */
export async function restoreSnapshot(scenario: ScenarioName): Promise<boolean> {
  const store = storage();
  const raw = store?.getItem(SNAPSHOT_KEY);
  if (!store || !raw) return false;
  try {
    const meta = JSON.parse(raw) as SnapshotMeta;
    if (meta.version !== SNAPSHOT_VERSION || meta.scenario !== scenario) throw new Error('stale snapshot');
    resetDb();
    for (const name of names()) {
      const stored = store.getItem(collectionKey(name));
      if (stored === null) throw new Error(`no ${name} in the snapshot`);
      await createAll(name, JSON.parse(stored) as unknown[]);
      savedCounts.set(name, db[name].count());
    }
    setIdState(meta.idState);
    takeChangedCollections();
    return true;
  } catch {
    // Old version, other scenario or damaged: start from a fresh seed.
    resetDb();
    clearSnapshot();
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
  const unsubscribe = onDbChange(({ urgent }) => {
    if (full) return;
    if (urgent) {
      saveNow();
      return;
    }
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      // Once storage is full, stop trying: stringifying the large demo on every call would be slow.
      full = !saveSnapshot(scenario, { onlyChanged: true });
    }, SAVE_DELAY_MS);
  });
  function saveNow() {
    if (timer) clearTimeout(timer);
    timer = null;
    full = !saveSnapshot(scenario, { onlyChanged: true });
  }
  // A change still waiting for its save is written when the page goes away (a reload, a full navigation).
  const flushPending = () => {
    if (timer) saveNow();
  };
  globalThis.addEventListener?.('pagehide', flushPending);
  const stop = () => {
    unsubscribe();
    globalThis.removeEventListener?.('pagehide', flushPending);
    if (timer) clearTimeout(timer);
    active = null;
  };
  active = { scenario, stop };
  return stop;
}

/** Removes the snapshot, and what older versions of it left (a single key, or other collections). */
export function clearSnapshot(): void {
  const store = storage();
  if (!store) return;
  for (let i = store.length - 1; i >= 0; i--) {
    const key = store.key(i);
    if (key === SNAPSHOT_KEY || key?.startsWith(`${SNAPSHOT_KEY}:`)) store.removeItem(key);
  }
  savedCounts.clear();
}

/** The demo's "reset data": a fresh seed of the current scenario, and no snapshot until the next change. */
export async function resetDemoData(scenario: ScenarioName = active?.scenario ?? 'happy'): Promise<void> {
  await seedDemo(scenarioSeed(scenario));
  clearSnapshot();
}
