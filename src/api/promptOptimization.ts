import { postEndpoint, seg } from './client';
import { ApiError } from './errors';
import { parseResponse } from './request';
import {
  OptimizationDeltaSchema,
  OptimizationEventSchema,
  type PromptOptimizationBody,
  PromptOptimizationBodySchema,
  PromptOptimizationSchema,
} from './schemas/promptOptimization';
import { streamGet } from './stream';

export const PROMPT_OPTIMIZATIONS_PATH = '/chatbots/prompt-optimizations';

const postOptimization = postEndpoint(
  PROMPT_OPTIMIZATIONS_PATH,
  PromptOptimizationBodySchema,
  PromptOptimizationSchema,
);

/**
 * Starts an AI optimisation of a system prompt; the answer's id names the stream to read. A body the schema
 * refuses (a blank prompt) is never sent, and comes back as a rejection like any other failure.
 */
export const createPromptOptimization = async (body: PromptOptimizationBody, signal?: AbortSignal) =>
  postOptimization(body, signal);

export const promptOptimizationStreamPath = (id: string) => `${PROMPT_OPTIMIZATIONS_PATH}/${seg(id)}/stream`;

type Outcome = { done: true } | { error: ApiError };

export interface OptimizationStreamOptions {
  /** Each piece of the improved prompt, in order, as it arrives. */
  onText: (text: string) => void;
  signal?: AbortSignal;
}

/**
 * Reads an optimisation's improved prompt over server-sent events (the client's streaming helper). Resolves
 * once the server says the answer is complete (`done`); rejects with an ApiError on an `error:` line, a
 * non-OK status, a line that is not what was agreed, or a stream that ends (or breaks off) before `done`:
 * a prompt cut off mid-way must never pass for a finished one. Nothing is read after the first outcome.
 */
export async function streamPromptOptimization(
  id: string,
  { onText, signal }: OptimizationStreamOptions,
): Promise<void> {
  const path = promptOptimizationStreamPath(id);
  const endpoint = `GET ${path}`;
  // Ends the request once the outcome is known (the helper itself reads on after an error line).
  const finished = new AbortController();
  const state: { outcome: Outcome | null } = { outcome: null };
  const settle = (outcome: Outcome) => {
    if (state.outcome) return;
    state.outcome = outcome;
    finished.abort();
  };

  const onData = (payload: unknown) => {
    if (state.outcome) return;
    try {
      const event = parseResponse(OptimizationEventSchema, payload, endpoint);
      if (event.type === 'delta') onText(parseResponse(OptimizationDeltaSchema, payload, endpoint).text);
      else if (event.type === 'done') settle({ done: true });
      // Other event types (keep-alives, figures) are not this client's business.
    } catch (error) {
      settle({ error: error as ApiError });
    }
  };

  await streamGet(path, {
    onData,
    onError: (error) => settle({ error }),
    signal: signal ? AbortSignal.any([signal, finished.signal]) : finished.signal,
  });

  const { outcome } = state;
  if (outcome && 'done' in outcome) return;
  if (outcome) throw outcome.error;
  throw new ApiError({
    kind: 'network',
    endpoint,
    message: 'The stream ended before the answer was complete',
  });
}
