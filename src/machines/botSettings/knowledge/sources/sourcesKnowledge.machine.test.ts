import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, SimulatedClock, type SnapshotFrom, waitFor } from 'xstate';
import { startInAppSystem, stopStandIns } from '../../../../../tests/appSystem';
import { describeStateViews } from '../../../../../tests/stateViews';
import { ApiError } from '../../../../api/errors';
import type { SourceDetail, SourceList, SyncSchedule } from '../../../../api/schemas/knowledgeSources';
import {
  crawlingSource,
  sourcesKnowledgeModel,
  syncedSource,
} from '../../../../demo/qa/flowModels/sourcesKnowledge.flowModel';
import { CRAWL_POLL_INTERVAL_MS } from '../../../constants';
import {
  emptySourceDraft,
  nextSyncOf,
  type SourceDraft,
  sourceDraftProblem,
  sourceMessages,
} from './sourceDraft';
import { sourcesKnowledgeMachine } from './sourcesKnowledge.machine';

afterEach(() => stopStandIns());

const full = new ApiError({
  kind: 'http',
  status: 409,
  endpoint: 'POST',
  message: 'A bot keeps at most 50 pages of websites',
});
const gone = new ApiError({ kind: 'http', status: 404, endpoint: 'GET', message: 'Source not found' });
const broken = new ApiError({ kind: 'http', status: 500, endpoint: 'GET', message: 'Internal server error' });

/** The crawl as successive readings answer it: one more page fetched each time, then synced. */
function readings(): SourceDetail[] {
  const step = (fetched: number, status: SourceDetail['status'] = 'crawling'): SourceDetail => ({
    ...crawlingSource,
    status,
    progress: { queued: 3 - fetched, fetched, failed: 0 },
  });
  return [step(1), step(2), step(3, 'synced')];
}

function start({
  list = { sources: [crawlingSource, syncedSource], pages: { used: 12, max: 50 } },
  listFails = null,
  create = async (d: SourceDraft) => ({ ...crawlingSource, id: 'src-new', url: d.url }),
  read = (() => {
    const queue = readings();
    return async (_id: string) => queue.shift() ?? { ...crawlingSource, status: 'synced' as const };
  })(),
}: {
  list?: SourceList;
  listFails?: unknown;
  create?: (d: SourceDraft) => Promise<SourceDetail>;
  read?: (id: string) => Promise<SourceDetail>;
} = {}) {
  const clock = new SimulatedClock();
  const calls = {
    list: vi.fn(async (): Promise<SourceList> => {
      if (listFails) throw listFails;
      return list;
    }),
    create: vi.fn(create),
    read: vi.fn(read),
    sync: vi.fn(async (id: string): Promise<SourceDetail> => ({ ...syncedSource, id, status: 'crawling' })),
    cancel: vi.fn(
      async (id: string): Promise<SourceDetail> => ({ ...crawlingSource, id, status: 'cancelled' }),
    ),
    update: vi.fn(
      async (id: string, schedule: SyncSchedule): Promise<SourceDetail> => ({
        ...syncedSource,
        id,
        schedule,
      }),
    ),
    remove: vi.fn(async (_id: string): Promise<unknown> => ({ success: true })),
  };
  type Ids = { input: { botId: string; id: string } };
  const { actor } = startInAppSystem(
    sourcesKnowledgeMachine.provide({
      actors: {
        list: fromPromise(() => calls.list()),
        create: fromPromise(({ input }: { input: { botId: string; draft: SourceDraft } }) =>
          calls.create(input.draft),
        ),
        read: fromPromise(({ input }: Ids) => calls.read(input.id)),
        sync: fromPromise(({ input }: Ids) => calls.sync(input.id)),
        cancel: fromPromise(({ input }: Ids) => calls.cancel(input.id)),
        update: fromPromise(({ input }: { input: { botId: string; id: string; schedule: SyncSchedule } }) =>
          calls.update(input.id, input.schedule),
        ),
        remove: fromPromise(({ input }: Ids) => calls.remove(input.id)),
      },
    }),
    { clock, input: { botId: 'bot-1' } },
  );
  // Until no call is in flight (a reading waiting for its next turn is at rest), with a ceiling only a hang reaches.
  const settle = () =>
    waitFor(
      actor,
      (s) => !s.hasTag('loading') && !s.hasTag('busy') && !s.matches({ watch: { on: 'reading' } }),
      {
        timeout: 10_000,
      },
    );
  const snap = () => actor.getSnapshot();
  return { actor, clock, calls, settle, snap };
}

