import type { DatabaseConnection, DatabaseTestResult } from '../../../api/schemas/database';
import {
  type DatabaseContext,
  databaseMachine,
} from '../../../machines/botSettings/database/database.machine';
import { firstInvalid, validate } from '../../../machines/botSettings/database/databaseForm';
import { secret } from '../../../machines/botSettings/database/secret';
import { type FlowModel, failingOrNotOffered, oneOf } from '../../../machines/model';

/** A stored connection as the server answers it: the password set, never sent back. */
export const storedConnection = (over: Partial<DatabaseConnection> = {}): DatabaseConnection => ({
  type: 'postgresql',
  mode: 'fields',
  host: 'db.acme.test',
  port: 5432,
  database: 'shop',
  user: 'app',
  passwordSet: true,
  updatedAt: '2026-11-24T10:00:00.000Z',
  ...over,
});

export const testPassed: DatabaseTestResult = { ok: true, serverVersion: 'PostgreSQL 16.4', latencyMs: 23 };
export const testRefused: DatabaseTestResult = {
  ok: false,
  reason: 'authFailed',
  message: 'Authentication failed for user "app"',
};

/** The password the model types: the tests prove it never shows up in a snapshot or a timeline. */
export const MODEL_PASSWORD = 'model-s3cret';

export const databaseModel: FlowModel<{ botId: string }> = {
  id: 'database',
  machine: databaseMachine,
  input: { botId: 'bot-ava' },
  events: [
    { type: 'database.opened' },
    { type: 'database.closed' },
    { type: 'summary.retried' },
    { type: 'load.retried' },
    { type: 'field.changed', field: 'host', value: 'db.acme.test' },
    { type: 'type.changed', value: 'mysql' },
    { type: 'mode.changed', value: 'url' },
    { type: 'mode.changed', value: 'fields' },
    { type: 'secret.changed', field: 'password', value: secret(MODEL_PASSWORD) },
    {
      type: 'secret.changed',
      field: 'connectionString',
      value: secret(`postgresql://app:${MODEL_PASSWORD}@db.acme.test/shop`),
    },
    { type: 'secret.replaceRequested', field: 'password' },
    { type: 'secret.keepRequested', field: 'password' },
    { type: 'connection.tested' },
    { type: 'connection.saved' },
    { type: 'remove.requested' },
    { type: 'remove.confirmed' },
    { type: 'remove.cancelled' },
  ],
  outputs: {
    readConnection: oneOf(null, storedConnection()),
    loadConnection: oneOf(null, storedConnection()),
    testConnection: oneOf(testPassed, testRefused),
    saveConnection: storedConnection(),
    removeConnection: { success: true },
  },
  errors: {
    readConnection: failingOrNotOffered('readConnection'),
    loadConnection: failingOrNotOffered('loadConnection'),
  },
  // What decides the guards and what the dialog shows; what was typed only as valid or not.
  serialize: ({ context: c }: { context: DatabaseContext }) => [
    c.stored === null ? null : c.stored.passwordSet,
    c.form.type,
    c.form.mode,
    firstInvalid(validate(c.form, c.stored)),
    c.form.keep,
    Object.keys(c.errors).length > 0,
    c.result?.ok ?? null,
    c.failure?.during ?? null,
  ],
};
