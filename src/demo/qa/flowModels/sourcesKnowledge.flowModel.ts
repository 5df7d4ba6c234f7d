import { ApiError } from '../../../api/errors';
import type { SourceDetail } from '../../../api/schemas/knowledgeSources';
import { sourceDraftProblem } from '../../../machines/botSettings/knowledge/sources/sourceDraft';
import {
  type SourcesKnowledgeContext,
  sourcesKnowledgeMachine,
} from '../../../machines/botSettings/knowledge/sources/sourcesKnowledge.machine';
import { type FlowModel, failingOrNotOffered, notOfferedError, oneOf } from '../../../machines/model';

/** A source whose crawl is under way: the start page fetched, two pages queued. */
export const crawlingSource: SourceDetail = {
  id: 'src-1',
  url: 'https://help.lumen-shop.example/',
  status: 'crawling',
  depth: 2,
  include: [],
  exclude: [],
  schedule: 'manual',
  progress: { queued: 2, fetched: 1, failed: 0 },
  lastSyncedAt: null,
  lastChange: null,
  nextSyncAt: null,
  pages: [
    {
      url: 'https://help.lumen-shop.example/',
      status: 'fetched',
      title: 'Lumen Shop Help Centre',
      reason: null,
    },
    { url: 'https://help.lumen-shop.example/shipping', status: 'queued', title: null, reason: null },
    { url: 'https://help.lumen-shop.example/careers', status: 'queued', title: null, reason: null },
  ],
  botPages: null,
};

/** A source synced a day ago, re-synced weekly. */
export const syncedSource: SourceDetail = {
  id: 'src-2',
  url: 'https://shop.example/',
  status: 'synced',
  depth: 1,
  include: ['/faq*'],
  exclude: [],
  schedule: 'weekly',
  progress: { queued: 0, fetched: 2, failed: 0 },
  lastSyncedAt: '2026-11-27T10:00:00.000Z',
  lastChange: { added: 1, changed: 1, removed: 0 },
  nextSyncAt: null,
  pages: [
    { url: 'https://shop.example/', status: 'fetched', title: 'Shop', reason: null },
    { url: 'https://shop.example/faq', status: 'fetched', title: 'Questions', reason: null },
  ],
  botPages: { used: 14, max: 50 },
};

const gone = new ApiError({ kind: 'http', status: 404, endpoint: 'read', message: 'Source not found' });
const broken = new ApiError({
  kind: 'http',
  status: 500,
  endpoint: 'read',
  message: 'Internal server error',
});

export const sourcesKnowledgeModel: FlowModel<{ botId: string }> = {
  id: 'sourcesKnowledge',
  machine: sourcesKnowledgeMachine,
  input: { botId: 'bot-ava' },
  events: [
    { type: 'retry' },
    { type: 'section.shown' },
    { type: 'section.hidden' },
    { type: 'draft.open' },
    { type: 'draft.changed', patch: { url: 'help.lumen-shop.example' } },
    { type: 'draft.changed', patch: { url: 'http://169.254.169.254/' } },
    { type: 'draft.cancel' },
    { type: 'draft.submit' },
    { type: 'source.open', id: syncedSource.id },
    { type: 'source.close' },
    { type: 'source.sync', id: syncedSource.id },
    { type: 'source.cancel', id: crawlingSource.id },
    { type: 'source.scheduleChanged', id: syncedSource.id, schedule: 'daily' },
    { type: 'source.delete', id: syncedSource.id },
    { type: 'delete.confirm' },
    { type: 'delete.cancel' },
    { type: 'watch.refresh' },
  ],
  outputs: {
    list: oneOf(
      { sources: [crawlingSource, syncedSource], pages: { used: 12, max: 50 } },
      { sources: [syncedSource], pages: { used: 50, max: 50 } },
    ),
    refresh: { sources: [crawlingSource], pages: { used: 3, max: 50 } },
    create: { ...crawlingSource, id: 'src-new' },
    read: oneOf(crawlingSource, { ...crawlingSource, status: 'synced' }),
    sync: { ...syncedSource, status: 'crawling' },
    cancel: { ...crawlingSource, status: 'cancelled' },
    update: { ...syncedSource, schedule: 'daily' },
    remove: { success: true },
  },
  errors: {
    list: failingOrNotOffered('list'),
    refresh: notOfferedError('refresh'),
    create: failingOrNotOffered('create'),
    read: oneOf(broken, gone),
    sync: failingOrNotOffered('sync'),
    cancel: failingOrNotOffered('cancel'),
    update: failingOrNotOffered('update'),
    remove: failingOrNotOffered('remove'),
  },
  // What the section shows, coarsely (the watch and the list multiply each other's states): the sources'
  // states, how far the open one was read, and a form open and whether it can be sent.
  serialize: ({ context: c }: { context: SourcesKnowledgeContext }) => [
    c.sources.map((s) => s.status).join(),
    c.open?.status ?? (c.openId === null ? null : 'unread'),
    c.draft === null ? null : sourceDraftProblem(c.draft) === null,
  ],
  coverage: {
    events: [{ type: 'watch.start' }],
    // Finer where guards read more: which source is which, its schedule, the limit, a problem said.
    serialize: ({ context: c }: { context: SourcesKnowledgeContext }) => [
      c.sources.map((s) => `${s.id}:${s.status}:${s.schedule}`),
      c.pages.max !== null && c.pages.used >= c.pages.max,
      c.openId,
      c.open?.status ?? null,
      c.draft === null ? null : sourceDraftProblem(c.draft) === null,
      c.target?.id ?? null,
      c.error !== null,
    ],
  },
};
