import type { FetchError } from 'ofetch';
import type * as z from 'zod/mini';
import { ApiError, parseErrorBody, retryAfterSeconds } from './errors';
import { clearUserInfo, readUserInfo } from './storage';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ClientConfig {
  /** Absolute, ending in /api/v1 (fetch in Node rejects relative URLs). */
  baseURL: string;
  /** Called once when a call answers 401 while signed in; the stored user info is already cleared. */
  onUnauthorized: (returnTo: string) => void;
  /** Where the user is now, as path + query + hash, to come back to after signing in again. */
  currentLocation: () => string;
}

/** Paths whose 401 is an answer for the caller, not a lost session. */
const UNAUTHORIZED_EXEMPT = ['/auth/login-otp', '/auth/send-code', '/users/me'];
/** The one call that may pass while a pending-auth promise is outstanding. */
const AUTH_GATE_EXEMPT = '/auth/login-otp';

export function defaultBaseURL(): string {
  const origin = import.meta.env.VITE_API_BASE_URL || globalThis.location?.origin || 'http://127.0.0.1';
  return `${origin.replace(/\/+$/, '')}/api/v1`;
}

const defaults: ClientConfig = {
  baseURL: defaultBaseURL(),
  // The app wires both at its root (app/providers.tsx): routing is not the client's business.
  onUnauthorized: () => {},
  currentLocation: () => '/',
};
let config: ClientConfig = { ...defaults };

export function configureClient(partial: Partial<ClientConfig>): void {
  config = { ...config, ...partial };
}

export function resetClient(): void {
  config = { ...defaults };
  pendingAuth = null;
}

let pendingAuth: Promise<void> | null = null;

/** A call with no answer by then fails as a network failure; the auth gate holds no longer either. */
export const REQUEST_TIMEOUT_MS = 20_000;
const TIMEOUT = 'TimeoutError';

/**
 * The caller's signal, plus a timer that aborts after REQUEST_TIMEOUT_MS (a page timer, so tests can move
 * it). `done` clears the timer.
 */
function withTimeout(signal?: AbortSignal, enabled = true): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  if (!enabled) return { signal: signal ?? controller.signal, done: () => {} };
  const timer = setTimeout(
    () => controller.abort(new DOMException('No answer in time', TIMEOUT)),
    REQUEST_TIMEOUT_MS,
  );
  const signals = signal ? [signal, controller.signal] : [controller.signal];
  return { signal: AbortSignal.any(signals), done: () => clearTimeout(timer) };
}

const isTimeout = (signal: AbortSignal) => (signal.reason as Error | undefined)?.name === TIMEOUT;

// The HTTP library loads with the first call, not with the sign-in page's script (its size budget).
const transport = () => import('ofetch');
/** Fetches the HTTP library early (idle time), so the first call does not wait for it. */
export const preloadTransport = () => void transport();

const isFetchError = (e: unknown): e is FetchError =>
  e instanceof Error && e.name === 'FetchError' && 'response' in e;

/** Holds every request but login-otp until the promise settles (either way), and never longer than the timeout. */
export function holdRequestsUntil(promise: Promise<unknown>): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, REQUEST_TIMEOUT_MS);
  });
  const gate = Promise.race([promise, limit]).then(
    () => clearTimeout(timer),
    () => clearTimeout(timer),
  );
  pendingAuth = gate;
  void gate.then(() => {
    if (pendingAuth === gate) pendingAuth = null;
  });
}

function pathOf(path: string): string {
  return path.split('?')[0] ?? path;
}

async function prepare(path: string, accept?: string): Promise<Headers> {
  if (pendingAuth && pathOf(path) !== AUTH_GATE_EXEMPT) await pendingAuth;
  const headers = new Headers();
  if (accept) headers.set('Accept', accept);
  // Read after the gate: the pending sign-in may just have stored a new token.
  const token = readUserInfo()?.accessToken;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/** `sent` is the Authorization header the refused request carried. */
function handleUnauthorized(path: string, sent: string | null): void {
  if (UNAUTHORIZED_EXEMPT.includes(pathOf(path))) return;
  // Only the first 401 of a lost session redirects; later ones find no stored user info. A 401 to a request
  // sent with an older token (before a sign-in, in this tab or another) says nothing about the newer one.
  const info = readUserInfo();
  if (!info || sent !== `Bearer ${info.accessToken}`) return;
  clearUserInfo();
  config.onUnauthorized(config.currentLocation());
}

interface Attempt {
  timedOut?: boolean;
  /** The Authorization header sent, null when the request never went out or had none. */
  sent?: string | null;
}

async function toApiError(
  e: unknown,
  endpoint: string,
  path: string,
  { timedOut = false, sent = null }: Attempt = {},
): Promise<ApiError> {
  if (e instanceof ApiError) return e;
  if (!timedOut && isFetchError(e) && e.response) {
    const status = e.response.status;
    if (status === 401) handleUnauthorized(path, sent);
    const body = await parseErrorBody(e.data);
    return new ApiError({
      kind: 'http',
      endpoint,
      status,
      body,
      message: body?.message ?? (e.response.statusText || `HTTP ${status}`),
      retryAfter: retryAfterSeconds(e.response.headers.get('retry-after')),
      cause: e,
    });
  }
  // A call that ran out of time is the network failure the screens already show, not the caller's abort.
  const aborted =
    !timedOut &&
    ((e instanceof Error && e.name === 'AbortError') || (e as FetchError)?.cause instanceof DOMException);
  return new ApiError({
    kind: aborted ? 'aborted' : 'network',
    endpoint,
    message: aborted ? 'Request aborted' : 'Network error: the server could not be reached',
    cause: e,
  });
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
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : '(root)';
  throw new ApiError({
    kind: 'schema',
    endpoint,
    field,
    message: `Unexpected response from ${endpoint}: ${field}: ${issue?.message ?? 'invalid'}`,
    cause: result.error,
  });
}

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  signal?: AbortSignal;
  /** False for a call whose length is the user's bandwidth (an upload): only the caller's signal ends it. */
  timeout?: false;
}

