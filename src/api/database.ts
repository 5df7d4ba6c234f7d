import { http, seg } from './client';
import { ApiError } from './errors';
import { OkSchema } from './schemas/common';
import {
  DatabaseAnswerSchema,
  type DatabaseBody,
  DatabaseBodySchema,
  type DatabaseConnection,
  DatabaseConnectionSchema,
  type DatabaseTestResult,
  DatabaseTestResultSchema,
} from './schemas/database';

const path = (botId: string) => `/chatbots/${seg(botId)}/database`;

/**
 * The same failure without its cause. A call that sends a password fails with the HTTP library's error as
 * cause, and that error holds the request's options, body included: nothing that logs or reports the error
 * may reach the password through it.
 */
function withoutRequest(error: unknown): never {
  if (!(error instanceof ApiError)) throw error;
  throw new ApiError({
    kind: error.kind,
    endpoint: error.endpoint,
    message: error.message,
    status: error.status,
    body: error.body,
    field: error.field,
    retryAfter: error.retryAfter,
  });
}

/** The bot's external database connection, or null while it has none. Never a password. */
export const getDatabaseConnection = (
  botId: string,
  signal?: AbortSignal,
): Promise<DatabaseConnection | null> =>
  http.get(path(botId), DatabaseAnswerSchema, { signal }).then((answer) => answer.connection ?? null);

/** Tries a connection (the stored password where the body leaves it out); a refusal is an answer. */
export const testDatabaseConnection = async (
  botId: string,
  body: DatabaseBody,
  signal?: AbortSignal,
): Promise<DatabaseTestResult> => {
  const checked = DatabaseBodySchema.parse(body);
  return http
    .post(`${path(botId)}/test`, DatabaseTestResultSchema, { body: checked, signal })
    .catch(withoutRequest);
};

/** Stores the bot's connection (replacing any); answers it as stored, its password masked. */
export const saveDatabaseConnection = async (
  botId: string,
  body: DatabaseBody,
  signal?: AbortSignal,
): Promise<DatabaseConnection> => {
  const checked = DatabaseBodySchema.parse(body);
  return http.put(path(botId), DatabaseConnectionSchema, { body: checked, signal }).catch(withoutRequest);
};

/** Forgets the bot's connection, password included. */
export const removeDatabaseConnection = (botId: string, signal?: AbortSignal) =>
  http.delete(path(botId), OkSchema, { signal });
