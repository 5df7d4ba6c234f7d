import { HttpResponse } from 'msw';
import { type CrawlUrlProblem, crawlUrlProblem, normaliseCrawlUrl } from '../../src/api/crawlUrl';
import type { Ok } from '../../src/api/schemas/common';
import {
  type SourceBody,
  SourceBodySchema,
  SourceChangeSchema,
  type SourceDetail,
} from '../../src/api/schemas/knowledgeSources';
import { DAY, isoNow } from '../clock';
import { cancelCrawl, countedPages, crawlStep, knownPages, startCrawl } from '../crawler';
import { type CrawlSourceRecord, db, newId, notifyDbChanged, type Stored, type UserRecord } from '../db';
import { ownBot } from './chatbots';
import { authedRoute, errorResponse, fail, owned, readBody } from './common';

/*
 * The websites a bot learns from (issue 33); see src/api/schemas/knowledgeSources.ts and mocks/crawler.ts.
 * Each GET of one source moves its crawl one page on. A bot holds at most PAGE_LIMIT pages: a new source at
 * the limit is refused with 409 PAGE_LIMIT_REACHED, and a crawl that reaches it fails its remaining pages.
 * Scheduled re-syncs are stored and told (nextSyncAt), not run: the mock has no scheduler.
 */

export const PAGE_LIMIT = 50;
export const PAGE_LIMIT_NAME = 'knowledgePageLimit';

/** What the mock says of a refused address, as a server would (the form says it in the user's language). */
export const CRAWL_URL_REFUSALS: Record<CrawlUrlProblem, string> = {
  empty: 'url: write the address of the website',
  invalid: 'url: not a web address',
  scheme: 'url: only http:// and https:// addresses can be crawled',
  credentials: 'url: an address with a user name or password cannot be crawled',
  private:
    'url: this is a loopback, private or link-local address; a crawler must not be pointed at a private network',
};

const sourcesOf = (chatbotId: string) =>
  db.crawlSources
    .findMany((q) => q.where((s) => s.chatbotId === chatbotId))
    .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));

const usedPages = (chatbotId: string) => sourcesOf(chatbotId).reduce((n, s) => n + countedPages(s), 0);

const usage = (chatbotId: string) => ({ used: usedPages(chatbotId), max: PAGE_LIMIT });

/** The fetched pages a bot answers from, for the retrieval index. */
export const crawledPagesOf = (botId: string): { url: string; title: string; text: string }[] =>
  sourcesOf(botId).flatMap(knownPages);

const AFTER: Record<CrawlSourceRecord['schedule'], number | null> = {
  manual: null,
  daily: DAY,
  weekly: 7 * DAY,
};

/**
 * Each reading of a source crawls one more page, so the demo's crawl moves while the screen polls it. A test
 * that moves the crawl itself (crawlOn) turns that off: what it sees then does not depend on how often the
 * screen read meanwhile.
 */
export const crawlMock = { advancesOnRead: true };

const nextSyncAt = ({ schedule, lastSyncedAt }: CrawlSourceRecord) => {
  const after = AFTER[schedule];
  return after === null || lastSyncedAt === null
    ? null
    : new Date(Date.parse(lastSyncedAt) + after).toISOString();
};

const toSource = (s: CrawlSourceRecord) => ({
  id: s.id,
  url: s.url,
  status: s.status,
  depth: s.depth,
  include: s.include,
  exclude: s.exclude,
  schedule: s.schedule,
  progress: {
    queued: s.pages.filter((p) => p.status === 'queued').length,
    fetched: s.pages.filter((p) => p.status === 'fetched').length,
    failed: s.pages.filter((p) => p.status === 'failed').length,
  },
  lastSyncedAt: s.lastSyncedAt,
  lastChange: s.lastChange,
  nextSyncAt: nextSyncAt(s),
});

const toDetail = (s: CrawlSourceRecord): SourceDetail => ({
  ...toSource(s),
  pages: s.pages.map(({ url, status, title, reason }) => ({ url, status, title, reason })),
  botPages: usage(s.chatbotId),
});

const ownSource = (botId: string, id: string, user: UserRecord) =>
  owned(
    db.crawlSources.findFirst((q) => q.where((s) => s.id === id && s.chatbotId === botId)),
    user,
    'Source',
  );

async function change(record: Stored<'crawlSources'>, patch: Partial<CrawlSourceRecord> | null) {
  if (!patch) return record;
  const updated = await db.crawlSources.update(record, { data: (s) => void Object.assign(s, patch) });
  notifyDbChanged();
  return updated ?? record;
}

