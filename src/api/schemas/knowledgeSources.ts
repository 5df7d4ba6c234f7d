import * as z from 'zod/mini';
import { crawlUrlProblem, isPathPattern, MAX_PATH_PATTERNS, normaliseCrawlUrl } from '../crawlUrl';
import { DateTimeSchema, IdSchema } from './common';

/*
 * Not in the spec: websites a bot learns from (issue 33). A source is a start address crawled to a depth of 1
 * to 3 links, its paths filtered by include/exclude patterns (`*` for any characters), re-synced by hand,
 * daily or weekly. The pages a bot holds count against the plan's `knowledgePageLimit`.
 *   GET    /chatbots/{id}/sources                   -> { sources: Source[], pages: { used, max } }
 *   POST   /chatbots/{id}/sources                   -> 201 SourceDetail, its first crawl started
 *                                                      (400 VALIDATION_FAILED for a private or non-http(s)
 *                                                      address; 409 PAGE_LIMIT_REACHED at the limit)
 *   GET    /chatbots/{id}/sources/{sourceId}        -> SourceDetail (the crawl, page by page)
 *   PUT    /chatbots/{id}/sources/{sourceId}        -> SourceDetail (schedule, include, exclude)
 *   POST   /chatbots/{id}/sources/{sourceId}/sync   -> SourceDetail, a new crawl started
 *   POST   /chatbots/{id}/sources/{sourceId}/cancel -> SourceDetail, the crawl cancelled
 *   DELETE /chatbots/{id}/sources/{sourceId}        -> { success: true }
 * A server without them answers 404, 405 or 501, and the Knowledge tab works as the spec has it.
 */

export const CRAWL_STATUSES = ['crawling', 'synced', 'cancelled', 'failed'] as const;
export const SYNC_SCHEDULES = ['manual', 'daily', 'weekly'] as const;
export const MIN_CRAWL_DEPTH = 1;
export const MAX_CRAWL_DEPTH = 3;

export const CrawlStatusSchema = z.enum(CRAWL_STATUSES);
export type CrawlStatus = z.infer<typeof CrawlStatusSchema>;
export const SyncScheduleSchema = z.enum(SYNC_SCHEDULES);
export type SyncSchedule = z.infer<typeof SyncScheduleSchema>;

const count = z.catch(z.int().check(z.nonnegative()), 0);
const patterns = z.catch(z.array(z.string()), []);

/** What the last finished crawl changed: pages added, changed, removed (null: not told, or none yet). */
export const SyncChangeSchema = z.object({ added: count, changed: count, removed: count });
export type SyncChange = z.infer<typeof SyncChangeSchema>;

/** The crawl's pages so far, by state (missing: none told). */
export const CrawlProgressSchema = z.object({ queued: count, fetched: count, failed: count });
export type CrawlProgress = z.infer<typeof CrawlProgressSchema>;

const noProgress: CrawlProgress = { queued: 0, fetched: 0, failed: 0 };

/** A source as listed. Only its id, address and status are required; the rest has a stated default. */
export const SourceSchema = z.looseObject({
  id: IdSchema,
  url: z.string(),
  status: CrawlStatusSchema,
  depth: z.catch(z.int().check(z.gte(MIN_CRAWL_DEPTH), z.lte(MAX_CRAWL_DEPTH)), MIN_CRAWL_DEPTH),
  include: patterns,
  exclude: patterns,
  /** Missing or unknown: re-synced by hand only. */
  schedule: z.catch(SyncScheduleSchema, 'manual'),
  progress: z.catch(CrawlProgressSchema, noProgress),
  lastSyncedAt: z.catch(z.nullable(DateTimeSchema), null),
  lastChange: z.catch(z.nullable(SyncChangeSchema), null),
  /** When the schedule next re-syncs it, if the server says; else computed from lastSyncedAt. */
  nextSyncAt: z.catch(z.nullable(DateTimeSchema), null),
});
export type Source = z.infer<typeof SourceSchema>;

export const CRAWL_PAGE_STATUSES = ['queued', 'fetched', 'failed'] as const;

/** One page of a crawl; `reason` says why it failed. */
export const CrawlPageSchema = z.looseObject({
  url: z.string(),
  status: z.enum(CRAWL_PAGE_STATUSES),
  title: z.catch(z.nullable(z.string()), null),
  reason: z.catch(z.nullable(z.string()), null),
});
export type CrawlPage = z.infer<typeof CrawlPageSchema>;

/** The pages a bot holds and how many the plan allows (max null: no limit told). */
export const PageUsageSchema = z.object({
  used: count,
  max: z.catch(z.nullable(z.int().check(z.positive())), null),
});
export type PageUsage = z.infer<typeof PageUsageSchema>;

/** Items of a list: one unreadable item is left out, not the list. */
const readableItems = <S extends z.ZodMiniType>(schema: S) =>
  z.pipe(
    z.array(z.unknown()),
    z.transform((items) =>
      items.flatMap((item) => {
        const parsed = schema.safeParse(item);
        return parsed.success ? [parsed.data as z.output<S>] : [];
      }),
    ),
  );

/** A source with its crawl page by page (the open one's), and the bot's page count when the server tells it. */
export const SourceDetailSchema = z.looseObject({
  ...SourceSchema.shape,
  pages: z.catch(readableItems(CrawlPageSchema), []),
  botPages: z.catch(z.nullable(PageUsageSchema), null),
});
export type SourceDetail = z.infer<typeof SourceDetailSchema>;

export const SourceListSchema = z.looseObject({
  sources: readableItems(SourceSchema),
  pages: z.catch(PageUsageSchema, { used: 0, max: null }),
});
export type SourceList = z.infer<typeof SourceListSchema>;

const PatternListSchema = z
  .array(z.string().check(z.trim(), z.refine(isPathPattern, 'not a path pattern')))
  .check(z.maxLength(MAX_PATH_PATTERNS));

/** A new source; the address must be http(s) and public (crawlUrl.ts). */
export const SourceBodySchema = z.object({
  url: z.pipe(
    z.string().check(z.refine((u) => crawlUrlProblem(u) === null, 'not a public http(s) address')),
    z.transform(normaliseCrawlUrl),
  ),
  depth: z.int().check(z.gte(MIN_CRAWL_DEPTH), z.lte(MAX_CRAWL_DEPTH)),
  include: PatternListSchema,
  exclude: PatternListSchema,
  schedule: SyncScheduleSchema,
});
export type SourceBody = z.input<typeof SourceBodySchema>;

/** What may change on a source: any of its schedule and patterns. */
export const SourceChangeSchema = z.object({
  schedule: z.optional(SyncScheduleSchema),
  include: z.optional(PatternListSchema),
  exclude: z.optional(PatternListSchema),
});
export type SourceChange = z.infer<typeof SourceChangeSchema>;
