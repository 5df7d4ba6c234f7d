import * as z from 'zod/mini';
import { DateTimeSchema } from './common';

/* Count and comparison answers as spec section 3 lists them; fields the client does not know pass through. */
export const CountSchema = z.looseObject({ count: z.int().check(z.nonnegative()) });
export type Count = z.infer<typeof CountSchema>;

export const ComparisonSchema = z.looseObject({
  countsOfToday: z.int().check(z.nonnegative()),
  countsOfYesterday: z.int().check(z.nonnegative()),
});
export type Comparison = z.infer<typeof ComparisonSchema>;

/** The spec's four event kinds; `type` lets the client translate, `description` is the server's own text. */
export const ActivityTypeSchema = z.enum([
  'user_connected',
  'agent_updated',
  'knowledge_updated',
  'instance_bound',
]);
export type ActivityType = z.infer<typeof ActivityTypeSchema>;
export const isActivityType = (type: unknown): type is ActivityType =>
  ActivityTypeSchema.safeParse(type).success;

/**
 * createdAt and description are spec section 3's; `type` is not: when it is missing, or a kind the client
 * does not know, the entry shows the server's description (so any string is accepted here).
 */
export const ActivityLogEntrySchema = z.looseObject({
  createdAt: DateTimeSchema,
  description: z.string(),
  type: z.optional(z.string()),
});
export type ActivityLogEntry = z.infer<typeof ActivityLogEntrySchema>;
export const ActivityLogSchema = z.array(ActivityLogEntrySchema);
