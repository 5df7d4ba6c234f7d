import type { FetchError } from 'ofetch';
import type * as z from 'zod/mini';
import { type CallOptions, clientSupport, type HttpMethod } from './client';
import { ApiError, parseErrorBody, retryAfterSeconds } from './errors';

// How a call is sent and its answer or failure read: loaded with the HTTP library on the first call, so the
// sign-in page's script does not carry it (src/api/client.ts is the part every page loads).
const { baseURL, pathOf, withTimeout, isTimeout, prepare, handleUnauthorized, transport } = clientSupport;

const isFetchError = (e: unknown): e is FetchError =>
  e instanceof Error && e.name === 'FetchError' && 'response' in e;

interface Attempt {
  timedOut?: boolean;
  /** The Authorization header sent, null when the request never went out or had none. */
  sent?: string | null;
}

const NETWORK_MESSAGE = 'Network error: the server could not be reached';
const ABORTED_MESSAGE = 'Request aborted';

/** What failed before an answer came: the caller gave up (aborted) or no answer came (network). */
export const transportError = (aborted: boolean, endpoint: string, cause: unknown) =>
  new ApiError({
    kind: aborted ? 'aborted' : 'network',
    endpoint,
    message: aborted ? ABORTED_MESSAGE : NETWORK_MESSAGE,
    cause,
  });

export interface ErrorAnswer {
  status: number;
  statusText: string;
  /** The answer's body, parsed as JSON when it was. */
  data: unknown;
  retryAfter: string | null;
}

/** The server answered an error: a 401 may end the session; the message is the server's when it sent one. */
export async function httpError(
  { status, statusText, data, retryAfter }: ErrorAnswer,
  endpoint: string,
  path: string,
  sent: string | null,
  cause: unknown,
): Promise<ApiError> {
  if (status === 401) handleUnauthorized(path, sent);
  const body = await parseErrorBody(data);
  return new ApiError({
    kind: 'http',
    endpoint,
    status,
    body,
    message: body?.message ?? (statusText || `HTTP ${status}`),
    retryAfter: retryAfterSeconds(retryAfter),
    cause,
  });
}

export async function toApiError(
  e: unknown,
  endpoint: string,
  path: string,
  { timedOut = false, sent = null }: Attempt = {},
): Promise<ApiError> {
  if (e instanceof ApiError) return e;
  if (!timedOut && isFetchError(e) && e.response) {
    const { status, statusText, headers } = e.response;
    return httpError(
      {
        status,
        statusText,
        data: e.data,
        retryAfter: headers.get('retry-after'),
      },
      endpoint,
      path,
      sent,
      e,
    );
  }
  // A call that ran out of time is the network failure the screens already show, not the caller's abort.
  const aborted =
    !timedOut &&
    ((e instanceof Error && e.name === 'AbortError') || (e as FetchError)?.cause instanceof DOMException);
  return transportError(aborted, endpoint, e);
}

/** Parses an answer with its schema; a mismatch names the endpoint and the first field that differs. */
export function parseResponse<S extends z.ZodMiniType>(
  schema: S,
  data: unknown,
  endpoint: string,
): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw schemaError(endpoint, issue?.path ?? [], issue?.message ?? 'invalid', result.error);
}

function schemaError(endpoint: string, path: PropertyKey[], message: string, cause: unknown) {
  const field = path.length > 0 ? path.map(String).join('.') : '(root)';
  return new ApiError({
    kind: 'schema',
    endpoint,
    field,
    message: `Unexpected response from ${endpoint}: ${field}: ${message}`,
    cause,
  });
}

export async function call<S extends z.ZodMiniType>(
  method: HttpMethod,
  path: string,
  schema: S,
  options: CallOptions = {},
): Promise<z.output<S>> {
  const endpoint = `${method} ${pathOf(path)}`;
  let data: unknown;
  // The time limit runs from the request's start: a wait at the auth gate counts too.
  const limit = withTimeout(options.signal, options.timeout !== false);
  let sent: string | null = null;
  try {
    const [headers, { ofetch }] = await Promise.all([prepare(path), transport()]);
    for (const [k, v] of Object.entries(options.headers ?? {})) headers.set(k, v);
    sent = headers.get('Authorization');
    data = await ofetch(path, {
      baseURL: baseURL(),
      method,
      headers,
      body: options.body as BodyInit | Record<string, unknown> | undefined,
      query: options.query,
      signal: limit.signal,
      retry: 0,
    });
  } catch (e) {
    throw await toApiError(e, endpoint, path, { timedOut: isTimeout(limit.signal), sent });
  } finally {
    limit.done();
  }
  return parseResponse(schema, data, endpoint);
}
