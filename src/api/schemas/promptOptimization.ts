import * as z from 'zod/mini';
import { IdSchema } from './common';

/** The longest prompt the optimiser takes (a system prompt is a few KB; this is far beyond any real one). */
export const OPTIMIZE_PROMPT_MAX_LENGTH = 32_000;

/** The languages the optimiser writes its section headings in; without one it follows the prompt's own. */
export const OPTIMIZE_LANGUAGES = ['en', 'zh-CN', 'zh-TW'] as const;
export type OptimizeLanguage = (typeof OPTIMIZE_LANGUAGES)[number];

/** POST /chatbots/prompt-optimizations: the prompt travels in a body, as it is too long for a URL. */
export const PromptOptimizationBodySchema = z.object({
  prompt: z.string().check(z.trim(), z.minLength(1), z.maxLength(OPTIMIZE_PROMPT_MAX_LENGTH)),
  language: z.optional(z.enum(OPTIMIZE_LANGUAGES)),
});
export type PromptOptimizationBody = z.infer<typeof PromptOptimizationBodySchema>;

/** The answer names the optimisation whose stream the client then reads; anything else it says passes. */
export const PromptOptimizationSchema = z.looseObject({ id: IdSchema });
export type PromptOptimization = z.infer<typeof PromptOptimizationSchema>;

/*
 * The events of GET /chatbots/prompt-optimizations/{id}/stream, one JSON object per `data:` line:
 * `{"type":"delta","text":"…"}` adds text, `{"type":"done"}` ends the answer. A failure is an `error:` line,
 * `{"message":"…"}` (read by the client's streaming helper). Events of other types (a keep-alive, usage
 * figures) are skipped, and unknown fields pass: a server may say more than this client reads.
 */
export const OptimizationEventSchema = z.looseObject({ type: z.string() });
export const OptimizationDeltaSchema = z.looseObject({ type: z.literal('delta'), text: z.string() });
export type OptimizationDelta = z.infer<typeof OptimizationDeltaSchema>;
export const OptimizationDoneSchema = z.looseObject({ type: z.literal('done') });

/** What the mock (and a real server) writes on the stream. */
export type OptimizationStreamEvent = OptimizationDelta | { type: 'done' };

/**
 * A whole event-stream body as the contract pins it: every `data:` line is an event of the agreed shape
 * (a delta carries its text) and the stream ends with `done`, or with an `error:` line. For the pact's
 * examples; the client reads the stream line by line.
 */
export const OptimizationStreamBodySchema = z.string().check(
  z.refine((body) => {
    const events: Array<{ field: string; value: unknown }> = [];
    for (const line of body.split(/\r?\n/)) {
      const match = /^(data|error):\s?(.*)$/.exec(line);
      if (!match) continue;
      try {
        events.push({ field: match[1] ?? '', value: JSON.parse(match[2] ?? '') });
      } catch {
        return false;
      }
    }
    const last = events.at(-1);
    const ended =
      last?.field === 'error' ||
      (last?.field === 'data' && OptimizationDoneSchema.safeParse(last.value).success);
    const readable = events.every(
      ({ field, value }) =>
        field === 'error' ||
        (OptimizationEventSchema.safeParse(value).success &&
          ((value as { type: string }).type !== 'delta' || OptimizationDeltaSchema.safeParse(value).success)),
    );
    return ended && readable;
  }, 'an event stream of deltas that ends with done or an error line'),
);