async function call<S extends z.ZodMiniType>(
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
      baseURL: config.baseURL,
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

export const http = {
  get: <S extends z.ZodMiniType>(path: string, schema: S, o?: Omit<CallOptions, 'body'>) =>
    call('GET', path, schema, o),
  post: <S extends z.ZodMiniType>(path: string, schema: S, o?: CallOptions) => call('POST', path, schema, o),
  put: <S extends z.ZodMiniType>(path: string, schema: S, o?: CallOptions) => call('PUT', path, schema, o),
  patch: <S extends z.ZodMiniType>(path: string, schema: S, o?: CallOptions) =>
    call('PATCH', path, schema, o),
  delete: <S extends z.ZodMiniType>(path: string, schema: S, o?: CallOptions) =>
    call('DELETE', path, schema, o),
  /** multipart/form-data POST: each payload field becomes a form field. */
  upload: <S extends z.ZodMiniType>(
    path: string,
    schema: S,
    fields: Record<string, string | Blob>,
    o?: Omit<CallOptions, 'body'>,
  ) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return call('POST', path, schema, { ...o, body: form, timeout: false });
  },
};

/** An endpoint read without parameters: a typed function of the caller's signal that GETs `path`. */
export const getEndpoint =
  <S extends z.ZodMiniType>(path: string, schema: S) =>
  (signal?: AbortSignal) =>
    http.get(path, schema, { signal });

/**
 * An endpoint that takes a JSON body and nothing else: a typed function of the body and the caller's signal
 * that POSTs the body once `bodySchema` has validated it (a body the spec's rules refuse is never sent).
 */
export const postEndpoint =
  <B extends z.ZodMiniType, S extends z.ZodMiniType>(path: string, bodySchema: B, schema: S) =>
  (body: z.output<B>, signal?: AbortSignal) =>
    http.post(path, schema, { body: bodySchema.parse(body), signal });

/** Encodes one path segment taken from data (ids are opaque; never let one change the path). */
export const seg = (value: string) => encodeURIComponent(value);

export interface StreamHandlers {
  /** A `data:` line, parsed as JSON. */
  onData: (payload: unknown) => void;
  /** Non-OK status, no readable stream, an `error:` line, a parse error or a network error. */
  onError: (error: ApiError) => void;
  signal?: AbortSignal;
}

/** Streaming GET over server-sent events. Resolves when the stream ends or fails (failures go to onError). */
export async function streamGet(path: string, handlers: StreamHandlers): Promise<void> {
  const endpoint = `GET ${pathOf(path)}`;
  const fail = (
    message: string,
    kind: ApiError['kind'] = 'http',
    status: number | null = null,
    cause?: unknown,
  ) => handlers.onError(new ApiError({ kind, endpoint, message, status, cause }));
  let response: Response;
  // Only the answer's start has a time limit: a stream may then run as long as it has something to say.
  const limit = withTimeout(handlers.signal);
  let sent: string | null = null;
  try {
    const headers = await prepare(path, 'text/event-stream');
    sent = headers.get('Authorization');
    response = await fetch(`${config.baseURL}${path}`, { headers, signal: limit.signal });
  } catch (e) {
    const err = await toApiError(e, endpoint, path, { timedOut: isTimeout(limit.signal) });
    return fail(err.message, err.kind, null, e);
  } finally {
    limit.done();
  }
  if (!response.ok) {
    if (response.status === 401) handleUnauthorized(path, sent);
    return fail(response.statusText || `HTTP ${response.status}`, 'http', response.status);
  }
  if (!response.body) return fail('ReadableStream not supported');

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const handleLine = (line: string) => {
    const match = /^(data|error):\s?(.*)$/.exec(line);
    if (!match) return;
    const [, field, text] = match;
    let payload: unknown;
    try {
      payload = JSON.parse(text ?? '');
    } catch (e) {
      return fail(`Could not parse stream line: ${line}`, 'schema', null, e);
    }
    if (field === 'data') handlers.onData(payload);
    else {
      const message = (payload as { message?: unknown })?.message;
      fail(typeof message === 'string' ? message : JSON.stringify(payload));
    }
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      const lines = buffer.split(/\r?\n/);
      buffer = lines.pop() ?? '';
      lines.forEach(handleLine);
    }
    buffer += decoder.decode();
    if (buffer) handleLine(buffer);
  } catch (e) {
    const err = await toApiError(e, endpoint, path);
    fail(err.message, err.kind, null, e);
  }
}
