import type { ErrorBody } from './schemas/common';

export type ApiErrorKind = 'http' | 'network' | 'schema' | 'aborted';

/**
 * Every failure of a call is one of these: the server answered an error (http), the request did not get an
 * answer (network), the answer did not have the agreed shape (schema), or the caller gave up (aborted).
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** "METHOD /path" of the call that failed. */
  readonly endpoint: string;
  readonly status: number | null;
  /** The server's error body, when it sent one of the agreed shape. */
  readonly body: ErrorBody | null;
  /** With kind schema: the dotted path of the first field that did not match. */
  readonly field: string | null;
  /** Seconds until the call may be made again (429): the body's retryAfter, else the Retry-After header. */
  readonly retryAfter: number | null;

  constructor(init: {
    kind: ApiErrorKind;
    endpoint: string;
    message: string;
    status?: number | null;
    body?: ErrorBody | null;
    field?: string | null;
    retryAfter?: number | null;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.endpoint = init.endpoint;
    this.status = init.status ?? null;
    this.body = init.body ?? null;
    this.field = init.field ?? null;
    this.retryAfter = init.body?.retryAfter ?? init.retryAfter ?? null;
  }

  /** The server's machine-readable reason, e.g. PLAN_LIMIT_REACHED. */
  get code(): string | null {
    return this.body?.code ?? null;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/**
 * Statuses that say "this server has no such call": the answer a server gives to a path or method it does not
 * route (404, 405) or a feature it does not implement (501). The calls beyond the spec's are extensions a
 * server may lack; where one answers this, the feature steps aside quietly instead of failing.
 */
export const NOT_OFFERED_STATUSES: ReadonlySet<number> = new Set([404, 405, 501]);

/** The server does not offer the call that failed (see NOT_OFFERED_STATUSES). */
export const isNotOffered = (e: unknown): boolean =>
  e instanceof ApiError && e.kind === 'http' && e.status !== null && NOT_OFFERED_STATUSES.has(e.status);

/** A Retry-After header in seconds (the HTTP-date form is not used by this API). */
export function retryAfterSeconds(header: string | null | undefined): number | null {
  if (!header || !/^\d+$/.test(header.trim())) return null;
  return Number(header.trim());
}

/** The server's error body, if it has the agreed shape. Loads its schema on the first error only. */
export async function parseErrorBody(data: unknown): Promise<ErrorBody | null> {
  if (data === null || typeof data !== 'object') return null;
  const { ErrorBodySchema } = await import('./schemas/common');
  const parsed = ErrorBodySchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** A message fit to show: the server's own message when it sent one, else the error's. */
export function errorMessage(e: unknown): string | null {
  if (e instanceof ApiError) return e.body?.message ?? e.message;
  if (e instanceof Error) return e.message;
  return null;
}
