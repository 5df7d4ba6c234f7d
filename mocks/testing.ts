import { getResponse, HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, onTestFinished } from 'vitest';
import { BOT_SETTINGS_DEFAULTS, type ChatbotBody } from '../src/api/schemas/chatbots';
import { setNow } from './clock';
import { handlers } from './handlers';
import { resetMockBackend, server } from './node';

/** For tests: the msw node server around every test of the file, with a clean backend and clock after each. */
export function withMockServer(): void {
  beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
  afterEach(() => {
    resetMockBackend();
    setNow(null);
  });
  afterAll(() => server.close());
}

/** For a test: every request the page makes from now on, as "METHOD path" (the path as sent, still encoded). */
export function recordRequests(): string[] {
  const seen: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    seen.push(`${request.method} ${new URL(request.url).pathname}`);
  };
  server.events.on('request:start', listener);
  onTestFinished(() => server.events.removeListener('request:start', listener));
  return seen;
}

export const BASE = 'http://localhost/api/v1';

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

/** A plain fetch to the mock; JSON in and out. `body` may be FormData for uploads. */
// biome-ignore lint/suspicious/noExplicitAny: tests probe answers field by field, including wrong ones
export async function call<T = any>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers = new Headers(options.headers);
  if (options.token) headers.set('Authorization', `Bearer ${options.token}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${BASE}${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** A valid chatbot create/update body, with overrides. */
export const chatbotBody = (over: Partial<ChatbotBody> = {}): ChatbotBody => ({
  name: 'Support bot',
  description: 'Answers questions',
  prompt: 'You are the customer service assistant of Acme Outdoor.\nBe kind.',
  platform: 'openai',
  model: 'gpt-4o-mini',
  temperature: '0.7',
  maxTokens: 2048,
  stop: null,
  type: 'chat',
  knowledgeBaseIds: [],
  settings: { ...BOT_SETTINGS_DEFAULTS },
  ...over,
});

/**
 * Handlers that answer `method path` as the mock does, with each JSON answer passed through `reshape`: a
 * server that leaves out what the spec does not name, or adds what the client does not know.
 */
export function reshaped(method: 'get' | 'post', path: string, reshape: (body: unknown) => unknown) {
  return http[method](`*/api/v1${path}`, async ({ request }) => {
    const response = await getResponse(handlers, request.clone());
    if (!response?.ok) return response;
    return HttpResponse.json(reshape(await response.json()) as never, { status: response.status });
  });
}

/** Keeps only `fields` of an object, or of each object of an array. */
export const only =
  (fields: readonly string[]) =>
  (body: unknown): unknown => {
    if (Array.isArray(body)) return body.map(only(fields));
    if (!body || typeof body !== 'object') return body;
    return Object.fromEntries(Object.entries(body).filter(([key]) => fields.includes(key)));
  };
