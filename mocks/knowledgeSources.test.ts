// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { SourceDetailSchema, SourceListSchema } from '../src/api/schemas/knowledgeSources';
import { DAY, setNow } from './clock';
import { LUMEN_FAILURE, LUMEN_SITE } from './crawlSite';
import { type GivenUser, givenChatbot, givenUser } from './fixtures';
import { crawledPagesOf, crawlOn, givenSource, PAGE_LIMIT } from './handlers/knowledgeSources';
import { call, withMockServer } from './testing';

withMockServer();

let t = Date.parse('2026-11-19T15:00:00Z');
let u: GivenUser;

beforeEach(async () => {
  t = Date.parse('2026-11-19T15:00:00Z');
  setNow(() => t);
  u = await givenUser({ email: 'mei@shop.test', planName: 'Starter' });
  await givenChatbot(u.id, { id: 'bot-1', name: 'Shop assistant' });
});

const path = '/chatbots/bot-1/sources';
const body = (over: Record<string, unknown> = {}) => ({
  url: LUMEN_SITE,
  depth: 2,
  include: [],
  exclude: [],
  schedule: 'weekly',
  ...over,
});

async function add(over: Record<string, unknown> = {}) {
  const added = await call('POST', path, { token: u.token, body: body(over) });
  expect(added.status).toBe(201);
  return SourceDetailSchema.parse(added.body);
}

/** Reads the source until its crawl ends; how many reads it took, and the last answer. */
async function crawl(id: string) {
  for (let reads = 1; reads <= 100; reads++) {
    const detail = SourceDetailSchema.parse((await call('GET', `${path}/${id}`, { token: u.token })).body);
    if (detail.status !== 'crawling') return { reads, detail };
  }
  throw new Error('the crawl never ended');
}

