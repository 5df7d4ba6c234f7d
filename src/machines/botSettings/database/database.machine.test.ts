import { inspect } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { recordToasts, stopStandIns } from '../../../../tests/appSystem';
import { describeStateViews } from '../../../../tests/stateViews';
import { ApiError } from '../../../api/errors';
import type { DatabaseBody, DatabaseConnection, DatabaseTestResult } from '../../../api/schemas/database';
import {
  databaseModel,
  MODEL_PASSWORD,
  storedConnection,
  testPassed,
  testRefused,
} from '../../../demo/qa/flowModels/database.flowModel';
import { qaRuntime } from '../../../demo/qa/runtime';
import { snapshotFor } from '../../model';
import { databaseMachine, databaseMessages, type RequestInput } from './database.machine';
import { emptyForm, formMessages, formOf, toBody, validate, withType } from './databaseForm';
import { asSecret, REDACTED, secret } from './secret';

type Snap = SnapshotFrom<typeof databaseMachine>;
const settle = () => new Promise((r) => setTimeout(r, 0));
const PASSWORD = 'typed-s3cret';

afterEach(() => stopStandIns());

function start(
  over: {
    load?: () => Promise<DatabaseConnection | null>;
    test?: (body: DatabaseBody) => Promise<DatabaseTestResult>;
    save?: (body: DatabaseBody) => Promise<DatabaseConnection>;
    remove?: () => Promise<unknown>;
  } = {},
) {
  const toasts = vi.fn();
  const app = recordToasts(toasts);
  const signals: AbortSignal[] = [];
  const spies = {
    load: vi.fn(over.load ?? (async () => storedConnection())),
    test: vi.fn(over.test ?? (async () => testPassed)),
    save: vi.fn(over.save ?? (async () => storedConnection({ database: 'orders' }))),
    remove: vi.fn(over.remove ?? (async () => ({ success: true }))),
  };
  const body = (input: RequestInput) => toBody(input.form, input.stored);
  const actor = app.run(
    databaseMachine.provide({
      actors: {
        loadConnection: fromPromise(() => spies.load()),
        testConnection: fromPromise(({ input, signal }: { input: RequestInput; signal: AbortSignal }) => {
          signals.push(signal);
          return spies.test(body(input));
        }),
        saveConnection: fromPromise(({ input }: { input: RequestInput }) => spies.save(body(input))),
        removeConnection: fromPromise(() => spies.remove()),
      },
    }),
    { input: { botId: 'bot-1' } },
  );
  return { actor, toasts, spies, signals };
}

async function opened(over: Parameters<typeof start>[0] = {}) {
  const run = start(over);
  await settle();
  run.actor.send({ type: 'database.opened' });
  await settle();
  return run;
}

describe('the connection form', () => {
  it('checks the fields before anything is sent, in the order shown', () => {
    expect(Object.keys(validate(emptyForm(), null))).toEqual(['host', 'database', 'user', 'password']);
    const ok = { ...emptyForm(), host: 'h', database: 'd', user: 'u', password: secret('p') };
    expect(validate(ok, null)).toEqual({});
    for (const port of ['0', '65536', '', '12a', '-1', '1.5'])
      expect(validate({ ...ok, port }, null).port).toBe(formMessages.portInvalid);
    for (const port of ['1', '65535', ' 5432 ']) expect(validate({ ...ok, port }, null)).toEqual({});
  });

  it('takes a connection string only with a scheme of its type', () => {
    const url = (type: 'postgresql' | 'mysql' | 'sqlserver' | 'mongodb', value: string) =>
      validate({ ...emptyForm(), type, mode: 'url', connectionString: secret(value) }, null);
    expect(url('postgresql', '').connectionString).toBe(formMessages.connectionStringRequired);
    for (const [type, good, bad] of [
      ['postgresql', ['postgres://h/d', 'postgresql://u:p@h:5432/d'], ['mysql://h/d', 'postgresql:h']],
      ['mysql', ['mysql://u:p@h/d'], ['mariadb://h/d']],
      ['sqlserver', ['sqlserver://h;databaseName=d', 'mssql://u:p@h/d'], ['postgres://h/d']],
      ['mongodb', ['mongodb://h/d', 'mongodb+srv://u:p@c.net/d'], ['mongo://h/d']],
    ] as const) {
      for (const value of good) expect(url(type, value)).toEqual({});
      for (const value of bad)
        expect(url(type, value).connectionString?.message).toMatch(/connection string starts/);
    }
  });

  it("brings the new type's port unless another was typed", () => {
    expect(withType(emptyForm(), 'mysql').port).toBe('3306');
    expect(withType({ ...emptyForm(), port: '' }, 'mongodb').port).toBe('27017');
    expect(withType({ ...emptyForm(), port: '6543' }, 'sqlserver').port).toBe('6543');
  });

  it('sends a secret only when it is not the stored one kept', () => {
    const stored = storedConnection();
    const form = formOf(stored);
    expect(form.keep.password).toBe(true);
    expect(toBody(form, stored)).toEqual({
      mode: 'fields',
      type: 'postgresql',
      host: 'db.acme.test',
      port: 5432,
      database: 'shop',
      user: 'app',
    });
    const replaced = { ...form, keep: { ...form.keep, password: false }, password: secret(PASSWORD) };
    expect(toBody(replaced, stored)).toMatchObject({ password: PASSWORD });
    const url = storedConnection({ mode: 'url', connectionString: 'postgresql://app:****@h/d' });
    expect(toBody(formOf(url), url)).toEqual({ mode: 'url', type: 'postgresql' });
  });
});

