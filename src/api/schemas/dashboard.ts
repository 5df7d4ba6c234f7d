import { z } from 'zod';
import { DateTimeSchema } from './common';

export const CountSchema = z.object({ count: z.number().int().nonnegative() });
export type Count = z.infer<typeof CountSchema>;

export const ComparisonSchema = z.object({
  countsOfToday: z.number().int().nonnegative(),
  countsOfYesterday: z.number().int().nonnegative(),
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
  type: ActivityTypeSchema.optional(),
});
export type ActivityLogEntry = z.infer<typeof ActivityLogEntrySchema>;
export const ActivityLogSchema = z.array(ActivityLogEntrySchema);
