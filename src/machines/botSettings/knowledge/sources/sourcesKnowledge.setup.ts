import type { MessageDescriptor } from '@lingui/core';
import { assign, emit, raise, setup, stateIn } from 'xstate';
import {
  cancelCrawl,
  createSource,
  deleteSource,
  getSource,
  listSources,
  syncSource,
  updateSource,
} from '../../../../api/knowledgeSources';
import type {
  PageUsage,
  Source,
  SourceDetail,
  SourceList,
  SyncSchedule,
} from '../../../../api/schemas/knowledgeSources';
import { CRAWL_POLL_INTERVAL_MS } from '../../../constants';
import { describeError, notOffered } from '../../../errors';
import { withItem } from '../../../lists';
import { fromRequest } from '../../../request';
import {
  emptySourceDraft,
  type SourceDraft,
  type SourceDraftField,
  sourceBodyOf,
  sourceDraftProblem,
} from './sourceDraft';

export interface SourcesKnowledgeContext {
  botId: string;
  sources: Source[];
  pages: PageUsage;
  draft: SourceDraft | null;
  /** The source whose crawl is shown page by page, and its last reading (null until read). */
  openId: string | null;
  open: SourceDetail | null;
  /** The source a call in flight, or the delete being confirmed, is about. */
  target: { id: string; schedule?: SyncSchedule } | null;
  error: MessageDescriptor | string | null;
}

