import * as z from 'zod/mini';
// zod's jitless setting (the production CSP allows no eval).
import './common';

/*
 * GET /dashboard/handoffs (not in the spec): conversations handed to a person today and yesterday, and the
 * median time to a person's first reply. A server without the call answers 404, 405 or 501.
 */

/** A count the client cannot read (missing, negative, not a whole number) reads as 0. */
const count = z.catch(z.int().check(z.nonnegative()), 0);

export const HandoffFiguresSchema = z.looseObject({
  /** Hand-offs to a person today and yesterday, by the server's calendar. */
  today: count,
  yesterday: count,
  /** Over today's hand-offs a person answered; null when none was (or when unreadable). */
  medianFirstReplySeconds: z.catch(z.nullable(z.number().check(z.nonnegative())), null),
});
export type HandoffFigures = z.infer<typeof HandoffFiguresSchema>;
