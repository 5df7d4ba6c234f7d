import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  type CrawlUrlProblem,
  crawlUrlProblem,
  isPathPattern,
  MAX_PATH_PATTERNS,
  normaliseCrawlUrl,
  splitPatterns,
} from '../../../../api/crawlUrl';
import type { Source, SourceBody, SyncSchedule } from '../../../../api/schemas/knowledgeSources';

/** A website being added, as the form holds it: patterns as typed, one a line. */
export interface SourceDraft {
  url: string;
  depth: number;
  include: string;
  exclude: string;
  schedule: SyncSchedule;
}

export type SourceDraftField = 'url' | 'include' | 'exclude';

export const emptySourceDraft: SourceDraft = {
  url: '',
  depth: 2,
  include: '',
  exclude: '',
  schedule: 'manual',
};

export const sourceMessages = {
  urlNeeded: msg`Write the website's address.`,
  urlInvalid: msg`This is not a web address. Write one such as https://help.example.com.`,
  urlScheme: msg`Only http:// and https:// addresses can be crawled.`,
  urlCredentials: msg`Leave the user name and password out of the address.`,
  urlPrivate: msg`This address is on a private network (loopback, private or link-local). A crawler must not be pointed at a private network: give the address of a public website.`,
  patternInvalid: msg`Write each path from the site's root, such as /blog/*, one a line.`,
  tooManyPatterns: msg`Write at most ${MAX_PATH_PATTERNS} paths.`,
};

const URL_MESSAGES: Record<CrawlUrlProblem, MessageDescriptor> = {
  empty: sourceMessages.urlNeeded,
  invalid: sourceMessages.urlInvalid,
  scheme: sourceMessages.urlScheme,
  credentials: sourceMessages.urlCredentials,
  private: sourceMessages.urlPrivate,
};

function patternProblem(text: string): MessageDescriptor | null {
  const patterns = splitPatterns(text);
  if (patterns.length > MAX_PATH_PATTERNS) return sourceMessages.tooManyPatterns;
  return patterns.every(isPathPattern) ? null : sourceMessages.patternInvalid;
}

/** What keeps the draft from being sent, and the field it is about; null: it can be sent. */
export function sourceDraftProblem(
  draft: SourceDraft,
): { field: SourceDraftField; message: MessageDescriptor } | null {
  const url = crawlUrlProblem(draft.url);
  if (url) return { field: 'url', message: URL_MESSAGES[url] };
  const include = patternProblem(draft.include);
  if (include) return { field: 'include', message: include };
  const exclude = patternProblem(draft.exclude);
  if (exclude) return { field: 'exclude', message: exclude };
  return null;
}

export const sourceBodyOf = (draft: SourceDraft): SourceBody => ({
  url: normaliseCrawlUrl(draft.url),
  depth: draft.depth,
  include: splitPatterns(draft.include),
  exclude: splitPatterns(draft.exclude),
  schedule: draft.schedule,
});

const DAY_MS = 24 * 60 * 60 * 1000;
const SCHEDULE_MS: Record<SyncSchedule, number | null> = { manual: null, daily: DAY_MS, weekly: 7 * DAY_MS };

/** When the schedule re-syncs the source next: as the server says, else a day or a week after the last sync. */
export function nextSyncOf(source: Pick<Source, 'schedule' | 'lastSyncedAt' | 'nextSyncAt'>): string | null {
  const every = SCHEDULE_MS[source.schedule];
  if (every === null) return null;
  if (source.nextSyncAt) return source.nextSyncAt;
  return source.lastSyncedAt ? new Date(Date.parse(source.lastSyncedAt) + every).toISOString() : null;
}
