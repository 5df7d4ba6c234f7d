import type { UserInfo } from './schemas/auth';

/** Every key this product writes to local storage starts with this prefix. */
export const STORAGE_PREFIX = 'influx-';
export const storageKey = (name: string) => `${STORAGE_PREFIX}${name}`;

const USER_INFO_KEY = storageKey('user-info');

function safeStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readStored(name: string): string | null {
  return safeStorage()?.getItem(storageKey(name)) ?? null;
}

export function writeStored(name: string, value: string | null): void {
  const storage = safeStorage();
  if (!storage) return;
  if (value === null) storage.removeItem(storageKey(name));
  else storage.setItem(storageKey(name), value);
}

/** The stored user info, or null when absent or not of the expected shape (treated as signed out). */
export function readUserInfo(): UserInfo | null {
  const raw = safeStorage()?.getItem(USER_INFO_KEY);
  if (!raw) return null;
  try {
    // Local data written by this app (from a validated sign-in answer): a structural check is enough, and
    // keeps the schema library out of the first page load.
    const info = JSON.parse(raw) as Partial<Record<keyof UserInfo, unknown>>;
    const text = (v: unknown) => typeof v === 'string' && v.length > 0;
    if (!text(info.accessToken) || !text(info.id)) return null;
    return info as UserInfo;
  } catch {
    return null;
  }
}

/**
 * The signed-in user's id, for every call that names the user: the stored `id`, never the login answer's
 * `userId`. (Here rather than beside the schema: the session machine needs it on the sign-in page, which
 * loads no schema library.)
 */
export const userIdOf = (info: Pick<UserInfo, 'id'> | null | undefined): string | null => info?.id ?? null;

export function writeUserInfo(info: UserInfo): void {
  safeStorage()?.setItem(USER_INFO_KEY, JSON.stringify(info));
}

/**
 * Calls back with the stored user info whenever another tab changes it (signs in, signs out, signs in as
 * someone else). A tab's own writes raise no storage event. Returns the unsubscribe function.
 */
export function onStoredUserChange(callback: (info: UserInfo | null) => void): () => void {
  const target = globalThis.window;
  if (!target) return () => {};
  const listener = (event: StorageEvent) => {
    // A null key is storage.clear() in the other tab.
    if (event.key === USER_INFO_KEY || event.key === null) callback(readUserInfo());
  };
  target.addEventListener('storage', listener);
  return () => target.removeEventListener('storage', listener);
}

export function clearUserInfo(): void {
  safeStorage()?.removeItem(USER_INFO_KEY);
}

/**
 * What outlives a logout: the device's preferences (language, sidebar; the theme's key is unprefixed) and,
 * in demo builds, the demo backend's own data (a server's, not the user's).
 */
const KEPT_ON_LOGOUT = [storageKey('language'), storageKey('sidebar-collapsed')];
const isKeptOnLogout = (key: string) => KEPT_ON_LOGOUT.includes(key) || key.startsWith(storageKey('demo-'));

/** Logout: the user info and everything else of this product's keys that belongs to the user. */
export function clearUserScopedStorage(): void {
  const storage = safeStorage();
  if (!storage) return;
  for (let i = storage.length - 1; i >= 0; i--) {
    const key = storage.key(i);
    if (key?.startsWith(STORAGE_PREFIX) && !isKeptOnLogout(key)) storage.removeItem(key);
  }
}
