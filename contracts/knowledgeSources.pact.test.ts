import { MatchersV3 } from '@pact-foundation/pact';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../src/api/errors';
import {
  cancelCrawl,
  createSource,
  deleteSource,
  getSource,
  listSources,
  syncSource,
  updateSource,
} from '../src/api/knowledgeSources';
import { AUTH, JSON_HEADERS, newPact, useMockServer } from './pact';

/* Beyond the spec (issue 33): the websites a bot learns from. */
const { eachLike, integer, like, regex } = MatchersV3;
const pact = newPact();
const site = 'https://help.lumen-shop.example/';
const body = { url: site, depth: 2, include: [], exclude: ['/careers'], schedule: 'weekly' as const };
const withBot = () =>
  pact
    .addInteraction()
    .given('a signed-in user')
    .given('the user has a chatbot', { id: 'bot-1', name: 'Support bot' });
const withSource = () =>
  withBot().given('the chatbot has a website source', { chatbotId: 'bot-1', id: 'src-1', url: site });
const status = regex('^(crawling|synced|cancelled|failed)$', 'crawling');
const shaped = {
  id: like('src-1'),
  url: like(site),
  status,
  schedule: regex('^(manual|daily|weekly)$', 'manual'),
  progress: { queued: integer(1), fetched: integer(0), failed: integer(0) },
};
const detail = {
  ...shaped,
  pages: eachLike({ url: like(site), status: regex('^(queued|fetched|failed)$', 'queued') }),
};
const one = '/api/v1/chatbots/bot-1/sources/src-1';

describe('a bot’s website sources (beyond the spec)', () => {
  it('lists the sources with the bot’s pages of the limit', () =>
    withSource()
      .uponReceiving('a request for the website sources of a bot')
      .withRequest('GET', '/api/v1/chatbots/bot-1/sources', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) =>
        b.jsonBody({ sources: eachLike(shaped), pages: { used: integer(0), max: integer(50) } }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        const list = await listSources('bot-1');
        expect(list.sources[0]).toMatchObject({ id: 'src-1', url: site });
        expect(list.pages.max).toBe(50);
      }));

  it('adds a source, its first crawl started', () =>
    withBot()
      .uponReceiving('a request to add a website source')
      .withRequest('POST', '/api/v1/chatbots/bot-1/sources', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody(body),
      )
      .willRespondWith(201, (b) => b.jsonBody({ ...detail, url: site, status: 'crawling' }))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(createSource('bot-1', body)).resolves.toMatchObject({ url: site, status: 'crawling' });
      }));

  it('refuses a source beyond the page limit', () =>
    withBot()
      .given('the chatbot holds as many website pages as allowed', { chatbotId: 'bot-1' })
      .uponReceiving('a request to add a website source beyond the page limit')
      .withRequest('POST', '/api/v1/chatbots/bot-1/sources', (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody(body),
      )
      .willRespondWith(409, (b) =>
        b.jsonBody({
          statusCode: 409,
          message: like('A bot keeps at most 50 pages of websites'),
          code: 'PAGE_LIMIT_REACHED',
          limit: { name: 'knowledgePageLimit', max: integer(50) },
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server);
        const refused = await createSource('bot-1', body).catch((e) => e);
        expect(refused).toBeInstanceOf(ApiError);
        expect(refused).toMatchObject({ status: 409, body: { code: 'PAGE_LIMIT_REACHED' } });
      }));

  it('reads a source with its crawl page by page', () =>
    withSource()
      .uponReceiving('a request for a website source and its crawl')
      .withRequest('GET', one, (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody(detail))
      .executeTest(async (server) => {
        useMockServer(server);
        const source = await getSource('bot-1', 'src-1');
        expect(source.pages[0]?.url).toBe(site);
      }));

  it('changes a source’s schedule', () =>
    withSource()
      .uponReceiving('a request to change the schedule of a website source')
      .withRequest('PUT', one, (b) =>
        b.headers({ ...AUTH, ...JSON_HEADERS }).jsonBody({ schedule: 'weekly' }),
      )
      .willRespondWith(200, (b) => b.jsonBody({ ...detail, schedule: 'weekly' }))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(updateSource('bot-1', 'src-1', { schedule: 'weekly' })).resolves.toMatchObject({
          schedule: 'weekly',
        });
      }));

  it('re-syncs a source by hand', () =>
    withSource()
      .uponReceiving('a request to re-sync a website source')
      .withRequest('POST', `${one}/sync`, (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody({ ...detail, status: 'crawling' }))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(syncSource('bot-1', 'src-1')).resolves.toMatchObject({ status: 'crawling' });
      }));

  it('cancels a crawl', () =>
    withSource()
      .uponReceiving('a request to cancel the crawl of a website source')
      .withRequest('POST', `${one}/cancel`, (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody({ ...detail, status: 'cancelled' }))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(cancelCrawl('bot-1', 'src-1')).resolves.toMatchObject({ status: 'cancelled' });
      }));

  it('deletes a source', () =>
    withSource()
      .uponReceiving('a request to delete a website source')
      .withRequest('DELETE', one, (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody({ success: true }))
      .executeTest(async (server) => {
        useMockServer(server);
        await expect(deleteSource('bot-1', 'src-1')).resolves.toEqual({ success: true });
      }));
});