export type SourcesKnowledgeEvent =
  | { type: 'retry' }
  | { type: 'draft.open' }
  | { type: 'draft.changed'; patch: Partial<SourceDraft> }
  | { type: 'draft.cancel' }
  | { type: 'draft.submit' }
  | { type: 'source.open'; id: string }
  | { type: 'source.close' }
  | { type: 'source.sync'; id: string }
  | { type: 'source.cancel'; id: string }
  | { type: 'source.scheduleChanged'; id: string; schedule: SyncSchedule }
  | { type: 'source.delete'; id: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  /** The section is on screen, or no longer: only then is the open crawl read again. */
  | { type: 'section.shown' }
  | { type: 'section.hidden' }
  /** Read the open crawl again after a failed reading. */
  | { type: 'watch.refresh' }
  | { type: 'watch.start' };

/** A draft refused before it was sent: the view focuses the field. */
export type SourcesKnowledgeEmitted = { type: 'draft.refused'; field: SourceDraftField };

type Ids = { botId: string; id: string };
const idOf = (event: SourcesKnowledgeEvent) => ('id' in event ? event.id : null);
const sourceOf = (context: SourcesKnowledgeContext, id: string | null) =>
  context.sources.find((s) => s.id === id);

/** The list's fields of a source read with its crawl. */
const summaryOf = ({ pages: _pages, botPages: _botPages, ...source }: SourceDetail): Source => source;

/** A source read (or changed) by a call: in the list, as the open one if it is, with the bot's page count. */
const withSource = (context: SourcesKnowledgeContext, detail: SourceDetail) => ({
  sources: withItem(context.sources, summaryOf(detail)),
  open: context.openId === detail.id ? detail : context.open,
  pages: detail.botPages ?? context.pages,
});

/** The flow's types, the calls it makes and the rules and actions its states name (the states: sourcesKnowledge.machine.ts). */
export const sourcesKnowledgeSetup = setup({
  types: {
    context: {} as SourcesKnowledgeContext,
    events: {} as SourcesKnowledgeEvent,
    input: {} as { botId: string },
    emitted: {} as SourcesKnowledgeEmitted,
  },
  actors: {
    list: fromRequest<SourceList, { botId: string }>(({ input, signal }) => listSources(input.botId, signal)),
    create: fromRequest<SourceDetail, { botId: string; draft: SourceDraft }>(({ input, signal }) =>
      createSource(input.botId, sourceBodyOf(input.draft), signal),
    ),
    read: fromRequest<SourceDetail, Ids>(({ input, signal }) => getSource(input.botId, input.id, signal)),
    sync: fromRequest<SourceDetail, Ids>(({ input, signal }) => syncSource(input.botId, input.id, signal)),
    cancel: fromRequest<SourceDetail, Ids>(({ input, signal }) => cancelCrawl(input.botId, input.id, signal)),
    update: fromRequest<SourceDetail, Ids & { schedule: SyncSchedule }>(({ input, signal }) =>
      updateSource(input.botId, input.id, { schedule: input.schedule }, signal),
    ),
    remove: fromRequest<unknown, Ids>(({ input, signal }) => deleteSource(input.botId, input.id, signal)),
  },
  delays: { crawlPoll: CRAWL_POLL_INTERVAL_MS },
  guards: {
    notOffered,
    draftHasProblem: ({ context }) => context.draft !== null && sourceDraftProblem(context.draft) !== null,
    hasDraft: ({ context }) => context.draft !== null,
    belowLimit: ({ context }) => context.pages.max === null || context.pages.used < context.pages.max,
    known: ({ context, event }) => sourceOf(context, idOf(event)) !== undefined,
    crawling: ({ context, event }) => sourceOf(context, idOf(event))?.status === 'crawling',
    notCrawling: ({ context, event }) => {
      const source = sourceOf(context, idOf(event));
      return source !== undefined && source.status !== 'crawling';
    },
    otherSchedule: ({ context, event }) => {
      if (event.type !== 'source.scheduleChanged') return false;
      const source = sourceOf(context, event.id);
      return source !== undefined && source.schedule !== event.schedule;
    },
    /** An open crawl not read yet, or still crawling when last read. */
    openToRead: ({ context }) =>
      context.openId !== null && (context.open === null || context.open.status === 'crawling'),
    listed: stateIn('#sourcesKnowledge.data.ready'),
    openStillCrawling: ({ context }) => context.open?.status === 'crawling',
    /** The source is gone (deleted elsewhere): a 404 of a source the list had. */
    gone: ({ event }) => (event as { error?: { status?: unknown } }).error?.status === 404,
  },
  actions: {
    setList: assign(({ context }, { list }: { list: SourceList }) => {
      const stillThere = list.sources.some((s) => s.id === context.openId);
      const openId = stillThere
        ? context.openId
        : (list.sources.find((s) => s.status === 'crawling')?.id ?? null);
      return {
        sources: list.sources,
        pages: list.pages,
        openId,
        open: openId === context.openId ? context.open : null,
        error: null,
      };
    }),
    openDraft: assign({ draft: () => ({ ...emptySourceDraft }), error: null }),
    patchDraft: assign(({ context, event }) => ({
      draft:
        event.type === 'draft.changed' && context.draft
          ? { ...context.draft, ...event.patch }
          : context.draft,
      error: null,
    })),
    closeDraft: assign({ draft: null, error: null }),
    sayDraftProblem: assign({
      error: ({ context }) => (context.draft ? (sourceDraftProblem(context.draft)?.message ?? null) : null),
    }),
    tellRefusedField: emit(({ context }) => ({
      type: 'draft.refused' as const,
      field: (context.draft && sourceDraftProblem(context.draft)?.field) || 'url',
    })),
    added: assign(({ context }, { detail }: { detail: SourceDetail }) => ({
      ...withSource({ ...context, openId: detail.id }, detail),
      openId: detail.id,
      draft: null,
      error: null,
    })),
    /** A source as a call answered it; what the user is doing meanwhile (a delete being confirmed) is kept. */
    keepSource: assign(({ context }, { detail }: { detail: SourceDetail }) => withSource(context, detail)),
    /** A call about the target source succeeded. */
    settle: assign({ target: null, error: null }),
    /** A crawl started (or cancelled) on a source: it is the one shown. */
    openTarget: assign(({ context }, { detail }: { detail: SourceDetail }) => ({
      ...withSource({ ...context, openId: detail.id }, detail),
      openId: detail.id,
      target: null,
      error: null,
    })),
    openSource: assign(({ context, event }) => {
      const id = idOf(event);
      return { openId: id, open: id === context.openId ? context.open : null };
    }),
    closeSource: assign({ openId: null, open: null }),
    dropOpen: assign(({ context }) => ({
      sources: context.sources.filter((s) => s.id !== context.openId),
      openId: null,
      open: null,
    })),
    setTarget: assign({
      target: ({ event }) => {
        const id = idOf(event);
        if (id === null) return null;
        return event.type === 'source.scheduleChanged' ? { id, schedule: event.schedule } : { id };
      },
      error: null,
    }),
    clearTarget: assign({ target: null }),
    dropTarget: assign(({ context }) => {
      const id = context.target?.id ?? null;
      const wasOpen = context.openId === id;
      return {
        sources: context.sources.filter((s) => s.id !== id),
        openId: wasOpen ? null : context.openId,
        open: wasOpen ? null : context.open,
        target: null,
      };
    }),
    startWatching: raise({ type: 'watch.start' }),
    setError: assign({ error: (_, params: { error: unknown }) => describeError(params.error) }),
  },
});
