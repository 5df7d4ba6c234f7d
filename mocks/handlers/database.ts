import { HttpResponse } from 'msw';
import type { Ok } from '../../src/api/schemas/common';
import {
  type DatabaseBody,
  DatabaseBodySchema,
  type DatabaseConnection,
  type DatabaseTestResult,
  type DatabaseType,
  DEFAULT_PORTS,
  maskConnectionString,
  PASSWORD_MASK,
  parseConnectionString,
  schemeMatches,
} from '../../src/api/schemas/database';
import { isoNow } from '../clock';
import { db, type UserRecord } from '../db';
import { authedRoute, fail, readBody } from './common';

/*
 * A bot's external database connection (issue 16, point 4).
 *
 * GET    /chatbots/{id}/database        -> { connection: DatabaseConnection | null }
 * PUT    /chatbots/{id}/database        -> the connection as stored (no password; a string's is masked)
 * DELETE /chatbots/{id}/database        -> { success: true }
 * POST   /chatbots/{id}/database/test   -> DatabaseTestResult (a refused connection is a 200 with ok false)
 *
 * A test's outcome is deterministic, checked in this order:
 * 1. a connection string that cannot be read (no host, a bad port, not `scheme://...`) or whose scheme is not
 *    the type's: `invalidConnectionString`;
 * 2. a host ending in `.invalid` or containing `unreachable`: `unreachable`;
 * 3. no password, or the password `wrong`: `authFailed`;
 * 4. anything else connects: `ok`, with the type's server version and a latency of 8 to 47 ms (from the host).
 *
 * Secrets: passwords live in this module's memory only, never in the demo's local-storage snapshot (the
 * settings without the password are kept there, under the snapshot's prefix, so "reset data" clears them).
 * After a reload the demo has the connection's settings but no password: it answers `passwordSet: false`,
 * and a test without a new password fails with bad credentials, as a server that lost it would.
 */

/** What the mock keeps of a connection, apart from its password. */
interface StoredConnection {
  botId: string;
  ownerId: string;
  type: DatabaseType;
  mode: 'fields' | 'url';
  host: string;
  port: number;
  database: string;
  user: string;
  /** With mode url: the string as saved, its password replaced by PASSWORD_MASK. */
  connectionString: string | null;
  updatedAt: string;
}

interface Store {
  connections: Map<string, StoredConnection>;
  /** Passwords by bot id: memory only. */
  secrets: Map<string, string>;
}

/** Shares the demo snapshot's prefix (mocks/persistence.ts), so clearing the snapshot clears it too. */
export const DATABASE_SETTINGS_KEY = 'influx-demo-db:databaseConnections';
const SNAPSHOT_KEY = 'influx-demo-db';

function storage(): Storage | null {
  try {
    return typeof window !== 'undefined' && typeof localStorage !== 'undefined' ? localStorage : null;
  } catch {
    return null;
  }
}

/** Where the demo persists its data (a snapshot exists): the settings are kept beside it, never a password. */
function persistedStorage(): Storage | null {
  const store = storage();
  return store?.getItem(SNAPSHOT_KEY) != null ? store : null;
}

function loadSettings(): Map<string, StoredConnection> {
  const stored = persistedStorage()?.getItem(DATABASE_SETTINGS_KEY);
  if (!stored) return new Map();
  try {
    const list = JSON.parse(stored) as StoredConnection[];
    return new Map(list.map((c) => [c.botId, c]));
  } catch {
    return new Map();
  }
}

function saveSettings(connections: Map<string, StoredConnection>): void {
  try {
    persistedStorage()?.setItem(DATABASE_SETTINGS_KEY, JSON.stringify([...connections.values()]));
  } catch {
    // Storage full: the settings live in memory like the rest of the demo.
  }
}

/*
 * One store per generation of the data: resetDb (tests, the demo's reset, a restore) swaps the collections,
 * and a new chatbots collection starts an empty store (with the persisted settings, if any).
 */
const stores = new WeakMap<object, Store>();
function store(): Store {
  let s = stores.get(db.chatbots);
  if (!s) {
    s = { connections: loadSettings(), secrets: new Map() };
    stores.set(db.chatbots, s);
  }
  return s;
}

function ownBot(id: string, user: UserRecord) {
  const bot = db.chatbots.findFirst((q) => q.where((b) => b.id === id));
  if (!bot || bot.ownerId !== user.id) throw fail.notFound('Chatbot');
  return bot;
}

function toAnswer(c: StoredConnection, passwordSet: boolean): DatabaseConnection {
  const common = { type: c.type, mode: c.mode, passwordSet, updatedAt: c.updatedAt };
  const where = { host: c.host, port: c.port, database: c.database, user: c.user };
  return c.connectionString === null
    ? { ...common, ...where }
    : { ...common, ...where, connectionString: c.connectionString };
}

/** What a test or a save works with: the body with the stored secret where it was left out. */
interface Effective {
  type: DatabaseType;
  mode: 'fields' | 'url';
  /** Null when a string cannot be read. */
  host: string | null;
  port: number;
  database: string;
  user: string;
  password: string | null;
  connectionString: string | null;
}

