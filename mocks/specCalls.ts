/**
 * The calls of the spec's section 7: what the provider's API has. Every other call the app makes is an
 * extension of ours that a real server may lack; the 'spec-only' scenario (and the production e2e tests)
 * answer those 404, as such a server would, to prove the app works without them.
 */
const SPEC_CALLS: ReadonlyArray<readonly [method: string, path: RegExp]> = [
  // Auth
  ['POST', /^\/auth\/send-code$/],
  ['POST', /^\/auth\/login-otp$/],
  ['GET', /^\/users\/me$/],
  // Dashboard
  ['GET', /^\/chat-message\/compare\/yesterday$/],
  ['GET', /^\/chat-session\/count\/whatsapp-users$/],
  ['GET', /^\/chatbots\/count\/active$/],
  ['GET', /^\/whatsapp\/count\/active$/],
  ['GET', /^\/activity-log\/list$/],
  // Instances
  ['POST', /^\/whatsapp\/create-instance$/],
  ['GET', /^\/whatsapp\/list$/],
  ['GET', /^\/whatsapp\/[^/]+$/],
  ['POST', /^\/whatsapp\/[^/]+\/logout$/],
  ['POST', /^\/whatsapp\/[^/]+\/update$/],
  ['POST', /^\/whatsapp\/usage-info$/],
  // Chatbots
  ['POST', /^\/chatbots$/],
  ['GET', /^\/chatbots$/],
  ['GET', /^\/chatbots\/user\/[^/]+$/],
  ['GET', /^\/chatbots\/user\/[^/]+\/active$/],
  ['GET', /^\/chatbots\/[^/]+$/],
  ['GET', /^\/chatbots\/[^/]+\/knowledge-base$/],
  ['PATCH', /^\/chatbots\/[^/]+$/],
  ['DELETE', /^\/chatbots\/[^/]+$/],
  ['POST', /^\/chatbots\/test\/[^/]+$/],
  ['POST', /^\/upload\/file-to-knowledge$/],
  // Chat sessions
  ['POST', /^\/chat-session\/search$/],
  ['GET', /^\/chat-session\/[^/]+\/messages$/],
  ['POST', /^\/chat-session\/[^/]+\/star$/],
  ['POST', /^\/chat-session\/[^/]+\/analyze$/],
  // Membership
  ['GET', /^\/membership\/plans$/],
  ['GET', /^\/membership\/user$/],
  ['GET', /^\/membership\/user\/token-reset-time$/],
  ['GET', /^\/membership\/user\/token-remaining$/],
  ['POST', /^\/membership$/],
  ['PUT', /^\/membership\/[^/]+$/],
  ['DELETE', /^\/membership\/[^/]+$/],
  // Payments
  ['POST', /^\/payments\/create$/],
  ['GET', /^\/payments\/subscription-management-url$/],
  ['POST', /^\/payments\/subscription-by-session-id$/],
];

/** The path of an API call below /api/v1, or null for anything else. */
function apiPath(url: string): string | null {
  const { pathname } = new URL(url, 'http://localhost');
  const at = pathname.indexOf('/api/v1/');
  return at === -1 ? null : pathname.slice(at + '/api/v1'.length);
}

/** Whether a call is one of the spec's (anything that is not an API call counts as one: it is not ours). */
export function isSpecCall(method: string, url: string): boolean {
  const path = apiPath(url);
  if (path === null) return true;
  const upper = method.toUpperCase();
  return SPEC_CALLS.some(([m, pattern]) => m === upper && pattern.test(path));
}

/** What a server answers for a path it does not route (the shape of NestJS's, the provider's framework). */
export function notRoutedBody(method: string, url: string) {
  return {
    statusCode: 404,
    message: `Cannot ${method.toUpperCase()} ${new URL(url, 'http://localhost').pathname}`,
    error: 'Not Found',
  };
}