/** For tests, provider states and the demo: a source of a bot, its first crawl started. */
export async function givenSource(
  ownerId: string,
  chatbotId: string,
  body: Partial<SourceBody> & { url: string },
  id = newId('src'),
) {
  const { url, depth, include, exclude, schedule } = SourceBodySchema.parse({
    depth: 1,
    include: [],
    exclude: [],
    schedule: 'manual',
    ...body,
  });
  const record = await db.crawlSources.create({
    id,
    ownerId,
    chatbotId,
    url: new URL(url).href,
    depth,
    include,
    exclude,
    schedule,
    ...startCrawl({ url: new URL(url).href, crawls: 0 }),
    held: [],
    lastSyncedAt: null,
    lastChange: null,
    createdAt: isoNow(),
  });
  notifyDbChanged();
  return record;
}

/** Reads a source `times` times, as a watching page would: its crawl moves on by as many pages. */
export async function crawlOn(id: string, times = 1) {
  for (let i = 0; i < times; i++) {
    const record = db.crawlSources.findFirst((q) => q.where((s) => s.id === id));
    if (!record) return;
    await change(record, crawlStep(record, PAGE_LIMIT - usedPages(record.chatbotId)));
  }
}

export const knowledgeSourceHandlers = [
  authedRoute('get', '/chatbots/:id/sources', ({ params, user }) => {
    const bot = ownBot(params.id ?? '', user);
    return HttpResponse.json({ sources: sourcesOf(bot.id).map(toSource), pages: usage(bot.id) });
  }),

  authedRoute('post', '/chatbots/:id/sources', async ({ request, params, user }) => {
    const bot = ownBot(params.id ?? '', user);
    // The address first, so a refused one is told as clearly as the rule is.
    const raw = (await request
      .clone()
      .json()
      .catch(() => null)) as { url?: unknown } | null;
    const problem = crawlUrlProblem(typeof raw?.url === 'string' ? raw.url : '');
    if (problem) throw fail.validation(CRAWL_URL_REFUSALS[problem]);
    const body = await readBody(request, SourceBodySchema);
    if (usedPages(bot.id) >= PAGE_LIMIT) {
      return errorResponse(409, `A bot keeps at most ${PAGE_LIMIT} pages of websites`, {
        code: 'PAGE_LIMIT_REACHED',
        limit: { name: PAGE_LIMIT_NAME, max: PAGE_LIMIT },
      });
    }
    const url = new URL(normaliseCrawlUrl(body.url)).href;
    if (sourcesOf(bot.id).some((s) => s.url === url)) {
      throw fail.duplicate('This website is already a source of the bot');
    }
    const record = await givenSource(user.id, bot.id, { ...body, url });
    return HttpResponse.json(toDetail(record), { status: 201 });
  }),

  authedRoute('get', '/chatbots/:id/sources/:sourceId', async ({ params, user }) => {
    const bot = ownBot(params.id ?? '', user);
    const record = ownSource(bot.id, params.sourceId ?? '', user);
    const moved = crawlMock.advancesOnRead
      ? await change(record, crawlStep(record, PAGE_LIMIT - usedPages(bot.id)))
      : record;
    return HttpResponse.json(toDetail(moved));
  }),

  authedRoute('put', '/chatbots/:id/sources/:sourceId', async ({ request, params, user }) => {
    const bot = ownBot(params.id ?? '', user);
    const record = ownSource(bot.id, params.sourceId ?? '', user);
    const body = await readBody(request, SourceChangeSchema);
    const patch: Partial<CrawlSourceRecord> = {};
    if (body.schedule) patch.schedule = body.schedule;
    if (body.include) patch.include = body.include;
    if (body.exclude) patch.exclude = body.exclude;
    return HttpResponse.json(toDetail(await change(record, patch)));
  }),

  authedRoute('post', '/chatbots/:id/sources/:sourceId/sync', async ({ params, user }) => {
    const bot = ownBot(params.id ?? '', user);
    const record = ownSource(bot.id, params.sourceId ?? '', user);
    // Already crawling: that crawl goes on.
    const patch = record.status === 'crawling' ? null : startCrawl(record);
    return HttpResponse.json(toDetail(await change(record, patch)));
  }),

  authedRoute('post', '/chatbots/:id/sources/:sourceId/cancel', async ({ params, user }) => {
    const bot = ownBot(params.id ?? '', user);
    const record = ownSource(bot.id, params.sourceId ?? '', user);
    return HttpResponse.json(toDetail(await change(record, cancelCrawl(record))));
  }),

  authedRoute('delete', '/chatbots/:id/sources/:sourceId', async ({ params, user }) => {
    const bot = ownBot(params.id ?? '', user);
    await db.crawlSources.delete(ownSource(bot.id, params.sourceId ?? '', user));
    notifyDbChanged();
    return HttpResponse.json({ success: true } satisfies Ok);
  }),
];
