import { beforeEach, describe, expect, it } from 'vitest';
import { DatabaseConnectionSchema, DatabaseTestResultSchema } from '../src/api/schemas/database';
import { type GivenUser, givenChatbot, givenUser } from './fixtures';
import { connectionOf, DATABASE_SETTINGS_KEY, secretOf } from './handlers/database';
import { clearSnapshot, restoreSnapshot, SNAPSHOT_KEY, saveSnapshot } from './persistence';
import { call, withMockServer } from './testing';

withMockServer();

let u: GivenUser;
beforeEach(async () => {
  u = await givenUser({ email: 'db@b.test', planName: 'Pro' });
  await givenChatbot(u.id, { id: 'bot-1', name: 'Support bot' });
});

const fields = (over: Record<string, unknown> = {}) => ({
  mode: 'fields',
  type: 'postgresql',
  host: 'db.acme.test',
  port: 5432,
  database: 'shop',
  user: 'app',
  password: 's3cret-pw',
  ...over,
});
const url = (connectionString?: string, type = 'postgresql') => ({ mode: 'url', type, connectionString });

const read = () => call('GET', '/chatbots/bot-1/database', { token: u.token });
const test = (body: unknown) => call('POST', '/chatbots/bot-1/database/test', { token: u.token, body });
const save = (body: unknown) => call('PUT', '/chatbots/bot-1/database', { token: u.token, body });

describe('external database of a bot', () => {
  it('answers no connection yet as a normal answer', async () => {
    expect(await read()).toEqual({ status: 200, body: { connection: null } });
  });

  it("refuses calls without a session, and hides another user's bot", async () => {
    expect((await call('GET', '/chatbots/bot-1/database')).status).toBe(401);
    const other = await givenUser({ email: 'other@b.test' });
    for (const answer of [
      await call('GET', '/chatbots/bot-1/database', { token: other.token }),
      await call('PUT', '/chatbots/bot-1/database', { token: other.token, body: fields() }),
      await call('POST', '/chatbots/bot-1/database/test', { token: other.token, body: fields() }),
      await call('DELETE', '/chatbots/bot-1/database', { token: other.token }),
    ]) {
      expect(answer).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
    }
  });

  it('tests with the documented, deterministic outcomes', async () => {
    const outcome = async (body: unknown) => DatabaseTestResultSchema.parse((await test(body)).body);
    expect(await outcome(fields())).toEqual({
      ok: true,
      serverVersion: 'PostgreSQL 16.4',
      latencyMs: expect.any(Number),
    });
    expect((await outcome(fields())).latencyMs).toBe((await outcome(fields())).latencyMs);
    expect(await outcome(fields({ type: 'mysql', port: 3306 }))).toMatchObject({
      serverVersion: 'MySQL 8.4.2',
    });
    expect(await outcome(fields({ host: 'db.acme.invalid' }))).toMatchObject({
      ok: false,
      reason: 'unreachable',
      message: 'Could not reach db.acme.invalid:5432: connection timed out',
    });
    expect(await outcome(fields({ host: 'unreachable-db.acme.test' }))).toMatchObject({
      reason: 'unreachable',
    });
    expect(await outcome(fields({ password: 'wrong' }))).toMatchObject({ ok: false, reason: 'authFailed' });
    // No password given and none stored.
    expect(await outcome(fields({ password: undefined }))).toMatchObject({ reason: 'authFailed' });
    expect(await outcome(url('postgresql://app:pw@:5432/shop'))).toMatchObject({
      ok: false,
      reason: 'invalidConnectionString',
    });
    expect(await outcome(url('postgresql://app:pw@db.acme.test:99999/shop'))).toMatchObject({
      reason: 'invalidConnectionString',
    });
    expect(await outcome(url('mongodb+srv://app:pw@cluster0.acme.net/shop', 'mongodb'))).toMatchObject({
      ok: true,
      serverVersion: 'MongoDB 7.0.14',
    });
    expect(
      await outcome(
        url('sqlserver://sql.acme.test:1433;databaseName=shop;user=sa;password=wrong', 'sqlserver'),
      ),
    ).toMatchObject({ reason: 'authFailed' });
  });

  it('refuses a body the rules refuse, naming the field', async () => {
    expect((await test(fields({ port: 70000 }))).body).toMatchObject({ statusCode: 400, message: /^port: / });
    expect((await save(url('mysql://app:pw@db/shop'))).body.message).toMatch(/^connectionString: /);
    expect((await save(url('postgresql://app:pw@:1/shop'))).body).toMatchObject({
      statusCode: 400,
      message: 'connectionString: not a valid connection string',
    });
    expect((await save(url(undefined))).body.message).toBe('connectionString: required');
  });

  it('saves a connection and never answers its password again; leaving it out keeps it', async () => {
    const saved = await save(fields());
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain('s3cret-pw');
    expect(DatabaseConnectionSchema.parse(saved.body)).toMatchObject({
      type: 'postgresql',
      mode: 'fields',
      host: 'db.acme.test',
      port: 5432,
      database: 'shop',
      user: 'app',
      passwordSet: true,
    });
    const again = await read();
    expect(again.body.connection).toMatchObject({ host: 'db.acme.test', passwordSet: true });
    expect(JSON.stringify(again.body)).not.toContain('s3cret-pw');
    // The stored password is used by a test and kept by a save that leaves it out.
    expect((await test(fields({ password: undefined }))).body).toMatchObject({ ok: true });
    await save(fields({ database: 'orders', password: undefined }));
    expect(secretOf('bot-1')).toBe('s3cret-pw');
    expect(connectionOf('bot-1')?.database).toBe('orders');
    await save(fields({ password: 'n3w-pw' }));
    expect(secretOf('bot-1')).toBe('n3w-pw');
  });

  it('answers a stored connection string with its password masked, and keeps it when left out', async () => {
    const saved = await save(url('postgresql://app:s3cret-pw@db.acme.test:6543/shop?sslmode=require'));
    expect(saved.body).toMatchObject({
      mode: 'url',
      connectionString: 'postgresql://app:****@db.acme.test:6543/shop?sslmode=require',
      host: 'db.acme.test',
      port: 6543,
      database: 'shop',
      passwordSet: true,
    });
    expect(JSON.stringify((await read()).body)).not.toContain('s3cret-pw');
    expect((await test(url(undefined))).body).toMatchObject({ ok: true });
    const sql = await save(
      url('sqlserver://sql.acme.test;databaseName=shop;user=sa;password=s3cret-pw', 'sqlserver'),
    );
    expect(sql.body.connectionString).toBe(
      'sqlserver://sql.acme.test;databaseName=shop;user=sa;password=****',
    );
  });

  it('removes the connection and its password', async () => {
    await save(fields());
    expect(await call('DELETE', '/chatbots/bot-1/database', { token: u.token })).toEqual({
      status: 200,
      body: { success: true },
    });
    expect((await read()).body).toEqual({ connection: null });
    expect(secretOf('bot-1')).toBeUndefined();
  });
});

