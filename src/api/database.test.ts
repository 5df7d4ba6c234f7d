// @vitest-environment node
import { inspect } from 'node:util';
import { HttpResponse, http as mswHttp } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installMemoryStorage } from '../../tests/memoryStorage';
import { configureClient, resetClient } from './client';
import {
  getDatabaseConnection,
  removeDatabaseConnection,
  saveDatabaseConnection,
  testDatabaseConnection,
} from './database';
import { ApiError } from './errors';
import type { DatabaseBody } from './schemas/database';
import { maskConnectionString, parseConnectionString } from './schemas/database';
import { writeUserInfo } from './storage';

const BASE = 'http://api.test/api/v1';
const server = setupServer();
const PASSWORD = 'api-s3cret';
const body: DatabaseBody = {
  mode: 'fields',
  type: 'mysql',
  host: 'db.acme.test',
  port: 3306,
  database: 'shop',
  user: 'app',
  password: PASSWORD,
};

installMemoryStorage();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => {
  resetClient();
  configureClient({ baseURL: BASE, onUnauthorized: () => {}, currentLocation: () => '/' });
  writeUserInfo({ accessToken: 'tok', id: 'u1', userId: 'u1' });
});

/** Everything an error carries, however deep (its cause chain, the request options of an HTTP error). */
function everything(error: unknown): string {
  const seen = new Set<unknown>();
  const out: string[] = [];
  const walk = (value: unknown, depth: number) => {
    if (depth > 8 || value === null || seen.has(value)) return;
    if (typeof value === 'string') out.push(value);
    if (typeof value !== 'object' && typeof value !== 'function') return;
    seen.add(value);
    for (const key of Reflect.ownKeys(value as object)) {
      try {
        walk((value as Record<PropertyKey, unknown>)[key], depth + 1);
      } catch {
        // A getter that throws.
      }
    }
  };
  walk(error, 0);
  return `${out.join('\n')}\n${inspect(error, { depth: 8, showHidden: true })}\n${String(error)}`;
}

describe('external database calls', () => {
  it('reads no connection as null, and a connection from a server that says little', async () => {
    server.use(
      mswHttp.get(`${BASE}/chatbots/bot%201/database`, () => HttpResponse.json({ connection: null })),
    );
    expect(await getDatabaseConnection('bot 1')).toBeNull();
    server.use(mswHttp.get(`${BASE}/chatbots/b/database`, () => HttpResponse.json({})));
    expect(await getDatabaseConnection('b')).toBeNull();
    server.use(
      mswHttp.get(`${BASE}/chatbots/b/database`, () =>
        HttpResponse.json({ connection: { type: 'postgresql', host: 'h', vendorField: 1 } }),
      ),
    );
    expect(await getDatabaseConnection('b')).toEqual({
      type: 'postgresql',
      host: 'h',
      vendorField: 1,
      passwordSet: false,
    });
  });

  it('sends the body it was given and reads a test answer, an unknown reason as other', async () => {
    const sent = vi.fn();
    server.use(
      mswHttp.post(`${BASE}/chatbots/b/database/test`, async ({ request }) => {
        sent(await request.json());
        return HttpResponse.json({ ok: false, reason: 'quotaExceeded', message: 'Too many tests' });
      }),
    );
    expect(await testDatabaseConnection('b', body)).toEqual({
      ok: false,
      reason: 'other',
      message: 'Too many tests',
    });
    expect(sent).toHaveBeenCalledWith(body);
  });

  it('sends nothing the rules refuse', async () => {
    await expect(saveDatabaseConnection('b', { ...body, port: 0 })).rejects.toThrow();
    await expect(
      testDatabaseConnection('b', { mode: 'url', type: 'mongodb', connectionString: 'postgres://h/d' }),
    ).rejects.toThrow();
  });

  it.each([
    [
      'an error answer',
      () => HttpResponse.json({ statusCode: 500, message: 'Internal error' }, { status: 500 }),
    ],
    ['no answer', () => HttpResponse.error()],
  ])('fails with %s as an ApiError that does not carry the request body', async (_, answer) => {
    server.use(
      mswHttp.put(`${BASE}/chatbots/b/database`, answer),
      mswHttp.post(`${BASE}/chatbots/b/database/test`, answer),
    );
    for (const call of [() => saveDatabaseConnection('b', body), () => testDatabaseConnection('b', body)]) {
      const error = await call().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).cause).toBeUndefined();
      expect(everything(error)).not.toContain(PASSWORD);
    }
  });

  it('removes a connection', async () => {
    server.use(mswHttp.delete(`${BASE}/chatbots/b/database`, () => HttpResponse.json({ success: true })));
    await expect(removeDatabaseConnection('b')).resolves.toEqual({ success: true });
  });
});

describe('connection strings', () => {
  it('are read in URL form, several hosts, and SQL Server options', () => {
    expect(parseConnectionString('postgresql://app:p%40ss@db.acme.test:6543/shop?sslmode=require')).toEqual({
      scheme: 'postgresql',
      user: 'app',
      password: 'p@ss',
      host: 'db.acme.test',
      port: 6543,
      database: 'shop',
    });
    expect(parseConnectionString('mongodb://a:b@h1:27017,h2:27017/db?replicaSet=rs0')).toMatchObject({
      host: 'h1',
      port: 27017,
      database: 'db',
    });
    expect(
      parseConnectionString('sqlserver://sql.acme.test:1433;databaseName=shop;user=sa;password=x'),
    ).toMatchObject({
      host: 'sql.acme.test',
      database: 'shop',
      user: 'sa',
      password: 'x',
    });
    for (const bad of [
      'postgresql://',
      'postgresql://u:p@:5432/d',
      'postgresql://h:99999/d',
      'db.acme.test',
      'postgresql://a b/c',
    ])
      expect(parseConnectionString(bad), bad).toBeNull();
  });

  it('are masked wherever a password may stand', () => {
    expect(maskConnectionString('postgres://app:s3cret@h/d')).toBe('postgres://app:****@h/d');
    expect(maskConnectionString('mysql://app@h/d')).toBe('mysql://app@h/d');
    expect(maskConnectionString('sqlserver://h;user=sa;Password=s3cret;encrypt=true')).toBe(
      'sqlserver://h;user=sa;Password=****;encrypt=true',
    );
    expect(maskConnectionString('mongodb://h/d?user=a&pwd=s3cret')).toBe('mongodb://h/d?user=a&pwd=****');
  });
});
