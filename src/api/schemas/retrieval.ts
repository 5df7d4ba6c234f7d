import * as z from 'zod/mini';
import { IdSchema } from './common';

/*
 * Not in the spec: what the bot finds in its knowledge for a question (issue 33's retrieval test).
 *   POST /chatbots/{id}/retrieval-test { query, limit? } -> { passages: RetrievedPassage[] }, best first
 * The test chat's reply may also name the passages it used (an optional `passages` of the plain reply and of
 * the stream's `done` event). A server without the call answers 404, 405 or 501, and one that does not name
 * passages leaves the field out: the screens then work as the spec has them.
 */

export const RETRIEVAL_QUERY_MAX_LENGTH = 500;
export const RETRIEVAL_DEFAULT_LIMIT = 5;
export const RETRIEVAL_MAX_LIMIT = 20;

export const PASSAGE_SOURCE_KINDS = ['file', 'qa', 'page'] as const;
export type PassageSourceKind = (typeof PASSAGE_SOURCE_KINDS)[number];

export const PassageSourceSchema = z.looseObject({
  kind: z.enum(PASSAGE_SOURCE_KINDS),
  /** The file's, entry's or page's id, when the server tells it. */
  id: z.optional(z.string()),
  name: z.string(),
  /** A web page's address: shown as text, never followed as given. */
  url: z.optional(z.string()),
});
export type PassageSource = z.infer<typeof PassageSourceSchema>;

export const RetrievedPassageSchema = z.looseObject({
  id: IdSchema,
  text: z.string(),
  /** How well it matches, 0 to 1 (a server's figure outside that range is brought into it). */
  score: z.pipe(
    z.number(),
    z.transform((n) => Math.min(1, Math.max(0, n))),
  ),
  source: PassageSourceSchema,
});
export type RetrievedPassage = z.infer<typeof RetrievedPassageSchema>;

/** Passages in the server's order; one the client cannot read (an unknown kind of source) is left out. */
export const PassageListSchema = z.pipe(
  z.array(z.unknown()),
  z.transform((items) =>
    items.flatMap((item) => {
      const parsed = RetrievedPassageSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    }),
  ),
);

export const RetrievalResultSchema = z.looseObject({ passages: PassageListSchema });
export type RetrievalResult = z.infer<typeof RetrievalResultSchema>;

/** A reply's passages: missing or unreadable means the server did not say (undefined), never a failed reply. */
export const OptionalPassagesSchema = z.catch(z.optional(PassageListSchema), undefined);

export const RetrievalQuerySchema = z.object({
  query: z.string().check(z.trim(), z.minLength(1), z.maxLength(RETRIEVAL_QUERY_MAX_LENGTH)),
  limit: z.optional(z.int().check(z.positive(), z.lte(RETRIEVAL_MAX_LIMIT))),
});
export type RetrievalQuery = z.infer<typeof RetrievalQuerySchema>;
