import * as z from 'zod/mini';

// No compiled parsers: the production build's Content-Security-Policy allows no eval, and zod's probe for
// it (a caught `new Function`) would still be reported as a violation. Every schema imports this module.
z.config({ jitless: true });

/** Identifiers are opaque strings in this contract; the client never does arithmetic on them. */
export const IdSchema = z.string().check(z.minLength(1));

/** A timestamp the browser can parse (ISO 8601 in practice). */
export const DateTimeSchema = z
  .string()
  .check(z.refine((s) => !Number.isNaN(Date.parse(s)), 'not a date-time'));

/**
 * What a mutation without a natural result answers (logout, delete). The spec names no field of it and the
 * client needs none: success may be missing (any JSON object will do), but a 2xx that says false is refused.
 */
export const OkSchema = z.looseObject({ success: z.optional(z.literal(true)) });
export type Ok = z.infer<typeof OkSchema>;

/** The error body every failing call answers with (the server is NestJS-shaped). */
export const ErrorBodySchema = z.object({
  statusCode: z.int(),
  message: z.string(),
  error: z.optional(z.string()),
  /** Machine-readable reason, e.g. PLAN_LIMIT_REACHED, INVALID_CODE, CODE_EXPIRED, VALIDATION_FAILED. */
  code: z.optional(z.string()),
  /** Which limit blocked the action, with PLAN_LIMIT_REACHED. */
  limit: z.optional(z.object({ name: z.string(), max: z.int() })),
  /** With 429: seconds until the call may be made again (also in the Retry-After header). */
  retryAfter: z.optional(z.int().check(z.nonnegative())),
  /**
   * Beyond the spec, with VALIDATION_FAILED of a list (a Q&A import): what was wrong with which item (1-based).
   * Left out when it has another shape: the message still says what was refused.
   */
  details: z.catch(
    z.optional(z.array(z.looseObject({ row: z.int(), field: z.optional(z.string()), message: z.string() }))),
    undefined,
  ),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** The machine-readable reasons (src/api/errorCodes.ts: there so the sign-in page needs no schema library). */
export { ErrorCodes } from '../errorCodes';
