import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, emit, setup } from 'xstate';
import {
  getDatabaseConnection,
  removeDatabaseConnection,
  saveDatabaseConnection,
  testDatabaseConnection,
} from '../../../api/database';
import type {
  ConnectionMode,
  DatabaseConnection,
  DatabaseTestResult,
  DatabaseType,
} from '../../../api/schemas/database';
import { describeError, notOffered } from '../../errors';
import { fromRequest } from '../../request';
import { raiseToast } from '../../system';
import {
  canKeep,
  type DatabaseForm,
  type FormErrors,
  type FormField,
  firstInvalid,
  formOf,
  type SecretField,
  type TextField,
  toBody,
  validate,
  withType,
} from './databaseForm';
import { asSecret, NO_SECRET, type Secret } from './secret';

export interface DatabaseInput {
  /** The saved bot the connection belongs to. */
  botId: string;
}

export const databaseMessages = {
  saved: msg`Database connection saved`,
  removed: msg`Database disconnected`,
};

/** What failed last, for the dialog (or the summary) to say; the form keeps what was typed. */
export interface DatabaseFailure {
  during: 'summary' | 'load' | 'test' | 'save' | 'remove';
  message: MessageDescriptor | string;
}

export interface DatabaseContext extends DatabaseInput {
  /** The connection as the server has it (never a password); null while the bot has none. */
  stored: DatabaseConnection | null;
  form: DatabaseForm;
  /** Fields the last test or save was refused for, before anything was sent. */
  errors: FormErrors;
  /** The answer of the last test, until the form changes. */
  result: DatabaseTestResult | null;
  failure: DatabaseFailure | null;
}

export type DatabaseEvent =
  | { type: 'database.opened' }
  | { type: 'database.closed' }
  | { type: 'summary.retried' }
  | { type: 'load.retried' }
  | { type: 'field.changed'; field: TextField; value: string }
  | { type: 'type.changed'; value: DatabaseType }
  | { type: 'mode.changed'; value: ConnectionMode }
  /** A secret as typed: a Secret from the view (a plain string is accepted and wrapped). */
  | { type: 'secret.changed'; field: SecretField; value: Secret | string }
  | { type: 'secret.replaceRequested'; field: SecretField }
  | { type: 'secret.keepRequested'; field: SecretField }
  | { type: 'connection.tested' }
  | { type: 'connection.saved' }
  | { type: 'remove.requested' }
  | { type: 'remove.confirmed' }
  | { type: 'remove.cancelled' };

/** A refused test or save, for the view to move the focus to the field. */
export type DatabaseEmitted = { type: 'form.refused'; field: FormField };

export interface RequestInput {
  botId: string;
  /** The form as sent: its secrets are revealed only inside the request (toBody). */
  form: DatabaseForm;
  stored: DatabaseConnection | null;
}

export const failure = (during: DatabaseFailure['during'], event: unknown): DatabaseFailure => ({
  during,
  message: describeError((event as { error?: unknown }).error),
});

/** The connection as stored, and the form showing it (a fresh form: nothing typed is kept over it). */
const show = (stored: DatabaseConnection | null) => ({
  stored,
  form: formOf(stored),
  errors: {},
  result: null,
  failure: null,
});

export const databaseSetup = setup({
  types: {
    context: {} as DatabaseContext,
    input: {} as DatabaseInput,
    events: {} as DatabaseEvent,
    emitted: {} as DatabaseEmitted,
  },
  actors: {
    loadConnection: fromRequest<DatabaseConnection | null, { botId: string }>(({ input, signal }) =>
      getDatabaseConnection(input.botId, signal),
    ),
    testConnection: fromRequest<DatabaseTestResult, RequestInput>(({ input, signal }) =>
      testDatabaseConnection(input.botId, toBody(input.form, input.stored), signal),
    ),
    saveConnection: fromRequest<DatabaseConnection, RequestInput>(({ input, signal }) =>
      saveDatabaseConnection(input.botId, toBody(input.form, input.stored), signal),
    ),
    removeConnection: fromRequest<unknown, { botId: string }>(({ input, signal }) =>
      removeDatabaseConnection(input.botId, signal),
    ),
  },
  guards: {
    notOffered,
    formValid: ({ context }) => firstInvalid(validate(context.form, context.stored)) === null,
    hasStored: ({ context }) => context.stored !== null,
    canKeepSecret: ({ context, event }) =>
      event.type === 'secret.keepRequested' && canKeep(context.stored, event.field),
  },
  actions: {
    showStored: assign((_, params: { stored: DatabaseConnection | null }) => show(params.stored)),
    setText: assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {};
      return edited(context, { ...context.form, [event.field]: event.value }, [event.field]);
    }),
    setType: assign(({ context, event }) => {
      if (event.type !== 'type.changed') return {};
      return edited(context, withType(context.form, event.value), ['port', 'connectionString']);
    }),
    setMode: assign(({ context, event }) => {
      if (event.type !== 'mode.changed') return {};
      return { ...edited(context, { ...context.form, mode: event.value }, []), errors: {} };
    }),
    setSecret: assign(({ context, event }) => {
      if (event.type !== 'secret.changed') return {};
      return edited(context, { ...context.form, [event.field]: asSecret(event.value) }, [event.field]);
    }),
    replaceSecret: assign(({ context, event }) => {
      if (event.type !== 'secret.replaceRequested') return {};
      const form = {
        ...context.form,
        [event.field]: NO_SECRET,
        keep: { ...context.form.keep, [event.field]: false },
      };
      return edited(context, form, [event.field]);
    }),
    keepSecret: assign(({ context, event }) => {
      if (event.type !== 'secret.keepRequested') return {};
      const form = {
        ...context.form,
        [event.field]: NO_SECRET,
        keep: { ...context.form.keep, [event.field]: true },
      };
      return edited(context, form, [event.field]);
    }),
    markInvalid: assign({ errors: ({ context }) => validate(context.form, context.stored) }),
    emitRefused: emit(({ context }) => ({
      type: 'form.refused' as const,
      field: firstInvalid(validate(context.form, context.stored)) ?? 'host',
    })),
    startRequest: assign({ errors: {}, result: null, failure: null }),
    setResult: assign({ result: (_, params: { result: DatabaseTestResult }) => params.result }),
    failSummary: assign({ failure: ({ event }) => failure('summary', event) }),
    failLoad: assign({ failure: ({ event }) => failure('load', event) }),
    failTest: assign({ failure: ({ event }) => failure('test', event) }),
    failSave: assign({ failure: ({ event }) => failure('save', event) }),
    failRemove: assign({ failure: ({ event }) => failure('remove', event) }),
    forgetTyped: assign(({ context }) => ({
      form: formOf(context.stored),
      errors: {},
      result: null,
      failure: null,
    })),
    announceSaved: raiseToast({ variant: 'success', title: databaseMessages.saved }),
    announceRemoved: raiseToast({ variant: 'success', title: databaseMessages.removed }),
  },
});

/** A form change: the fields it touched lose their errors, and the last test's answer no longer applies. */
function edited(context: DatabaseContext, form: DatabaseForm, touched: FormField[]) {
  const errors = { ...context.errors };
  for (const field of touched) delete errors[field];
  return { form, errors, result: null, failure: null };
}