function effective(
  body: DatabaseBody,
  stored: StoredConnection | undefined,
  secret: string | undefined,
): Effective {
  if (body.mode === 'fields') {
    return {
      type: body.type,
      mode: 'fields',
      host: body.host.trim(),
      port: body.port,
      database: body.database.trim(),
      user: body.user.trim(),
      password: body.password ?? secret ?? null,
      connectionString: null,
    };
  }
  const keep = body.connectionString === undefined;
  const raw = body.connectionString ?? stored?.connectionString ?? null;
  if (raw === null) throw fail.validation('connectionString: required');
  const parsed = schemeMatches(body.type, raw) ? parseConnectionString(raw) : null;
  const password = keep ? (secret ?? null) : (parsed?.password ?? null);
  return {
    type: body.type,
    mode: 'url',
    host: parsed?.host ?? null,
    port: parsed?.port ?? DEFAULT_PORTS[body.type],
    database: parsed?.database ?? '',
    user: parsed?.user ?? '',
    password: password === PASSWORD_MASK && !keep ? null : password,
    connectionString: raw,
  };
}

const SERVER_VERSIONS: Record<DatabaseType, string> = {
  postgresql: 'PostgreSQL 16.4',
  mysql: 'MySQL 8.4.2',
  sqlserver: 'Microsoft SQL Server 2022 (16.0.4135.4)',
  mongodb: 'MongoDB 7.0.14',
};

const hash = (s: string) => [...s].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7);

/** The documented outcome of connecting (see the top of this file). */
export function tryConnection(c: Effective): DatabaseTestResult {
  if (c.host === null) {
    return {
      ok: false,
      reason: 'invalidConnectionString',
      message: 'The connection string could not be parsed',
    };
  }
  const host = c.host.toLowerCase();
  if (host.endsWith('.invalid') || host.includes('unreachable')) {
    return {
      ok: false,
      reason: 'unreachable',
      message: `Could not reach ${c.host}:${c.port}: connection timed out`,
    };
  }
  if (!c.password || c.password === 'wrong') {
    return {
      ok: false,
      reason: 'authFailed',
      message: `Authentication failed for user "${c.user}"`,
    };
  }
  return { ok: true, serverVersion: SERVER_VERSIONS[c.type], latencyMs: 8 + (hash(host) % 40) };
}

/** Stores a connection for a bot, as a save does (also the fixtures' and the provider states' way in). */
export function storeConnection(ownerId: string, botId: string, body: DatabaseBody): StoredConnection {
  const s = store();
  const stored = s.connections.get(botId);
  const c = effective(body, stored, s.secrets.get(botId));
  if (c.host === null) throw fail.validation('connectionString: not a valid connection string');
  const record: StoredConnection = {
    botId,
    ownerId,
    type: c.type,
    mode: c.mode,
    host: c.host,
    port: c.port,
    database: c.database,
    user: c.user,
    connectionString: c.connectionString === null ? null : maskConnectionString(c.connectionString),
    updatedAt: isoNow(),
  };
  s.connections.set(botId, record);
  if (c.password) s.secrets.set(botId, c.password);
  else s.secrets.delete(botId);
  saveSettings(s.connections);
  return record;
}

/** For fixtures and provider states: a bot of `ownerId` with a stored connection. */
export const givenDatabaseConnection = (ownerId: string, botId: string, body: DatabaseBody) =>
  storeConnection(ownerId, botId, body);

/** For tests: what the mock holds for a bot (the password only through `secretOf`). */
export const connectionOf = (botId: string) => store().connections.get(botId);
export const secretOf = (botId: string) => store().secrets.get(botId);

function found(botId: string, user: UserRecord) {
  ownBot(botId, user);
  const s = store();
  const stored = s.connections.get(botId);
  return stored?.ownerId === user.id ? stored : undefined;
}

export const databaseHandlers = [
  authedRoute('get', '/chatbots/:id/database', ({ params, user }) => {
    const stored = found(params.id ?? '', user);
    const connection = stored ? toAnswer(stored, store().secrets.has(stored.botId)) : null;
    return HttpResponse.json({ connection });
  }),

  authedRoute('put', '/chatbots/:id/database', async ({ request, params, user }) => {
    const botId = params.id ?? '';
    found(botId, user);
    const body = await readBody(request, DatabaseBodySchema);
    const record = storeConnection(user.id, botId, body);
    return HttpResponse.json(toAnswer(record, store().secrets.has(botId)));
  }),

  authedRoute('delete', '/chatbots/:id/database', ({ params, user }) => {
    const botId = params.id ?? '';
    found(botId, user);
    const s = store();
    s.connections.delete(botId);
    s.secrets.delete(botId);
    saveSettings(s.connections);
    return HttpResponse.json({ success: true } satisfies Ok);
  }),

  authedRoute('post', '/chatbots/:id/database/test', async ({ request, params, user }) => {
    const botId = params.id ?? '';
    const stored = found(botId, user);
    const body = await readBody(request, DatabaseBodySchema);
    const result = tryConnection(effective(body, stored, store().secrets.get(botId)));
    return HttpResponse.json(result);
  }),
];
