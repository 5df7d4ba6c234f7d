import type * as z from 'zod/mini';
import { clearUserInfo, readUserInfo } from './storage';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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

// The HTTP library, and how a call is sent with it, load with the first call, not with the sign-in page's
// script (its size budget).
const transport = () => import('ofetch');
const request = () => import('./request');
/** Fetches the HTTP library early (idle time), so the first call does not wait for it. */
export const preloadTransport = () => {
  void transport();
  void request();
};

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

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  signal?: AbortSignal;
  /** False for a call whose length is the user's bandwidth (an upload): only the caller's signal ends it. */
  timeout?: false;
}

// Both load at once: the sending code and the library it sends with.
const call = async <S extends z.ZodMiniType>(
  method: HttpMethod,
  path: string,
  schema: S,
  options?: CallOptions,
) => (await Promise.all([request(), transport()]))[0].call(method, path, schema, options);

export const http = {
  get: <S extends z.ZodMiniType>(path: string, schema: S, o?: Omit<CallOptions, 'body'>) =>
    call('GET', path, schema, o),
  post: <S extends z.ZodMiniType>(path: string, schema: S, o?: CallOptions) => call('POST', path, schema, o),
  put: <S extends z.ZodMiniType>(path: string, schema: S, o?: CallOptions) => call('PUT', path, schema, o),
  patch: <S extends z.ZodMiniType>(path: string, schema: S, o?: CallOptions) =>
    call('PATCH', path, schema, o),
  delete: <S extends z.ZodMiniType>(path: string, schema: S, o?: CallOptions) =>
    call('DELETE', path, schema, o),
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

/** For the streaming (stream.ts) and upload (form.ts) helpers, which only the screens that use them load. */
export const clientSupport = {
  baseURL: () => config.baseURL,
  pathOf,
  withTimeout,
  isTimeout,
  prepare,
  handleUnauthorized,
  transport,
};
