import { pathIsWanted } from '../src/api/crawlUrl';
import { isoNow } from './clock';
import { sitePage } from './crawlSite';
import type { CrawlSourceRecord } from './db';

/*
 * The mock's crawler (issue 33). It does not run on a timer: each read of a crawling source fetches its next
 * queued page, so a crawl moves exactly as far as it is watched and a test knows where it is after N reads.
 * A fetched page queues the links it has (same site, within the depth, wanted by include/exclude); a crawl ends
 * when nothing is queued, and then tells what changed since the last finished one.
 */

export const PAGE_LIMIT_REASON = 'Page limit reached';

type Page = CrawlSourceRecord['pages'][number];
type Held = CrawlSourceRecord['held'][number];

const fetchedOf = (pages: readonly Page[]): Held[] =>
  pages.flatMap((p) =>
    p.status === 'fetched' ? [{ url: p.url, title: p.title ?? p.url, text: p.text ?? '' }] : [],
  );

/** The pages the bot answers from: the last finished crawl's, else (before one has finished) those fetched so far. */
export const knownPages = (source: CrawlSourceRecord): Held[] =>
  source.held.length > 0 || source.status !== 'crawling' ? source.held : fetchedOf(source.pages);

/** The pages a source counts against the limit: a crawl's own pages replace the last ones as it goes. */
export const countedPages = (source: CrawlSourceRecord): number =>
  source.status === 'crawling' ? fetchedOf(source.pages).length : source.held.length;

/** Where the address's page sits, for patterns: its path and query. */
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** The changes a crawl starts with: its start page queued. */
export function startCrawl(source: Pick<CrawlSourceRecord, 'url' | 'crawls'>) {
  return {
    status: 'crawling' as const,
    crawls: source.crawls + 1,
    pages: [{ url: source.url, hops: 0, status: 'queued' as const, title: null, text: null, reason: null }],
  };
}

/** What changed from the last finished crawl's pages to this one's. */
export function changeBetween(before: readonly Held[], after: readonly Held[]) {
  const old = new Map(before.map((p) => [p.url, p.text]));
  const now = new Set(after.map((p) => p.url));
  return {
    added: after.filter((p) => !old.has(p.url)).length,
    changed: after.filter((p) => old.has(p.url) && old.get(p.url) !== p.text).length,
    removed: before.filter((p) => !now.has(p.url)).length,
  };
}

/** A crawl that has nothing left queued: synced with what it fetched (failed when it fetched nothing). */
function finish(source: CrawlSourceRecord, pages: Page[]): Partial<CrawlSourceRecord> {
  const fetched = fetchedOf(pages);
  if (fetched.length === 0) return { pages, status: 'failed' };
  return {
    pages,
    status: 'synced',
    held: fetched,
    lastSyncedAt: isoNow(),
    lastChange: changeBetween(source.held, fetched),
  };
}

/**
 * The crawl one step further: its next queued page fetched (or failed), or, with `room` for no more pages,
 * every queued page failed for the limit. Nothing changes for a source that is not crawling.
 */
export function crawlStep(source: CrawlSourceRecord, room: number): Partial<CrawlSourceRecord> | null {
  if (source.status !== 'crawling') return null;
  const pages = source.pages.map((p) => ({ ...p }));
  const next = pages.find((p) => p.status === 'queued');
  if (!next) return finish(source, pages);
  if (room <= 0) {
    for (const p of pages) {
      if (p.status === 'queued') Object.assign(p, { status: 'failed', reason: PAGE_LIMIT_REASON });
    }
    return finish(source, pages);
  }
  const found = sitePage(next.url, source.crawls);
  if (!found.ok) {
    Object.assign(next, { status: 'failed', reason: found.reason });
  } else {
    Object.assign(next, { status: 'fetched', title: found.title, text: found.text });
    if (next.hops < source.depth) {
      const origin = new URL(source.url).origin;
      for (const link of found.links) {
        const url = new URL(link, next.url).href;
        const known = pages.some((p) => p.url === url);
        if (known || new URL(url).origin !== origin) continue;
        if (!pathIsWanted(pathOf(url), source.include, source.exclude)) continue;
        pages.push({ url, hops: next.hops + 1, status: 'queued', title: null, text: null, reason: null });
      }
    }
  }
  return pages.some((p) => p.status === 'queued') ? { pages } : finish(source, pages);
}

/** A crawl stopped by the user: what was fetched stays (as the bot's pages, if it had none yet). */
export function cancelCrawl(source: CrawlSourceRecord): Partial<CrawlSourceRecord> | null {
  if (source.status !== 'crawling') return null;
  const pages = source.pages.filter((p) => p.status !== 'queued');
  return {
    status: 'cancelled',
    pages,
    held: source.held.length > 0 ? source.held : fetchedOf(pages),
  };
}
