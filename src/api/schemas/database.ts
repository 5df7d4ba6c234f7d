import * as z from 'zod/mini';
import { DateTimeSchema } from './common';

/** The databases a bot can look answers up in. */
export const DATABASE_TYPES = ['postgresql', 'mysql', 'sqlserver', 'mongodb'] as const;
export type DatabaseType = (typeof DATABASE_TYPES)[number];

/** Each type's usual port: the form's default, changed with the type. */
export const DEFAULT_PORTS: Record<DatabaseType, number> = {
  postgresql: 5432,
  mysql: 3306,
  sqlserver: 1433,
  mongodb: 27017,
};

/** The schemes a connection string of each type may start with (before `://`). */
export const SCHEMES: Record<DatabaseType, readonly string[]> = {
  postgresql: ['postgres', 'postgresql'],
  mysql: ['mysql'],
  sqlserver: ['sqlserver', 'mssql'],
  mongodb: ['mongodb', 'mongodb+srv'],
};

/** Two ways to say where the database is: its fields one by one, or one connection string. */
export const CONNECTION_MODES = ['fields', 'url'] as const;
export type ConnectionMode = (typeof CONNECTION_MODES)[number];

/** What the server puts in place of a stored password inside a connection string it answers. */
export const PASSWORD_MASK = '****';

export const PORT_MIN = 1;
export const PORT_MAX = 65535;
export const CONNECTION_STRING_MAX = 2048;
export const FIELD_MAX = 255;

export interface ParsedConnectionString {
  scheme: string;
  user: string | null;
  password: string | null;
  /** The first host (a MongoDB string may list several). */
  host: string;
  port: number | null;
  database: string | null;
}

const URL_FORM =
  /^([a-z][a-z0-9+]*):\/\/(?:([^:@/\s]*)(?::([^@/\s]*))?@)?([^/?;\s]+)(?:\/([^?;\s]*))?([?;].*)?$/i;

const decode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** `key=value` pairs of a string's `?a=1&b=2` or `;a=1;b=2` tail, keys in lower case. */
function options(tail: string | undefined): Map<string, string> {
  const pairs = new Map<string, string>();
  for (const part of (tail ?? '').slice(1).split(/[;&]/)) {
    const eq = part.indexOf('=');
    if (eq > 0) pairs.set(part.slice(0, eq).trim().toLowerCase(), decode(part.slice(eq + 1)));
  }
  return pairs;
}

/**
 * Reads a connection string: `scheme://[user[:password]@]host[:port][,host2...][/database][?options]`, and
 * SQL Server's `sqlserver://host[:port];databaseName=db;user=u;password=p`. Null when it is not one.
 */
export function parseConnectionString(value: string): ParsedConnectionString | null {
  const match = URL_FORM.exec(value.trim());
  if (!match) return null;
  const [, scheme = '', user, password, hosts = '', path, tail] = match;
  const first = hosts.split(',')[0] ?? '';
  const hostMatch = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(first);
  if (!hostMatch) return null;
  const port = hostMatch[2] === undefined ? null : Number(hostMatch[2]);
  if (port !== null && (port < PORT_MIN || port > PORT_MAX)) return null;
  const opts = options(tail);
  const database = path ? decode(path) : (opts.get('databasename') ?? opts.get('database') ?? null);
  return {
    scheme: scheme.toLowerCase(),
    user: user ? decode(user) : (opts.get('user') ?? opts.get('user id') ?? null),
    password: password !== undefined ? decode(password) : (opts.get('password') ?? opts.get('pwd') ?? null),
    host: hostMatch[1] ?? '',
    port,
    database: database || null,
  };
}

/** The scheme of a connection string (lower case), or null when it has none. */
export const schemeOf = (value: string) =>
  /^([a-z][a-z0-9+]*):\/\//i.exec(value.trim())?.[1]?.toLowerCase() ?? null;

/** Whether a connection string's scheme is one of the type's. */
export const schemeMatches = (type: DatabaseType, value: string) =>
  SCHEMES[type].includes(schemeOf(value) ?? '');

