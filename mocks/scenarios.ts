import { delay, getResponse, HttpResponse, http, type RequestHandler } from 'msw';
import { db } from './db';
import { handlers } from './handlers';
import { API, authedRoute, bearerToken, errorResponse, fail } from './handlers/common';
import { mockOptions, resetMockOptions } from './options';
import { isUnlimited, planOf } from './rules';
import type { SeedDemoOptions } from './seed';
import { isSpecCall, notRoutedBody } from './specCalls';

export { mockOptions, resetMockOptions };

/**
 * Named situations for QA and tests. Each is (a) handlers prepended to the normal ones, (b) options the
 * normal handlers read, and/or (c) a different seed. The same code runs in the browser and in Node.
 */
export const SCENARIOS = [
  'happy',
  'empty',
  'slow',
  'server-error',
  'offline',
  'session-expiring',
  'malformed',
  'qr-never-scanned',
  'limits-reached',
  'payment-failing',
  'large-data',
  'spec-only',
] as const;
export type ScenarioName = (typeof SCENARIOS)[number];
export const DEFAULT_SCENARIO: ScenarioName = 'happy';

export const isScenario = (name: unknown): name is ScenarioName => SCENARIOS.includes(name as ScenarioName);

/** A scenario name from a query parameter or an environment variable; anything unknown is 'happy'. */
export const toScenario = (name: string | null | undefined): ScenarioName =>
  isScenario(name) ? name : DEFAULT_SCENARIO;

/** How the demo data differs for the scenario (see seedDemo). */
export function scenarioSeed(name: ScenarioName): SeedDemoOptions {
  if (name === 'large-data') return { size: 'large' };
  if (name === 'empty') return { empty: true };
  if (name === 'limits-reached') return { limitsReached: true };
  return {};
}

const EVERY_CALL = `${API}/*`;
/** Calls a signed-out user makes: scenarios about a session or about data leave them alone. */
const SIGN_IN_PATHS = ['/auth/send-code', '/auth/login-otp', '/users/me'];
const isSignIn = (request: Request) =>
  SIGN_IN_PATHS.some((p) => new URL(request.url).pathname.endsWith(`/api/v1${p}`));

/** Changes the type of one field (the first, depth-first): what a renamed or retyped backend field looks like. */
export function corrupt(value: unknown): unknown {
  if (Array.isArray(value)) return value.length > 0 ? [corrupt(value[0]), ...value.slice(1)] : '[]';
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    const [key, first] = entries[0] ?? [];
    if (key === undefined) return 'malformed';
    return { ...value, [key]: corrupt(first) };
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return 42;
  return 0;
}

/** Tokens the 'session-expiring' scenario has seen, with their number of authenticated calls. */
const callsByToken = new Map<string, number>();

/**
 * The handlers to put in front of the normal ones for `name`. It also sets `mockOptions` for the scenario
 * (after resetting them), so one call switches a scenario on.
 */
export function scenarioHandlers(name: ScenarioName): RequestHandler[] {
  resetMockOptions();
  callsByToken.clear();
  switch (name) {
    case 'slow':
      // Answering nothing lets the request fall through to the normal handlers, after the delay.
      return [
        http.all(EVERY_CALL, async () => {
          await delay(mockOptions.slowDelayMs);
        }),
      ];
    case 'server-error':
      return [http.all(EVERY_CALL, () => errorResponse(500, 'Internal server error'))];
    case 'offline':
      return [http.all(EVERY_CALL, () => HttpResponse.error())];
    case 'session-expiring':
      return [
        http.all(EVERY_CALL, ({ request }) => {
          const token = bearerToken(request);
          if (!token || isSignIn(request)) return;
          if (!db.authSessions.findFirst((q) => q.where((s) => s.token === token))) return;
          const calls = (callsByToken.get(token) ?? 0) + 1;
          callsByToken.set(token, calls);
          if (calls <= mockOptions.callsBeforeExpiry) return;
          db.authSessions.deleteMany((q) => q.where((s) => s.token === token));
          return fail.unauthorized();
        }),
      ];
    case 'malformed':
      return [
        http.all(EVERY_CALL, async ({ request }) => {
          if (isSignIn(request)) return;
          const response = await getResponse(handlers, request.clone());
          if (!response?.ok || !response.headers.get('content-type')?.includes('json')) return response;
          return HttpResponse.json(corrupt(await response.json()) as never, { status: response.status });
        }),
      ];
    case 'qr-never-scanned':
      mockOptions.qrNeverScanned = true;
      return [];
    case 'limits-reached':
      // Instances and chatbots are used up by the seed; the month's tokens are used up here.
      return [
        authedRoute('get', '/membership/user/token-remaining', ({ user }) => {
          const limit = planOf(user.id).monthlyTokenLimit;
          return HttpResponse.json({ remaining: isUnlimited(limit) ? limit : 0, limit });
        }),
      ];
    case 'payment-failing':
      return [
        http.post(`${API}/payments/create`, () => errorResponse(500, 'The payment provider is unavailable')),
      ];
    case 'spec-only':
      // A server with the spec's calls only: every extension of ours is answered as an unrouted path.
      return [
        http.all(EVERY_CALL, ({ request }) =>
          isSpecCall(request.method, request.url)
            ? undefined
            : HttpResponse.json(notRoutedBody(request.method, request.url), { status: 404 }),
        ),
      ];
    default:
      return [];
  }
}