describe('the demo keeps no password in local storage', () => {
  beforeEach(() => clearSnapshot());

  it('persists the settings beside the snapshot, without the password; after a reload it asks for it', async () => {
    expect(saveSnapshot('happy')).toBe(true);
    await save(fields());
    await save(fields({ password: undefined, database: 'orders' }));
    const everything = JSON.stringify({ ...localStorage });
    expect(everything).not.toContain('s3cret-pw');
    expect(localStorage.getItem(DATABASE_SETTINGS_KEY)).toContain('db.acme.test');

    // A reload: the data comes back from the snapshot, the password does not.
    saveSnapshot('happy');
    expect(await restoreSnapshot('happy')).toBe(true);
    expect((await read()).body.connection).toMatchObject({
      host: 'db.acme.test',
      database: 'orders',
      passwordSet: false,
    });
    expect((await test(fields({ password: undefined }))).body).toMatchObject({
      ok: false,
      reason: 'authFailed',
    });
    expect((await test(fields({ password: 'again' }))).body).toMatchObject({ ok: true });
  });

  it('writes nothing where the demo persists nothing, and a cleared snapshot clears the settings', async () => {
    await save(fields());
    expect(localStorage.getItem(DATABASE_SETTINGS_KEY)).toBeNull();
    saveSnapshot('happy');
    await save(fields());
    expect(localStorage.getItem(SNAPSHOT_KEY)).not.toBeNull();
    clearSnapshot();
    expect(localStorage.getItem(DATABASE_SETTINGS_KEY)).toBeNull();
  });
});
