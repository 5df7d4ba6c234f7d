import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  CONNECTION_STRING_MAX,
  type ConnectionMode,
  type DatabaseBody,
  type DatabaseConnection,
  type DatabaseType,
  DEFAULT_PORTS,
  FIELD_MAX,
  modeOf,
  PORT_MAX,
  PORT_MIN,
  SCHEMES,
  schemeMatches,
} from '../../../api/schemas/database';
import { NO_SECRET, type Secret } from './secret';

export type TextField = 'host' | 'port' | 'database' | 'user';
export type SecretField = 'password' | 'connectionString';
export type FormField = TextField | SecretField;

/** The dialog's form. Secrets stay Secret until a request is sent (see secret.ts). */
export interface DatabaseForm {
  type: DatabaseType;
  mode: ConnectionMode;
  host: string;
  /** As typed; checked to be a whole number from 1 to 65535. */
  port: string;
  database: string;
  user: string;
  /** A new password (fields mode); ignored while the stored one is kept. */
  password: Secret;
  /** A new connection string (url mode); ignored while the stored one is kept. */
  connectionString: Secret;
  /** Whether the stored secret of each kind is kept (only possible when the server has one). */
  keep: Record<SecretField, boolean>;
}

/** The type names are product names: the same in every language. */
export const TYPE_NAMES: Record<DatabaseType, string> = {
  postgresql: 'PostgreSQL',
  mysql: 'MySQL',
  sqlserver: 'SQL Server',
  mongodb: 'MongoDB',
};

export const emptyForm = (): DatabaseForm => ({
  type: 'postgresql',
  mode: 'fields',
  host: '',
  port: String(DEFAULT_PORTS.postgresql),
  database: '',
  user: '',
  password: NO_SECRET,
  connectionString: NO_SECRET,
  keep: { password: false, connectionString: false },
});

/** Whether the server holds a secret of this kind that the form may keep. */
export const canKeep = (stored: DatabaseConnection | null, field: SecretField) =>
  field === 'password' ? stored?.passwordSet === true : Boolean(stored?.connectionString);

/** The form showing a stored connection: its secrets kept, never shown. */
export function formOf(stored: DatabaseConnection | null): DatabaseForm {
  if (!stored) return emptyForm();
  return {
    ...emptyForm(),
    type: stored.type,
    mode: modeOf(stored),
    host: stored.host ?? '',
    port: String(stored.port ?? DEFAULT_PORTS[stored.type]),
    database: stored.database ?? '',
    user: stored.user ?? '',
    keep: { password: canKeep(stored, 'password'), connectionString: canKeep(stored, 'connectionString') },
  };
}

/** A new type brings its usual port, unless the user had typed another one. */
export function withType(form: DatabaseForm, type: DatabaseType): DatabaseForm {
  const usual = form.port.trim() === '' || form.port.trim() === String(DEFAULT_PORTS[form.type]);
  return { ...form, type, port: usual ? String(DEFAULT_PORTS[type]) : form.port };
}

export const formMessages = {
  hostRequired: msg`Enter the host name or address.`,
  portInvalid: msg`Enter a port from 1 to 65535.`,
  databaseRequired: msg`Enter the database name.`,
  userRequired: msg`Enter the user name.`,
  passwordRequired: msg`Enter the password.`,
  connectionStringRequired: msg`Enter the connection string.`,
  tooLong: msg`This is too long.`,
};

/** The message for a connection string of another type's scheme (the type and its schemes are not translated). */
export const schemeMessage = (type: DatabaseType): MessageDescriptor => {
  const typeName = TYPE_NAMES[type];
  const schemes = SCHEMES[type].map((s) => `${s}://`).join(', ');
  return msg`A ${typeName} connection string starts with ${schemes}`;
};

export type FormErrors = Partial<Record<FormField, MessageDescriptor>>;

/** What the form would send wrong, field by field, in the order the fields are shown. */
export function validate(form: DatabaseForm, stored: DatabaseConnection | null): FormErrors {
  const errors: FormErrors = {};
  if (form.mode === 'fields') {
    const host = form.host.trim();
    if (!host) errors.host = formMessages.hostRequired;
    else if (host.length > FIELD_MAX) errors.host = formMessages.tooLong;
    const port = form.port.trim();
    const n = Number(port);
    if (!/^\d+$/.test(port) || n < PORT_MIN || n > PORT_MAX) errors.port = formMessages.portInvalid;
    if (!form.database.trim()) errors.database = formMessages.databaseRequired;
    else if (form.database.trim().length > FIELD_MAX) errors.database = formMessages.tooLong;
    if (!form.user.trim()) errors.user = formMessages.userRequired;
    else if (form.user.trim().length > FIELD_MAX) errors.user = formMessages.tooLong;
    if (!form.keep.password) {
      const password = form.password.reveal();
      if (!password) errors.password = formMessages.passwordRequired;
      else if (password.length > FIELD_MAX) errors.password = formMessages.tooLong;
    }
  } else if (form.keep.connectionString) {
    // A kept string must still be of the chosen type.
    const kept = stored?.connectionString ?? '';
    if (!schemeMatches(form.type, kept)) errors.connectionString = schemeMessage(form.type);
  } else {
    const value = form.connectionString.reveal().trim();
    if (!value) errors.connectionString = formMessages.connectionStringRequired;
    else if (value.length > CONNECTION_STRING_MAX) errors.connectionString = formMessages.tooLong;
    else if (!schemeMatches(form.type, value)) errors.connectionString = schemeMessage(form.type);
  }
  return errors;
}

/** The first field to point at. */
export const firstInvalid = (errors: FormErrors): FormField | null =>
  (Object.keys(errors)[0] as FormField | undefined) ?? null;

/**
 * What a test or a save sends: the secrets are revealed here, at the last moment, and left out where the
 * stored ones are kept.
 */
export function toBody(form: DatabaseForm, stored: DatabaseConnection | null): DatabaseBody {
  if (form.mode === 'fields') {
    const keep = form.keep.password && canKeep(stored, 'password');
    return {
      mode: 'fields',
      type: form.type,
      host: form.host.trim(),
      port: Number(form.port.trim()),
      database: form.database.trim(),
      user: form.user.trim(),
      ...(keep ? {} : { password: form.password.reveal() }),
    };
  }
  const keep = form.keep.connectionString && canKeep(stored, 'connectionString');
  return {
    mode: 'url',
    type: form.type,
    ...(keep ? {} : { connectionString: form.connectionString.reveal().trim() }),
  };
}
