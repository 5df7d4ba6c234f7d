import * as z from 'zod/mini';
import { DateTimeSchema, IdSchema } from './common';

/*
 * Not in the spec: a bot's question-and-answer knowledge (issue 33). The bot answers a question it matches
 * (or a close one) with the entry's answer and names it as its source.
 *   GET    /chatbots/{id}/qa?search=     -> { entries: QaEntry[], limit }
 *   POST   /chatbots/{id}/qa             -> 201 QaEntry (409 QA_LIMIT_REACHED at the limit)
 *   PUT    /chatbots/{id}/qa/{entryId}   -> QaEntry
 *   DELETE /chatbots/{id}/qa/{entryId}   -> { success: true }
 * A server without them answers 404, 405 or 501, and the Knowledge tab works as the spec has it.
 */

export const MAX_QA_QUESTION_LENGTH = 500;
export const MAX_QA_ANSWER_LENGTH = 2000;

export const QaEntrySchema = z.looseObject({
  id: IdSchema,
  question: z.string(),
  answer: z.string(),
  updatedAt: DateTimeSchema,
});
export type QaEntry = z.infer<typeof QaEntrySchema>;

/** The entries (an unreadable one is left out, not the list) and how many the plan allows (null: no limit told). */
export const QaListSchema = z.looseObject({
  entries: z.pipe(
    z.array(z.unknown()),
    z.transform((items) =>
      items.flatMap((item) => {
        const parsed = QaEntrySchema.safeParse(item);
        return parsed.success ? [parsed.data] : [];
      }),
    ),
  ),
  limit: z.catch(z.nullable(z.int().check(z.positive())), null),
});
export type QaList = z.infer<typeof QaListSchema>;

export const QaEntryBodySchema = z.object({
  question: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_QA_QUESTION_LENGTH)),
  answer: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_QA_ANSWER_LENGTH)),
});
export type QaEntryBody = z.infer<typeof QaEntryBodySchema>;

/*
 * Also beyond the spec: many entries at once, all or none (a CSV import).
 *   POST /chatbots/{id}/qa/import { entries: QaEntryBody[] } -> 201 { created: QaEntry[] }
 * Refused whole: 400 VALIDATION_FAILED naming the bad rows (1-based, in `details` beside the spec's fields),
 * 409 QA_LIMIT_REACHED when the entries would pass the limit.
 */
export const QaImportBodySchema = z.object({
  entries: z.array(QaEntryBodySchema).check(z.minLength(1)),
});
export type QaImportBody = z.infer<typeof QaImportBodySchema>;

/** What was created; an unreadable entry is left out (the list reloads after an import anyway). */
export const QaImportResultSchema = z.looseObject({
  created: z.catch(QaListSchema.shape.entries, []),
});
export type QaImportResult = z.infer<typeof QaImportResultSchema>;
