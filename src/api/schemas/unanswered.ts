import * as z from 'zod/mini';
import { DateTimeSchema, IdSchema } from './common';

/*
 * Not in the spec: the customer messages a bot met with its fallback, or handed off for lack of an answer
 * (issue 33), gathered per bot, similar ones in one group.
 *   GET  /chatbots/{id}/unanswered                      -> { groups: UnansweredGroup[] (latest first), open }
 *   POST /chatbots/{id}/unanswered/{groupId}/answer     { question, answer } -> 201 QaEntry (the group cleared;
 *                                                          409 QA_LIMIT_REACHED as the Q&A calls answer it)
 *   POST /chatbots/{id}/unanswered/{groupId}/dismiss    -> { success: true } (cleared without an entry)
 * A server without them answers 404, 405 or 501: no badge, and the Knowledge tab says the rest is not offered.
 */

export const UnansweredGroupSchema = z.looseObject({
  id: IdSchema,
  /** The question that stands for the group (the first one asked). */
  question: z.string(),
  /** Other wordings customers used, the latest first (none told: none). */
  examples: z.catch(z.array(z.string()), []),
  /** How many times it was asked (not told: once). */
  count: z.catch(z.int().check(z.positive()), 1),
  lastAskedAt: DateTimeSchema,
});
export type UnansweredGroup = z.infer<typeof UnansweredGroupSchema>;

/** The open groups (an unreadable one is left out, not the list), and how many are open (not told: as listed). */
export const UnansweredListSchema = z.pipe(
  z.looseObject({
    groups: z.pipe(
      z.array(z.unknown()),
      z.transform((items) =>
        items.flatMap((item) => {
          const parsed = UnansweredGroupSchema.safeParse(item);
          return parsed.success ? [parsed.data] : [];
        }),
      ),
    ),
    open: z.catch(z.optional(z.int().check(z.nonnegative())), undefined),
  }),
  z.transform((list) => ({
    ...list,
    open: list.open ?? list.groups.length,
  })),
);
export type UnansweredList = z.infer<typeof UnansweredListSchema>;
