import { HttpResponse, http, type PathParams } from 'msw';
import type * as z from 'zod/mini';
import { type ErrorBody, ErrorCodes } from '../../src/api/schemas/common';
import { db, notifyDbChanged, type UserRecord } from '../db';

/** Any origin: the same handlers serve the page's origin, VITE_API_BASE_URL hosts and 127.0.0.1 servers. */
export const API = '*/api/v1';

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

/** The NestJS-shaped error body every failure answers with (ErrorBodySchema). */
export function errorResponse(
  status: number,
  message: string,
  extra: Pick<ErrorBody, 'code' | 'limit' | 'retryAfter'> = {},
) {
  const body: ErrorBody = { statusCode: status, message, error: REASONS[status] ?? 'Error', ...extra };
  const headers = extra.retryAfter === undefined ? undefined : { 'retry-after': String(extra.retryAfter) };
  return HttpResponse.json(body, { status, headers });
}

/** Errors to `throw` from a resolver (msw answers a thrown Response as is). */
export const fail = {
  validation: (message: string) => errorResponse(400, message, { code: ErrorCodes.validation }),
  unauthorized: () => errorResponse(401, 'Unauthorized', { code: ErrorCodes.unauthorized }),
  forbidden: (message: string) => errorResponse(403, message, { code: ErrorCodes.forbidden }),
  notFound: (what: string) => errorResponse(404, `${what} not found`, { code: ErrorCodes.notFound }),
  duplicate: (message: string) => errorResponse(409, message, { code: ErrorCodes.duplicate }),
  limit: (name: string, max: number, message: string) =>
    errorResponse(403, message, { code: ErrorCodes.limitReached, limit: { name, max } }),
};

/** Parses a JSON body with the client's own request schema; a 400 names the first failing field. */
export async function readBody<S extends z.ZodMiniType>(request: Request, schema: S): Promise<z.output<S>> {
  let raw: unknown;
  try {
    const text = await request.text();
    raw = text ? JSON.parse(text) : {};
  } catch {
    throw fail.validation('body: not valid JSON');
  }
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue && issue.path.length > 0 ? issue.path.join('.') : 'body';
  throw fail.validation(`${field}: ${issue?.message ?? 'invalid'}`);
}

export function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '');
  return match?.[1] ?? null;
}

/** The user of a live auth session, or a thrown 401. */
export function requireUser(request: Request): UserRecord {
  const token = bearerToken(request);
  const session = token ? db.authSessions.findFirst((q) => q.where((s) => s.token === token)) : undefined;
  const user = session ? db.users.findFirst((q) => q.where((u) => u.id === session.userId)) : undefined;
  if (!user) throw fail.unauthorized();
  return user;
}

/** A record of the caller, or a thrown 404: another user's id is indistinguishable from a missing one. */
export function owned<T extends { ownerId: string }>(
  record: T | undefined,
  user: UserRecord,
  what: string,
): T {
  if (!record || record.ownerId !== user.id) throw fail.notFound(what);
  return record;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Params = Record<string, string>;
interface Ctx {
  request: Request;
  params: Params;
}
type Resolver<C> = (ctx: C) => Response | Promise<Response>;

function route<C extends Ctx>(
  method: Method,
  path: string,
  prepare: (ctx: Ctx) => C,
  resolver: Resolver<C>,
  { urgent = false } = {},
) {
  return http[method]<PathParams>(`${API}${path}`, async ({ request, params }) => {
    const response = await resolver(prepare({ request, params: params as Params }));
    // Persistence snapshots after writes; GETs that write (the QR poll) notify themselves.
    if (request.method !== 'GET') notifyDbChanged({ urgent });
    return response;
  });
}

/** A call anyone may make (send-code, login-otp). */
export const publicRoute = (method: Method, path: string, resolver: Resolver<Ctx>) =>
  // Saved at once: the app's other tabs reload as the new user as soon as the answer arrives, and the demo's
  // backend in each tab starts from the saved data.
  route(method, path, (ctx) => ctx, resolver, { urgent: true });

/** A call that needs `Authorization: Bearer <token>` of a live session. */
export const authedRoute = (method: Method, path: string, resolver: Resolver<Ctx & { user: UserRecord }>) =>
  route(method, path, (ctx) => ({ ...ctx, user: requireUser(ctx.request) }), resolver);

/** Drops the server-only fields (owner, counters) from a record: what remains is the client's shape. */
export function withoutOwner<T extends { ownerId: string }>(record: T): Omit<T, 'ownerId'> {
  const { ownerId: _ownerId, ...rest } = record;
  return rest;
}