describe('website sources', () => {
  it('reads the open crawl every few seconds while it crawls and the section is shown, then stops', async () => {
    const s = start();
    await s.settle();
    // The crawling source is the one shown; nothing is read while the section is not on screen.
    expect(s.snap().context).toMatchObject({ openId: crawlingSource.id, pages: { used: 12, max: 50 } });
    s.clock.increment(CRAWL_POLL_INTERVAL_MS * 3);
    expect(s.calls.read).not.toHaveBeenCalled();

    s.actor.send({ type: 'section.shown' });
    await s.settle();
    expect(s.calls.read).toHaveBeenCalledTimes(1);
    expect(s.snap().context.open?.progress.fetched).toBe(1);
    s.clock.increment(CRAWL_POLL_INTERVAL_MS - 1);
    expect(s.calls.read).toHaveBeenCalledTimes(1);
    s.clock.increment(1);
    await s.settle();
    expect(s.calls.read).toHaveBeenCalledTimes(2);

    // Hidden: the wait ends; shown again: read at once.
    s.actor.send({ type: 'section.hidden' });
    s.clock.increment(CRAWL_POLL_INTERVAL_MS * 3);
    expect(s.calls.read).toHaveBeenCalledTimes(2);
    s.actor.send({ type: 'section.shown' });
    await s.settle();
    expect(s.calls.read).toHaveBeenCalledTimes(3);
    expect(s.snap().context.open?.status).toBe('synced');
    expect(s.snap().context.sources[0]?.status).toBe('synced');
    // Synced: no more readings.
    s.clock.increment(CRAWL_POLL_INTERVAL_MS * 5);
    expect(s.calls.read).toHaveBeenCalledTimes(3);
    expect(s.snap().matches({ watch: { on: 'idle' } })).toBe(true);
  });

  it('says what to fix before a call, keeps the draft through a refusal, and watches the new crawl', async () => {
    let refuse = true;
    const s = start({
      create: async (d) => {
        if (refuse) throw full;
        return { ...crawlingSource, id: 'src-new', url: d.url };
      },
    });
    await s.settle();
    s.actor.send({ type: 'section.shown' });
    await s.settle();
    const refused = vi.fn();
    s.actor.on('draft.refused', refused);
    s.actor.send({ type: 'draft.open' });
    s.actor.send({ type: 'draft.changed', patch: { url: 'http://0x7f.1/' } });
    s.actor.send({ type: 'draft.submit' });
    expect(s.snap().context.error).toBe(sourceMessages.urlPrivate);
    expect(refused).toHaveBeenCalledWith({ type: 'draft.refused', field: 'url' });
    expect(s.calls.create).not.toHaveBeenCalled();

    s.actor.send({ type: 'draft.changed', patch: { url: 'help.lumen-shop.example', include: '/blog/*' } });
    expect(s.snap().context.error).toBeNull();
    s.actor.send({ type: 'draft.submit' });
    await s.settle();
    expect(s.snap().context.error).toBe('A bot keeps at most 50 pages of websites');
    expect(s.snap().context.draft).toMatchObject({ url: 'help.lumen-shop.example', include: '/blog/*' });

    refuse = false;
    s.actor.send({ type: 'draft.submit' });
    await s.settle();
    expect(s.calls.create).toHaveBeenLastCalledWith({
      ...emptySourceDraft,
      url: 'help.lumen-shop.example',
      include: '/blog/*',
    });
    expect(s.snap().context.draft).toBeNull();
    expect(s.snap().context.openId).toBe('src-new');
    expect(s.snap().context.sources.map((x) => x.id)).toEqual([
      crawlingSource.id,
      syncedSource.id,
      'src-new',
    ]);
    expect(s.calls.read).toHaveBeenLastCalledWith('src-new');
  });

  it('at the limit offers no new source', async () => {
    const s = start({ list: { sources: [syncedSource], pages: { used: 50, max: 50 } } });
    await s.settle();
    expect(s.snap().can({ type: 'draft.open' })).toBe(false);
  });

  it('re-syncs, cancels, reschedules, and deletes only once confirmed', async () => {
    const s = start({ read: async (id) => ({ ...crawlingSource, id, status: 'crawling' }) });
    await s.settle();
    s.actor.send({ type: 'section.shown' });
    await s.settle();
    expect(s.snap().can({ type: 'source.sync', id: crawlingSource.id })).toBe(false);
    expect(s.snap().can({ type: 'source.cancel', id: syncedSource.id })).toBe(false);

    s.actor.send({ type: 'source.cancel', id: crawlingSource.id });
    await s.settle();
    expect(s.calls.cancel).toHaveBeenCalledWith(crawlingSource.id);
    expect(s.snap().context.open?.status).toBe('cancelled');
    const readsAfterCancel = s.calls.read.mock.calls.length;
    s.clock.increment(CRAWL_POLL_INTERVAL_MS * 3);
    expect(s.calls.read).toHaveBeenCalledTimes(readsAfterCancel);

    s.actor.send({ type: 'source.sync', id: syncedSource.id });
    await s.settle();
    expect(s.calls.sync).toHaveBeenCalledWith(syncedSource.id);
    expect(s.snap().context.openId).toBe(syncedSource.id);
    expect(s.calls.read).toHaveBeenLastCalledWith(syncedSource.id);

    s.actor.send({ type: 'source.scheduleChanged', id: crawlingSource.id, schedule: 'manual' });
    expect(s.calls.update).not.toHaveBeenCalled();
    s.actor.send({ type: 'source.scheduleChanged', id: crawlingSource.id, schedule: 'daily' });
    await s.settle();
    expect(s.snap().context.sources.find((x) => x.id === crawlingSource.id)?.schedule).toBe('daily');

    s.actor.send({ type: 'source.delete', id: syncedSource.id });
    expect(s.snap().hasTag('confirming')).toBe(true);
    s.actor.send({ type: 'delete.cancel' });
    expect(s.calls.remove).not.toHaveBeenCalled();
    s.actor.send({ type: 'source.delete', id: syncedSource.id });
    s.actor.send({ type: 'delete.confirm' });
    await s.settle();
    expect(s.calls.remove).toHaveBeenCalledWith(syncedSource.id);
    // It was the open one: the list (read again) opens its crawling source instead.
    expect(s.snap().context.openId).toBe(crawlingSource.id);
    // The list is read again for the bot's page count.
    expect(s.calls.list).toHaveBeenCalledTimes(2);
  });

  it('stops on a failed reading until asked again, and drops a source that is gone', async () => {
    let answer: 'broken' | 'gone' = 'broken';
    const s = start({
      read: async () => {
        throw answer === 'broken' ? broken : gone;
      },
    });
    await s.settle();
    s.actor.send({ type: 'section.shown' });
    await s.settle();
    expect(s.snap().hasTag('watchFailed')).toBe(true);
    s.clock.increment(CRAWL_POLL_INTERVAL_MS * 3);
    expect(s.calls.read).toHaveBeenCalledTimes(1);
    answer = 'gone';
    s.actor.send({ type: 'watch.refresh' });
    await s.settle();
    expect(s.snap().context.openId).toBeNull();
    expect(s.snap().context.sources.map((x) => x.id)).toEqual([syncedSource.id]);
  });

  it('names the field a problem is about, and changes a schedule only to another one of a listed source', async () => {
    const s = start();
    await s.settle();
    const refused = vi.fn();
    s.actor.on('draft.refused', refused);
    s.actor.send({ type: 'draft.open' });
    s.actor.send({ type: 'draft.changed', patch: { url: 'help.lumen-shop.example', exclude: 'no slash' } });
    s.actor.send({ type: 'draft.submit' });
    expect(refused).toHaveBeenLastCalledWith({ type: 'draft.refused', field: 'exclude' });
    expect(s.snap().context.error).toBe(sourceMessages.patternInvalid);
    expect(s.calls.create).not.toHaveBeenCalled();
    s.actor.send({ type: 'draft.cancel' });
    expect(s.snap().context.draft).toBeNull();
    // Changes to a draft no longer open are ignored.
    s.actor.send({ type: 'draft.changed', patch: { url: 'x.example' } });
    expect(s.snap().context.draft).toBeNull();

    s.actor.send({ type: 'source.scheduleChanged', id: 'src-unknown', schedule: 'daily' });
    s.actor.send({ type: 'source.scheduleChanged', id: syncedSource.id, schedule: syncedSource.schedule });
    expect(s.calls.update).not.toHaveBeenCalled();
  });

  it('shows the source asked for, keeping what it read of it, and a delete leaves another open source open', async () => {
    const s = start({ read: async (id) => ({ ...crawlingSource, id, status: 'crawling' }) });
    await s.settle();
    s.actor.send({ type: 'section.shown' });
    await s.settle();
    const read = s.snap().context.open;
    expect(read?.id).toBe(crawlingSource.id);
    // Asking again for the one shown keeps what was read; another one starts empty.
    s.actor.send({ type: 'source.open', id: crawlingSource.id });
    expect(s.snap().context.open).toBe(read);
    s.actor.send({ type: 'source.open', id: syncedSource.id });
    expect(s.snap().context).toMatchObject({ openId: syncedSource.id });
    await s.settle();
    s.actor.send({ type: 'source.open', id: crawlingSource.id });
    await s.settle();
    expect(s.snap().context.openId).toBe(crawlingSource.id);

    // Deleting another source: the open one stays open, with what was read of it.
    const shown = s.snap().context.open;
    s.actor.send({ type: 'source.delete', id: syncedSource.id });
    s.actor.send({ type: 'delete.confirm' });
    await s.settle();
    expect(s.calls.remove).toHaveBeenCalledWith(syncedSource.id);
    expect(s.snap().context.openId).toBe(crawlingSource.id);
    expect(s.snap().context.open).toEqual(shown);
    expect(s.snap().context.target).toBeNull();
  });

  it('when the list no longer has the open source, shows the one crawling, or none', async () => {
    let list: SourceList = { sources: [crawlingSource, syncedSource], pages: { used: 12, max: 50 } };
    const s = start({ read: async (id) => ({ ...syncedSource, id }) });
    s.calls.list.mockImplementation(async () => list);
    await s.settle();
    s.actor.send({ type: 'source.open', id: syncedSource.id });
    expect(s.snap().context.openId).toBe(syncedSource.id);
    // Read again after a delete, the list no longer has the open source (deleted elsewhere meanwhile): the
    // crawling one is shown, nothing of the other kept.
    list = { sources: [crawlingSource], pages: { used: 3, max: 50 } };
    s.actor.send({ type: 'source.delete', id: crawlingSource.id });
    s.actor.send({ type: 'delete.confirm' });
    await s.settle();
    expect(s.calls.remove).toHaveBeenCalledWith(crawlingSource.id);
    expect(s.snap().context.openId).toBe(crawlingSource.id);
    expect(s.snap().context.open).not.toMatchObject({ id: syncedSource.id });
    // None crawling: none shown.
    list = { sources: [syncedSource], pages: { used: 9, max: 50 } };
    s.actor.send({ type: 'source.delete', id: crawlingSource.id });
    s.actor.send({ type: 'delete.confirm' });
    await s.settle();
    expect(s.snap().context.openId).toBeNull();
    expect(s.snap().context.open).toBeNull();
  });

  it('on a server without the calls, is not offered', async () => {
    const s = start({ listFails: new ApiError({ kind: 'http', status: 404, endpoint: 'GET', message: '' }) });
    await s.settle();
    expect(s.snap().hasTag('notOffered')).toBe(true);
  });
});