/** A connection string with its password (in the user part or as an option) replaced by PASSWORD_MASK. */
export function maskConnectionString(value: string): string {
  return value
    .replace(/^([a-z][a-z0-9+]*:\/\/[^:@/\s]*:)([^@/\s]*)@/i, (_, head: string, pw: string) =>
      pw ? `${head}${PASSWORD_MASK}@` : `${head}@`,
    )
    .replace(/([?;&](?:password|pwd)=)([^;&]*)/gi, (_, head: string, pw: string) =>
      pw ? `${head}${PASSWORD_MASK}` : head,
    );
}

const required = z.string().check(z.minLength(1), z.maxLength(FIELD_MAX));
const TypeSchema = z.enum(DATABASE_TYPES);

/**
 * What a test or a save sends (PUT /chatbots/{id}/database, POST .../database/test). A secret left out
 * (`password` in fields mode, `connectionString` in url mode) means "the stored one": the server keeps it.
 */
export const DatabaseFieldsBodySchema = z.object({
  mode: z.literal('fields'),
  type: TypeSchema,
  host: required,
  port: z.int().check(z.gte(PORT_MIN), z.lte(PORT_MAX)),
  database: required,
  user: required,
  password: z.optional(z.string().check(z.minLength(1), z.maxLength(FIELD_MAX))),
});
export const DatabaseUrlBodySchema = z
  .object({
    mode: z.literal('url'),
    type: TypeSchema,
    connectionString: z.optional(z.string().check(z.minLength(1), z.maxLength(CONNECTION_STRING_MAX))),
  })
  .check(
    z.refine((b) => b.connectionString === undefined || schemeMatches(b.type, b.connectionString), {
      message: 'the scheme does not match the type',
      path: ['connectionString'],
    }),
  );
export const DatabaseBodySchema = z.discriminatedUnion('mode', [
  DatabaseFieldsBodySchema,
  DatabaseUrlBodySchema,
]);
export type DatabaseBody = z.infer<typeof DatabaseBodySchema>;

/**
 * A bot's stored connection as the server answers it: never a password. `type` is required; the rest may be
 * missing (a server that says less): `mode` is then `url` when there is a connection string, else `fields`;
 * `passwordSet` missing means none is stored (the user is asked for one). Unknown fields pass.
 */
export const DatabaseConnectionSchema = z.looseObject({
  type: TypeSchema,
  mode: z.optional(z.enum(CONNECTION_MODES)),
  host: z.optional(z.string()),
  port: z.optional(z.int()),
  database: z.optional(z.string()),
  user: z.optional(z.string()),
  /** With mode url: the string as saved, its password replaced by PASSWORD_MASK. */
  connectionString: z.optional(z.string()),
  passwordSet: z.catch(z.boolean(), false),
  updatedAt: z.optional(DateTimeSchema),
});
export type DatabaseConnection = z.infer<typeof DatabaseConnectionSchema>;

/** GET /chatbots/{id}/database: `connection` is null (or missing) while the bot has none. */
export const DatabaseAnswerSchema = z.looseObject({
  connection: z.optional(z.nullable(DatabaseConnectionSchema)),
});

export const TEST_FAILURE_REASONS = [
  'unreachable',
  'authFailed',
  'invalidConnectionString',
  'other',
] as const;

/**
 * The answer of a connection test (the test ran: a refused connection is an answer, not an error). A reason
 * the client does not know is `other`, shown with the server's message.
 */
export const DatabaseTestResultSchema = z.looseObject({
  ok: z.boolean(),
  serverVersion: z.optional(z.string()),
  latencyMs: z.optional(z.number().check(z.nonnegative())),
  reason: z.optional(z.catch(z.enum(TEST_FAILURE_REASONS), 'other')),
  message: z.optional(z.string()),
});
export type DatabaseTestResult = z.infer<typeof DatabaseTestResultSchema>;

/** The mode of a stored connection (see DatabaseConnectionSchema). */
export const modeOf = (c: DatabaseConnection): ConnectionMode =>
  c.mode ?? (c.connectionString ? 'url' : 'fields');

/** Where a stored connection points: its host and database, read from its string when not given apart. */
export function whereOf(c: DatabaseConnection): { host: string | null; database: string | null } {
  const parsed = c.connectionString ? parseConnectionString(c.connectionString) : null;
  return { host: c.host || parsed?.host || null, database: c.database || parsed?.database || null };
}

export const isDatabaseType = (value: string): value is DatabaseType =>
  (DATABASE_TYPES as readonly string[]).includes(value);
