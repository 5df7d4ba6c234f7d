import * as z from 'zod/mini';
import { IdSchema } from './common';

/*
 * Not in the spec: the team's saved replies, inserted into a reply by typing "/" and their shortcut
 * (GET and POST /saved-replies, PUT and DELETE /saved-replies/{id}). A server without them answers 404, 405 or
 * 501, and the reply box works without them.
 */

export const MAX_SAVED_REPLIES = 50;
export const MAX_SHORTCUT_LENGTH = 30;
export const MAX_SAVED_REPLY_LENGTH = 1000;

export const SavedReplySchema = z.looseObject({ id: IdSchema, shortcut: z.string(), text: z.string() });
export type SavedReply = z.infer<typeof SavedReplySchema>;

/** A list whose unreadable entries are left out (one bad reply does not hide the others). */
export const SavedReplyListSchema = z.pipe(
  z.array(z.unknown()),
  z.transform((items) =>
    items.flatMap((item) => {
      const parsed = SavedReplySchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    }),
  ),
);

/** A shortcut is one word without "/" (what is typed after the "/"). */
export const SavedReplyBodySchema = z.object({
  shortcut: z
    .string()
    .check(z.trim(), z.minLength(1), z.maxLength(MAX_SHORTCUT_LENGTH), z.regex(/^[^\s/]+$/)),
  text: z.string().check(z.trim(), z.minLength(1), z.maxLength(MAX_SAVED_REPLY_LENGTH)),
});
export type SavedReplyBody = z.infer<typeof SavedReplyBodySchema>;