describe('a source draft and its schedule', () => {
  const d = (over: Partial<SourceDraft>) => ({ ...emptySourceDraft, url: 'https://a.example', ...over });
  it('knows what keeps it from being sent, and which field', () => {
    expect(sourceDraftProblem(d({}))).toBeNull();
    expect(sourceDraftProblem(d({ url: '' }))).toEqual({ field: 'url', message: sourceMessages.urlNeeded });
    expect(sourceDraftProblem(d({ url: 'ftp://a.example' }))?.message).toBe(sourceMessages.urlScheme);
    expect(sourceDraftProblem(d({ url: 'http://192.168.0.1' }))?.message).toBe(sourceMessages.urlPrivate);
    expect(sourceDraftProblem(d({ include: 'blog' }))).toEqual({
      field: 'include',
      message: sourceMessages.patternInvalid,
    });
    expect(
      sourceDraftProblem(d({ exclude: Array.from({ length: 21 }, (_, i) => `/p${i}`).join('\n') })),
    ).toEqual({
      field: 'exclude',
      message: sourceMessages.tooManyPatterns,
    });
  });

  it('tells the next scheduled sync', () => {
    const at = '2026-11-20T10:00:00.000Z';
    expect(nextSyncOf({ schedule: 'manual', lastSyncedAt: at, nextSyncAt: null })).toBeNull();
    expect(nextSyncOf({ schedule: 'daily', lastSyncedAt: at, nextSyncAt: null })).toBe(
      '2026-11-21T10:00:00.000Z',
    );
    expect(nextSyncOf({ schedule: 'weekly', lastSyncedAt: at, nextSyncAt: null })).toBe(
      '2026-11-27T10:00:00.000Z',
    );
    expect(nextSyncOf({ schedule: 'weekly', lastSyncedAt: at, nextSyncAt: '2026-11-25T00:00:00.000Z' })).toBe(
      '2026-11-25T00:00:00.000Z',
    );
    expect(nextSyncOf({ schedule: 'daily', lastSyncedAt: null, nextSyncAt: null })).toBeNull();
  });
});