describe('secrets', () => {
  it('write themselves out redacted everywhere but reveal()', () => {
    const s = secret(PASSWORD);
    expect(s.reveal()).toBe(PASSWORD);
    for (const out of [JSON.stringify({ s }), String(s), `${s}`, inspect({ s }, { depth: 5 })])
      expect(out).not.toContain(PASSWORD);
    expect(JSON.stringify(s)).toBe(`"${REDACTED}"`);
    // A hand-written event (the QA tools) sends text.
    expect(asSecret('typed').reveal()).toBe('typed');
    expect(asSecret(REDACTED).reveal()).toBe('');
  });
});

describe('the external database flow', () => {
  it('reads the summary at start, then loads afresh when the dialog opens', async () => {
    const { actor, spies } = start();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    await settle();
    expect(actor.getSnapshot().matches({ closed: 'known' })).toBe(true);
    expect(actor.getSnapshot().context.stored?.host).toBe('db.acme.test');
    actor.send({ type: 'database.opened' });
    expect(actor.getSnapshot().matches({ open: 'loading' })).toBe(true);
    await settle();
    expect(spies.load).toHaveBeenCalledTimes(2);
    const { form } = actor.getSnapshot().context;
    expect(form).toMatchObject({ host: 'db.acme.test', port: '5432', keep: { password: true } });
    expect(form.password.reveal()).toBe('');
  });

  it('keeps a failed summary in its place with a retry', async () => {
    let fail = true;
    const { actor } = start({
      load: async () => {
        if (fail) throw new ApiError({ kind: 'network', endpoint: 'GET /x', message: 'Network error' });
        return null;
      },
    });
    await settle();
    expect(actor.getSnapshot().matches({ closed: 'unknown' })).toBe(true);
    expect(actor.getSnapshot().context.failure).toEqual({ during: 'summary', message: 'Network error' });
    fail = false;
    actor.send({ type: 'summary.retried' });
    await settle();
    expect(actor.getSnapshot().matches({ closed: 'known' })).toBe(true);
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('refuses an incomplete form without a call and points at the first field', async () => {
    const { actor, spies } = await opened({ load: async () => null });
    const refused = vi.fn();
    actor.on('form.refused', refused);
    actor.send({ type: 'field.changed', field: 'host', value: 'db.acme.test' });
    actor.send({ type: 'connection.tested' });
    expect(refused).toHaveBeenCalledWith({ type: 'form.refused', field: 'database' });
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(['database', 'user', 'password']);
    actor.send({ type: 'connection.saved' });
    expect(spies.test).not.toHaveBeenCalled();
    expect(spies.save).not.toHaveBeenCalled();
    // Typing in a field clears its error only.
    actor.send({ type: 'field.changed', field: 'database', value: 'shop' });
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(['user', 'password']);
  });

  it('tests what is typed and shows the answer until the form changes', async () => {
    const { actor, spies } = await opened({ test: async () => testRefused });
    actor.send({ type: 'secret.replaceRequested', field: 'password' });
    actor.send({ type: 'secret.changed', field: 'password', value: secret(PASSWORD) });
    actor.send({ type: 'connection.tested' });
    expect(actor.getSnapshot().hasTag('testing')).toBe(true);
    await settle();
    expect(spies.test).toHaveBeenCalledWith(
      expect.objectContaining({ host: 'db.acme.test', password: PASSWORD }),
    );
    expect(actor.getSnapshot().matches({ open: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.result).toEqual(testRefused);
    actor.send({ type: 'field.changed', field: 'user', value: 'reader' });
    expect(actor.getSnapshot().context.result).toBeNull();
  });

  it('says why a test could not run and keeps everything typed', async () => {
    const { actor } = await opened({
      test: async () => {
        throw new ApiError({ kind: 'http', status: 500, endpoint: 'POST /t', message: 'Internal error' });
      },
    });
    actor.send({ type: 'field.changed', field: 'host', value: 'other.acme.test' });
    actor.send({ type: 'secret.replaceRequested', field: 'password' });
    actor.send({ type: 'secret.changed', field: 'password', value: secret(PASSWORD) });
    actor.send({ type: 'connection.tested' });
    await settle();
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches({ open: 'editing' })).toBe(true);
    expect(context.failure).toEqual({ during: 'test', message: 'Internal error' });
    expect(context.form.host).toBe('other.acme.test');
    expect(context.form.password.reveal()).toBe(PASSWORD);
  });

  it('saves, closes, shows the saved connection and says so; the stored password is kept by leaving it out', async () => {
    const { actor, spies, toasts } = await opened();
    actor.send({ type: 'field.changed', field: 'database', value: 'orders' });
    actor.send({ type: 'connection.saved' });
    expect(actor.getSnapshot().hasTag('saving')).toBe(true);
    await settle();
    expect(spies.save.mock.calls[0]?.[0]).not.toHaveProperty('password');
    expect(actor.getSnapshot().matches({ closed: 'known' })).toBe(true);
    expect(actor.getSnapshot().context.stored?.database).toBe('orders');
    expect(toasts).toHaveBeenCalledWith({ variant: 'success', title: databaseMessages.saved });
  });

  it('keeps the dialog and what was typed when a save fails', async () => {
    const { actor, toasts } = await opened({
      save: async () => {
        throw new ApiError({
          kind: 'http',
          status: 400,
          endpoint: 'PUT /d',
          message: 'connectionString: invalid',
        });
      },
    });
    actor.send({ type: 'mode.changed', value: 'url' });
    actor.send({
      type: 'secret.changed',
      field: 'connectionString',
      value: secret(`postgresql://a:${PASSWORD}@h/d`),
    });
    actor.send({ type: 'connection.saved' });
    await settle();
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches({ open: 'editing' })).toBe(true);
    expect(context.failure).toEqual({ during: 'save', message: 'connectionString: invalid' });
    expect(context.form.connectionString.reveal()).toContain(PASSWORD);
    expect(toasts).not.toHaveBeenCalled();
  });

  it('closing cancels the request in flight and forgets what was typed', async () => {
    const { actor, signals } = await opened({ test: () => new Promise(() => {}) });
    actor.send({ type: 'secret.replaceRequested', field: 'password' });
    actor.send({ type: 'secret.changed', field: 'password', value: secret(PASSWORD) });
    actor.send({ type: 'connection.tested' });
    await settle();
    expect(signals[0]?.aborted).toBe(false);
    actor.send({ type: 'database.closed' });
    expect(signals[0]?.aborted).toBe(true);
    expect(actor.getSnapshot().matches({ closed: 'known' })).toBe(true);
    expect(actor.getSnapshot().context.form.password.reveal()).toBe('');
    expect(actor.getSnapshot().context.form.keep.password).toBe(true);
  });

  it('disconnects only after a confirmation', async () => {
    const { actor, spies, toasts } = await opened();
    actor.send({ type: 'remove.requested' });
    actor.send({ type: 'remove.cancelled' });
    expect(spies.remove).not.toHaveBeenCalled();
    actor.send({ type: 'remove.requested' });
    actor.send({ type: 'remove.confirmed' });
    await settle();
    expect(actor.getSnapshot().matches({ closed: 'known' })).toBe(true);
    expect(actor.getSnapshot().context.stored).toBeNull();
    expect(toasts).toHaveBeenCalledWith({ variant: 'success', title: databaseMessages.removed });
  });

  it('offers keeping a secret only when the server has one', async () => {
    const { actor } = await opened({ load: async () => storedConnection({ passwordSet: false }) });
    expect(actor.getSnapshot().context.form.keep.password).toBe(false);
    expect(actor.getSnapshot().can({ type: 'secret.keepRequested', field: 'password' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'remove.requested' })).toBe(true);
  });
});

describe('the typed password stays out of snapshots, QA exports and links', () => {
  const serialised = (actor: ReturnType<typeof start>['actor']) =>
    JSON.stringify([actor.getPersistedSnapshot(), actor.getSnapshot().context]);

  it('is redacted in the persisted snapshot, also inside the request in flight', async () => {
    const { actor } = await opened({ test: () => new Promise(() => {}) });
    actor.send({ type: 'secret.replaceRequested', field: 'password' });
    actor.send({ type: 'secret.changed', field: 'password', value: secret(PASSWORD) });
    expect(serialised(actor)).not.toContain(PASSWORD);
    actor.send({ type: 'connection.tested' });
    const persisted = serialised(actor);
    expect(persisted).toContain('testConnection');
    expect(persisted).toContain(REDACTED);
    expect(persisted).not.toContain(PASSWORD);
    expect(inspect(actor.getPersistedSnapshot(), { depth: 20 })).not.toContain(PASSWORD);
  });

  it("is redacted in the QA tools' timeline", async () => {
    qaRuntime.clearTimeline();
    const actor = createActor(databaseMachine, {
      id: 'database',
      input: { botId: 'bot-1' },
      inspect: qaRuntime.inspector(),
    });
    actor.start();
    actor.send({ type: 'database.opened' });
    actor.send({ type: 'secret.changed', field: 'password', value: secret(PASSWORD) });
    actor.stop();
    expect(qaRuntime.timeline().length).toBeGreaterThan(0);
    expect(JSON.stringify(qaRuntime.timeline())).not.toContain(PASSWORD);
    qaRuntime.clearTimeline();
  });

  it("is not in a QA state link's snapshot of any state", () => {
    for (const state of ['database.open.editing', 'database.open.testing', 'database.open.saving']) {
      const jump = snapshotFor(databaseModel, state);
      expect(jump, state).not.toBeNull();
      expect(JSON.stringify(jump)).not.toContain(MODEL_PASSWORD);
    }
  });
});

const noTyped = (s: Snap) => {
  expect(s.context.form.password.reveal()).toBe('');
  expect(s.context.form.connectionString.reveal()).toBe('');
  expect(s.context.errors).toEqual({});
  expect(s.context.result).toBeNull();
};
const request = (input: RequestInput, s: Snap) => {
  expect(input).toEqual({ botId: 'bot-ava', form: s.context.form, stored: s.context.stored });
  expect(validate(input.form, input.stored)).toEqual({});
};

describeStateViews(databaseModel, {
  // Nothing to open, retry or keep: what was typed is gone too.
  notOffered: {
    tags: ['notOffered'],
    shows: (s: Snap) => {
      noTyped(s);
      expect(s.context.failure).toBeNull();
      expect(s.context.stored).toBeNull();
    },
  },
  closed: { enabled: ['database.opened'], shows: noTyped },
  'closed.reading': {
    tags: ['loading'],
    runs: { loadConnection: (input: unknown) => expect(input).toEqual({ botId: 'bot-ava' }) },
  },
  'closed.known': { shows: (s: Snap) => expect(s.context.failure).toBeNull() },
  'closed.unknown': {
    tags: ['error'],
    enabled: ['summary.retried'],
    shows: (s: Snap) => expect(s.context.failure?.during).toBe('summary'),
  },
  open: { enabled: ['database.closed'] },
  'open.loading': {
    tags: ['loading', 'busy'],
    runs: { loadConnection: (input: unknown) => expect(input).toEqual({ botId: 'bot-ava' }) },
    shows: (s: Snap) => {
      noTyped(s);
      expect(s.context.failure).toBeNull();
    },
  },
  'open.loadFailed': {
    tags: ['error'],
    enabled: ['load.retried'],
    shows: (s: Snap) => expect(s.context.failure?.during).toBe('load'),
  },
  'open.editing': {
    enabled: (s: Snap) => [
      'field.changed',
      'type.changed',
      'mode.changed',
      'secret.changed',
      'secret.replaceRequested',
      'connection.tested',
      'connection.saved',
      ...(s.context.stored?.passwordSet ? ['secret.keepRequested'] : []),
      ...(s.context.stored ? ['remove.requested'] : []),
    ],
    shows: (s: Snap) => {
      // An error is shown only for a field that is wrong.
      const wrong = validate(s.context.form, s.context.stored);
      for (const field of Object.keys(s.context.errors)) expect(wrong).toHaveProperty(field);
    },
  },
  'open.testing': {
    tags: ['busy', 'testing'],
    runs: { testConnection: request },
    shows: (s: Snap) =>
      expect([s.context.result, s.context.failure, s.context.errors]).toEqual([null, null, {}]),
  },
  'open.saving': {
    tags: ['busy', 'saving'],
    runs: { saveConnection: request },
    shows: (s: Snap) =>
      expect([s.context.result, s.context.failure, s.context.errors]).toEqual([null, null, {}]),
  },
  'open.confirmingRemove': {
    enabled: ['remove.confirmed', 'remove.cancelled'],
    shows: (s: Snap) => expect(s.context.stored).not.toBeNull(),
  },
  'open.removing': {
    tags: ['busy', 'removing'],
    runs: { removeConnection: (input: unknown) => expect(input).toEqual({ botId: 'bot-ava' }) },
  },
});