describe('website sources (beyond the spec)', () => {
  it('crawls the fictional site one page per read, with its one failing page, and tells the bot’s pages', async () => {
    const source = await add();
    expect(source).toMatchObject({ status: 'crawling', progress: { queued: 1, fetched: 0, failed: 0 } });
    expect(source.pages).toEqual([{ url: `${LUMEN_SITE}/`, status: 'queued', title: null, reason: null }]);

    const first = SourceDetailSchema.parse(
      (await call('GET', `${path}/${source.id}`, { token: u.token })).body,
    );
    expect(first.progress).toEqual({ queued: 8, fetched: 1, failed: 0 });
    expect(first.pages[0]).toMatchObject({ status: 'fetched', title: 'Lumen Shop Help Centre' });

    const { reads, detail } = await crawl(source.id);
    // Home, its 8 links and the blog post two links away: 10 pages, the first read above, 9 more here.
    expect(reads).toBe(9);
    expect(detail.status).toBe('synced');
    expect(detail.progress).toEqual({ queued: 0, fetched: 9, failed: 1 });
    expect(detail.pages.find((p) => p.status === 'failed')).toEqual({
      url: `${LUMEN_SITE}/careers`,
      status: 'failed',
      title: null,
      reason: LUMEN_FAILURE,
    });
    expect(detail.lastChange).toEqual({ added: 9, changed: 0, removed: 0 });
    expect(detail.lastSyncedAt).toBe(new Date(t).toISOString());
    expect(detail.nextSyncAt).toBe(new Date(t + 7 * DAY).toISOString());
    expect(detail.botPages).toEqual({ used: 9, max: PAGE_LIMIT });

    const list = SourceListSchema.parse((await call('GET', path, { token: u.token })).body);
    expect(list.pages).toEqual({ used: 9, max: PAGE_LIMIT });
    expect(list.sources).toHaveLength(1);
    expect(crawledPagesOf('bot-1').find((p) => p.url.endsWith('/shipping'))?.text).toContain('Singapore');
  });

  it('follows links only to the depth, and only paths the patterns want', async () => {
    const shallow = await add({ depth: 1 });
    const { detail } = await crawl(shallow.id);
    expect(detail.pages.map((p) => new URL(p.url).pathname)).not.toContain('/blog/autumn-collection');
    await call('DELETE', `${path}/${shallow.id}`, { token: u.token });

    const blog = await add({ include: ['/blog*'], exclude: ['/blog/*'] });
    const filtered = await crawl(blog.id);
    expect(filtered.detail.pages.map((p) => new URL(p.url).pathname)).toEqual(['/', '/blog']);
  });

  it('re-syncs by hand and tells what changed; the schedule is kept', async () => {
    const source = await add();
    await crawl(source.id);
    t += 2 * DAY;
    const started = await call('POST', `${path}/${source.id}/sync`, { token: u.token });
    expect(started.body).toMatchObject({ status: 'crawling' });
    const { detail } = await crawl(source.id);
    // The shipping page changed, gift cards were added and the size guide removed.
    expect(detail.lastChange).toEqual({ added: 1, changed: 1, removed: 1 });
    expect(detail.lastSyncedAt).toBe(new Date(t).toISOString());
    const changed = await call('PUT', `${path}/${source.id}`, {
      token: u.token,
      body: { schedule: 'daily' },
    });
    expect(changed.body).toMatchObject({ schedule: 'daily', nextSyncAt: new Date(t + DAY).toISOString() });
    await call('POST', `${path}/${source.id}/sync`, { token: u.token });
    expect((await crawl(source.id)).detail.lastChange).toEqual({ added: 0, changed: 0, removed: 0 });
  });

  it('cancels a crawl, keeping what it fetched; deletes a source', async () => {
    const source = await add();
    await crawlOn(source.id, 3);
    const cancelled = SourceDetailSchema.parse(
      (await call('POST', `${path}/${source.id}/cancel`, { token: u.token })).body,
    );
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.pages.map((p) => p.status)).toEqual(['fetched', 'fetched', 'fetched']);
    expect(crawledPagesOf('bot-1')).toHaveLength(3);
    // Reading it again moves nothing.
    expect((await call('GET', `${path}/${source.id}`, { token: u.token })).body).toMatchObject({
      status: 'cancelled',
    });
    expect((await call('DELETE', `${path}/${source.id}`, { token: u.token })).body).toEqual({
      success: true,
    });
    expect((await call('GET', `${path}/${source.id}`, { token: u.token })).status).toBe(404);
  });

  it('refuses private and non-http(s) addresses with a clear message in the spec’s error shape', async () => {
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://2130706433/', 'http://0x7f.1/']) {
      const refused = await call('POST', path, { token: u.token, body: body({ url }) });
      expect(refused, url).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
      expect(refused.body.message).toContain('a crawler must not be pointed at a private network');
    }
    const ftp = await call('POST', path, { token: u.token, body: body({ url: 'ftp://files.example' }) });
    expect(ftp.body.message).toBe('url: only http:// and https:// addresses can be crawled');
    const depth = await call('POST', path, { token: u.token, body: body({ depth: 4 }) });
    expect(depth).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
    const pattern = await call('POST', path, { token: u.token, body: body({ include: ['blog'] }) });
    expect(pattern.status).toBe(400);
    await add();
    expect((await call('POST', path, { token: u.token, body: body() })).status).toBe(409);
    const other = await givenUser({ email: 'other@shop.test' });
    expect((await call('GET', path, { token: other.token })).status).toBe(404);
  });

  it('stops a crawl at the page limit and then refuses a new source', async () => {
    for (let i = 0; i < 6; i++) {
      const s = await givenSource(u.id, 'bot-1', { url: `https://shop${i}.example`, depth: 3 });
      await crawlOn(s.id, 20);
    }
    // Six generated sites of 8 pages: 48 pages. The next crawl gets 2 more, then the limit.
    const source = await add();
    const { detail } = await crawl(source.id);
    expect(detail.progress.fetched).toBe(2);
    expect(detail.pages.filter((p) => p.reason === 'Page limit reached').length).toBeGreaterThan(0);
    expect(detail.botPages).toEqual({ used: PAGE_LIMIT, max: PAGE_LIMIT });
    const refused = await call('POST', path, { token: u.token, body: body({ url: 'https://more.example' }) });
    expect(refused).toMatchObject({
      status: 409,
      body: {
        statusCode: 409,
        code: 'PAGE_LIMIT_REACHED',
        limit: { name: 'knowledgePageLimit', max: PAGE_LIMIT },
      },
    });
  });
});

describe('what the bot learns from a crawled site', () => {
  it('its fetched pages are passages of the retrieval test, named by their address', async () => {
    const source = await givenSource(u.id, 'bot-1', { url: LUMEN_SITE, depth: 2 });
    await crawlOn(source.id, 20);
    const found = await call('POST', '/chatbots/bot-1/retrieval-test', {
      token: u.token,
      body: { query: 'How long does shipping take?' },
    });
    expect(found.status).toBe(200);
    const [best] = found.body.passages;
    expect(best.source).toMatchObject({ kind: 'page', name: 'Shipping', url: `${LUMEN_SITE}/shipping` });
    // The page that failed taught nothing.
    expect(found.body.passages.map((p: { source: { url?: string } }) => p.source.url)).not.toContain(
      `${LUMEN_SITE}/careers`,
    );
  });
});
