import { afterAll, afterEach, beforeAll } from 'vitest';
import type { ChatbotBody } from '../src/api/schemas/chatbots';
import { setNow } from './clock';
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
  ...over,
});
