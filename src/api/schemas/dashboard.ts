import * as z from 'zod/mini';
import { DateTimeSchema } from './common';

export const CountSchema = z.object({ count: z.int().check(z.nonnegative()) });
export type Count = z.infer<typeof CountSchema>;

export const ComparisonSchema = z.object({
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

export const ActivityLogEntrySchema = z.object({
  createdAt: DateTimeSchema,
  description: z.string(),
  type: z.optional(ActivityTypeSchema),
});
export type ActivityLogEntry = z.infer<typeof ActivityLogEntrySchema>;
export const ActivityLogSchema = z.array(ActivityLogEntrySchema);