type Snap = SnapshotFrom<typeof sourcesKnowledgeMachine>;
const listed = (s: Snap, id: string) => s.context.sources.find((x) => x.id === id);
const ids = (input: { botId: string; id: string }) => expect(input.botId).toBe('bot-ava');

describeStateViews(sourcesKnowledgeModel, {
  // Showing another source's pages, or none, is always possible once it is listed.
  '*': {
    enabled: (s: Snap) => ['source.close', ...(listed(s, syncedSource.id) ? ['source.open'] : [])],
    shows: (s: Snap) => expect(s.context.botId).toBe('bot-ava'),
  },
  data: {},
  'data.loading': {
    tags: ['loading'],
    runs: { list: (input: { botId: string }) => expect(input.botId).toBe('bot-ava') },
  },
  'data.failed': {
    tags: ['loadFailed'],
    enabled: ['retry'],
    shows: (s: Snap) => expect(s.context.error).not.toBeNull(),
  },
  'data.ready': {},
  'data.ready.idle': {
    enabled: (s: Snap) => {
      const { draft, pages } = s.context;
      const synced = listed(s, syncedSource.id);
      const crawling = listed(s, crawlingSource.id);
      return [
        ...(draft === null && (pages.max === null || pages.used < pages.max) ? ['draft.open'] : []),
        ...(draft ? ['draft.changed', 'draft.cancel', 'draft.submit'] : []),
        ...(synced && synced.status !== 'crawling' ? ['source.sync'] : []),
        ...(crawling?.status === 'crawling' ? ['source.cancel'] : []),
        ...(synced && synced.schedule !== 'daily' ? ['source.scheduleChanged'] : []),
        ...(synced ? ['source.delete'] : []),
      ];
    },
  },
  'data.ready.saving': {
    tags: ['busy'],
    runs: { create: (input: { draft: unknown }) => expect(input.draft).not.toBeNull() },
  },
  'data.ready.syncing': { tags: ['busy'], runs: { sync: ids } },
  'data.ready.cancelling': { tags: ['busy'], runs: { cancel: ids } },
  'data.ready.updating': {
    tags: ['busy'],
    runs: { update: (input: { schedule: string }) => expect(input.schedule).toBe('daily') },
  },
  'data.ready.confirming': {
    tags: ['confirming'],
    enabled: ['delete.confirm', 'delete.cancel'],
    shows: (s: Snap) => expect(s.context.target?.id).toBe(syncedSource.id),
  },
  'data.ready.deleting': { tags: ['busy', 'confirming'], runs: { remove: ids } },
  'data.ready.refreshing': { runs: { list: () => {} } },
  'data.notOffered': { tags: ['notOffered'] },
  watch: {},
  'watch.off': { enabled: ['section.shown'] },
  'watch.on': { enabled: ['section.hidden'] },
  'watch.on.start': {},
  'watch.on.idle': {},
  'watch.on.reading': {
    tags: ['watching'],
    runs: { read: (input: { id: string }, s: Snap) => expect(input.id).toBe(s.context.openId) },
  },
  'watch.on.waiting': {
    tags: ['watching'],
    shows: (s: Snap) => expect(s.context.open?.status).toBe('crawling'),
  },
  'watch.on.stalled': { tags: ['watchFailed'], enabled: ['watch.refresh'] },
});
