import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { and, assign, enqueueActions, or, setup, stateIn } from 'xstate';
import { analyzeSession, getSessionMessages, searchSessions, starSession } from '../../api/chatSessions';
import {
  type ChatAnalysis,
  type ChatMessage,
  type ChatSession,
  SessionFilter,
  type SessionFilterCode,
  type StarResult,
} from '../../api/schemas/chatSessions';
import { showUrl, type UrlChanged, type UrlShow, urlIsNew } from '../address';
import { SEARCH_DEBOUNCE_MS } from '../constants';
import { describeError, raiseFailure } from '../errors';
import { PATHS, pathWith } from '../paths';
import { fromRequest } from '../request';
import {
  buildExportFile,
  DEFAULT_EXPORT_OPTIONS,
  type ExportFile,
  type ExportFormat,
  type ExportLabels,
  type ExportOptions,
} from './export';
import { type LiveParentEvent, liveMachine } from './live.machine';
import {
  initialLiveState,
  type LiveState,
  mergeLiveMessage,
  mergeLiveSession,
  openedConversation,
  scrolled,
} from './liveMerge';
import { patchSession, searchedPhone, visibleSessions } from './sessions';

export type ChatTab = 'analysis' | 'export' | 'fineTune';

export interface ChatHistoryInput {
  phone?: string;
  filter?: SessionFilterCode;
  /** The conversation the address names (`/chat-history/:sessionId`). */
  sessionId?: string | null;
}

/** What the address says: the conversation, the search and the filter. */
export interface ChatHistoryLocation {
  sessionId: string | null;
  phone: string;
  filter: SessionFilterCode;
}

/**
 * The address of a view of the screen: the conversation as one encoded path segment (an id is data: `..`,
 * `/` or `<` in it stay inside the segment), the search trimmed and the filter only when they narrow the list.
 */
export function chatHistoryUrl({ sessionId, phone, filter }: ChatHistoryLocation): string {
  const path = pathWith(PATHS.chatHistory, sessionId);
  const query = new URLSearchParams();
  if (phone.trim()) query.set('phone', phone.trim());
  if (filter !== SessionFilter.all) query.set('filter', String(filter));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

export interface ChatHistoryContext {
  /** The address the screen shows (chatHistoryUrl): what the view puts in the address bar. */
  url: string;
  /** The conversation the address names: the open one, or one being found, or one that is not there. */
  sessionId: string | null;
  /** Why the named conversation could not be looked for (not "not found": the search itself failed). */
  sessionError: MessageDescriptor | string | null;
  /** The search box, as typed. */
  phone: string;
  filter: SessionFilterCode;
  /** The visible sessions of the last answered search (hidden numbers already removed). */
  sessions: ChatSession[];
  listError: MessageDescriptor | string | null;
  /** The open session, kept even when a later search no longer lists it. */
  selected: ChatSession | null;
  messages: ChatMessage[];
  /** The star value being saved, shown already; undone if the call fails. */
  pendingStar: { id: string; isStarred: boolean } | null;
  analysisError: MessageDescriptor | string | null;
  exportOptions: ExportOptions;
  /** Name of the file last handed to the browser for the open session. */
  exportedFile: string | null;
  /** Unread marks and the open conversation's "N new messages", from the live stream. */
  live: LiveState;
}

export type ChatHistoryEvent =
  /** The address changed (Back, Forward, a link): the view reads it and says what it names. */
  | UrlChanged<ChatHistoryLocation>
  /** Raised by the machine when the address named another search or another conversation. */
  | { type: 'url.queryFollowed' }
  | { type: 'url.sessionFollowed' }
  | { type: 'session.lookupRetried' }
  | { type: 'search.changed'; value: string }
  | { type: 'search.submitted' }
  | { type: 'filter.changed'; filter: SessionFilterCode }
  | { type: 'list.retry' }
  | { type: 'session.selected'; id: string }
  | { type: 'session.closed' }
  | { type: 'messages.refresh' }
  | { type: 'star.toggled' }
  | { type: 'analysis.requested' }
  | { type: 'tab.selected'; tab: ChatTab }
  | { type: 'export.formatChanged'; format: ExportFormat }
  | { type: 'export.includeAnalysisChanged'; value: boolean }
  | { type: 'export.includeTimestampsChanged'; value: boolean }
  /** The view translates the file's labels (the machine builds the file; the view downloads it). */
  | { type: 'export.requested'; labels: ExportLabels }
  /** Sent by the export action itself. */
  | { type: 'export.done'; fileName: string }
  | { type: 'export.failed'; error: unknown }
  /** From the live child: a conversation or message as it arrives (instances are the app's instance watch). */
  | LiveParentEvent
  /** The reader scrolled the open conversation: at its latest message, or above it. */
  | { type: 'live.scrolled'; atBottom: boolean };

/**
 * What the machine tells its view: show this address, as a new history entry (a conversation opened or
 * closed: Back returns to it) or in place of the current one (the search and the filter: no entry per key).
 */
export type ChatHistoryEmitted =
  | UrlShow
  /** A built export, for the view to hand to the browser's download. */
  | { type: 'export.file'; file: ExportFile };

export const chatHistoryMessages = {
  starFailed: msg`Could not update the star`,
  exportFailed: msg`Export failed, please retry.`,
};

/** The words written into exported files, translated when a file is made. */
export const exportLabelMessages: Record<keyof ExportLabels, MessageDescriptor> = {
  title: msg`Conversation`,
  number: msg`Number`,
  started: msg`Started`,
  exported: msg`Exported`,
  messageCount: msg`Messages`,
  analysis: msg`Analysis`,
  positive: msg`Positive sentiment`,
  keywords: msg`Keywords`,
  intent: msg`User intent`,
  noAnalysis: msg`Not analysed yet`,
  messages: msg`Messages`,
  time: msg`Time`,
  sender: msg`Sender`,
  content: msg`Content`,
  customer: msg`Customer`,
  bot: msg`Bot`,
};

/** Applies a change of one session to the list and to the open session alike. */
const patched = (context: ChatHistoryContext, id: string, patch: Partial<ChatSession>) => ({
  sessions: patchSession(context.sessions, id, patch),
  selected: context.selected?.id === id ? { ...context.selected, ...patch } : context.selected,
});

export const chatHistoryMachine = setup({
  types: {
    context: {} as ChatHistoryContext,
    events: {} as ChatHistoryEvent,
    input: {} as ChatHistoryInput | undefined,
    emitted: {} as ChatHistoryEmitted,
  },
  actors: {
    // Requests the screen may abort (a newer search, another conversation, leaving): fromRequest keeps a
    // stale abort from reaching onError.
    searchSessions: fromRequest<ChatSession[], { phone: string; filter: SessionFilterCode }>(
      ({ input, signal }) =>
        searchSessions({ filter: input.filter, ...(input.phone ? { phone: input.phone } : {}) }, signal),
    ),
    loadMessages: fromRequest<ChatMessage[], { id: string }>(({ input, signal }) =>
      getSessionMessages(input.id, signal),
    ),
    starSession: fromRequest<StarResult, { id: string; isStarred: boolean }>(({ input, signal }) =>
      starSession(input.id, input.isStarred, signal),
    ),
    analyzeSession: fromRequest<ChatAnalysis, { id: string }>(({ input, signal }) =>
      analyzeSession(input.id, signal),
    ),
    live: liveMachine,
    /**
     * A conversation the address names but the current list does not show (another search, another filter):
     * looked for among all the user's conversations. Null when it is not one of them (unknown, another
     * user's, a hidden number): the id is never put into a request path.
     */
    findSession: fromRequest<ChatSession | null, { id: string }>(async ({ input, signal }) => {
      const all = visibleSessions(await searchSessions({ filter: SessionFilter.all }, signal));
      return all.find((s) => s.id === input.id) ?? null;
    }),
  },
  delays: { searchDebounce: SEARCH_DEBOUNCE_MS },
  guards: {
    knownSession: ({ context, event }) =>
      event.type === 'session.selected' && context.sessions.some((s) => s.id === event.id),
    otherSession: ({ context, event }) =>
      event.type === 'session.selected' && context.selected?.id !== event.id,
    hasSelection: ({ context }) => context.selected !== null,
    exportTab: ({ event }) => event.type === 'tab.selected' && event.tab === 'export',
    fineTuneTab: ({ event }) => event.type === 'tab.selected' && event.tab === 'fineTune',
    messagesReady: stateIn('#chatHistory.conversation.open.messages.ready'),
    hasMessages: ({ context }) => context.messages.length > 0,
    /** The address differs from the one the screen shows: someone else moved it (Back, Forward, a link). */
    urlIsNew: urlIsNew(chatHistoryUrl),
    sessionNamed: ({ context }) => context.sessionId !== null,
    namedSessionListed: ({ context }) => context.sessions.some((s) => s.id === context.sessionId),
    listReady: stateIn('#chatHistory.list.ready'),
    listSettled: or([stateIn('#chatHistory.list.ready'), stateIn('#chatHistory.list.failed')]),
    /** The list already holds every conversation of the user: what it lacks is not theirs. */
    listShowsAll: ({ context }) => context.phone.trim() === '' && context.filter === SessionFilter.all,
    sessionFound: ({ context, event }) =>
      (event as { output?: ChatSession | null }).output?.id === context.sessionId,
    /** The server says the conversation is not there (deleted meanwhile, or never the user's). */
    isNotFound: ({ event }) => (event as { error?: { status?: unknown } }).error?.status === 404,
  },
  actions: {
    setPhone: assign({ phone: ({ event }) => (event.type === 'search.changed' ? event.value : '') }),
    setFilter: assign({
      filter: ({ context, event }) => (event.type === 'filter.changed' ? event.filter : context.filter),
    }),
    setSessions: assign(({ context }, params: { sessions: ChatSession[] }) => {
      const sessions = visibleSessions(params.sessions);
      const pending = context.pendingStar;
      // A star still being saved wins over the (older) value in the answer.
      return {
        listError: null,
        sessions: pending ? patchSession(sessions, pending.id, { isStarred: pending.isStarred }) : sessions,
      };
    }),
    setListError: assign({ listError: (_, params: { error: unknown }) => describeError(params.error) }),
    select: assign(({ context, event }) => {
      const selected =
        event.type === 'session.selected'
          ? (context.sessions.find((s) => s.id === event.id) ?? null)
          : context.selected;
      return {
        selected,
        sessionId: selected?.id ?? null,
        messages: [],
        analysisError: null,
        exportedFile: null,
        live: selected ? openedConversation(context.live, selected.id) : context.live,
      };
    }),
    /** Opens the conversation the address names, from the list or from the lookup's answer. */
    openNamed: assign(({ context }, params: { found?: ChatSession | null }) => {
      const selected = params.found ?? context.sessions.find((s) => s.id === context.sessionId) ?? null;
      const live = selected ? openedConversation(context.live, selected.id) : context.live;
      return { selected, sessionError: null, messages: [], analysisError: null, exportedFile: null, live };
    }),
    /** The conversation is no longer (or never was) shown; the address still names it. */
    dropSelection: assign({ selected: null, messages: [], analysisError: null, exportedFile: null }),
    unselect: assign({
      selected: null,
      sessionId: null,
      sessionError: null,
      messages: [],
      analysisError: null,
      exportedFile: null,
    }),
    setSessionError: assign({
      sessionError: (_, params: { error: unknown }) => describeError(params.error),
    }),
    /**
     * Takes what a changed address names. Another search reloads the list; another conversation is looked
     * for. The address is the screen's at once, so what it does next does not move it again.
     */
    followUrl: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'url.changed') return;
      const queryChanged = event.phone.trim() !== context.phone.trim() || event.filter !== context.filter;
      const sessionChanged = event.sessionId !== context.sessionId;
      enqueue.assign({
        url: chatHistoryUrl(event),
        phone: queryChanged ? event.phone : context.phone,
        filter: event.filter,
        sessionId: event.sessionId,
      });
      if (queryChanged) enqueue.raise({ type: 'url.queryFollowed' });
      if (sessionChanged) enqueue.raise({ type: 'url.sessionFollowed' });
    }),
    /** Asks the view to show the screen's address, when it changed: a new entry, or in place of this one. */
    showUrl: showUrl((context: ChatHistoryContext) => chatHistoryUrl(context)),
    setMessages: assign({ messages: (_, params: { messages: ChatMessage[] }) => params.messages }),
    /** What the live stream told: merged so that nothing is shown twice and a search's list stays its own. */
    mergeLive: assign(({ context, event }) => {
      if (event.type === 'live.session') return mergeLiveSession(context, event.session);
      if (event.type === 'live.message') return mergeLiveMessage(context, event.sessionId, event.message);
      if (event.type === 'live.scrolled') return { live: scrolled(context.live, event.atBottom) };
      return {};
    }),
    /**
     * The live child polls the open conversation's messages when the stream is down. (Not sent while the
     * screen stops: the child is already gone.)
     */
    tellWatched: enqueueActions(({ context, self, enqueue }, params: { open: boolean }) => {
      if (!self.getSnapshot()?.children?.live) return;
      const sessionId = params.open ? (context.selected?.id ?? null) : null;
      enqueue.sendTo('live', { type: 'live.watched', sessionId });
    }),
    clearMessages: assign({ messages: [] }),
    logMessagesError: (_, params: { error: unknown }) => {
      console.error('Could not load the messages of the chat session', params.error);
    },
    applyStar: assign(({ context }) => {
      const s = context.selected;
      if (!s) return {};
      const isStarred = !s.isStarred;
      return { pendingStar: { id: s.id, isStarred }, ...patched(context, s.id, { isStarred }) };
    }),
    confirmStar: assign(({ context }, params: { result: StarResult }) => {
      // The answer may leave out either field: the star then stands as it was asked for.
      const id = params.result.id ?? context.pendingStar?.id;
      const isStarred = params.result.isStarred ?? context.pendingStar?.isStarred;
      if (id === undefined || isStarred === undefined) return { pendingStar: null };
      return { pendingStar: null, ...patched(context, id, { isStarred }) };
    }),
    revertStar: assign(({ context }) => {
      const pending = context.pendingStar;
      if (!pending) return {};
      return { pendingStar: null, ...patched(context, pending.id, { isStarred: !pending.isStarred }) };
    }),
    notifyStarFailed: raiseFailure(chatHistoryMessages.starFailed),
    setAnalysis: assign(({ context }, params: { analysis: ChatAnalysis }) => {
      const id = context.selected?.id;
      return id ? { analysisError: null, ...patched(context, id, { analysis: params.analysis }) } : {};
    }),
    setAnalysisError: assign({
      analysisError: (_, params: { error: unknown }) => describeError(params.error),
    }),
    setExportOptions: assign({
      exportOptions: ({ context, event }) => {
        const o = context.exportOptions;
        if (event.type === 'export.formatChanged') return { ...o, format: event.format };
        if (event.type === 'export.includeAnalysisChanged') return { ...o, includeAnalysis: event.value };
        if (event.type === 'export.includeTimestampsChanged') return { ...o, includeTimestamps: event.value };
        return o;
      },
    }),
    /**
     * Builds the file (pure) with the labels the view translated, and tells the view, which downloads it. It
     * reports back by event, so a failure (here, or the view's download) becomes the export's failed state
     * instead of stopping the machine.
     */
    exportConversation: enqueueActions(({ context, event, self, enqueue }) => {
      if (event.type !== 'export.requested') return;
      try {
        if (!context.selected) throw new Error('No conversation is open');
        const file = buildExportFile({
          session: context.selected,
          messages: context.messages,
          options: context.exportOptions,
          at: new Date(),
          labels: event.labels,
        });
        // Done first: a download the view then cannot make arrives after it, as the export's failure.
        enqueue.sendTo(self, { type: 'export.done', fileName: file.name });
        enqueue.emit({ type: 'export.file', file });
      } catch (error) {
        enqueue.sendTo(self, { type: 'export.failed', error });
      }
    }),
    setExportedFile: assign({
      exportedFile: ({ event }) => (event.type === 'export.done' ? event.fileName : null),
    }),
    logExportError: ({ event }) => {
      if (event.type === 'export.failed') console.error('Export failed', event.error);
    },
  },
}).createMachine({
  id: 'chatHistory',
  type: 'parallel',
  context: ({ input }) => ({
    url: chatHistoryUrl({
      sessionId: input?.sessionId ?? null,
      phone: input?.phone ?? '',
      filter: input?.filter ?? SessionFilter.all,
    }),
    sessionId: input?.sessionId ?? null,
    sessionError: null,
    phone: input?.phone ?? '',
    filter: input?.filter ?? SessionFilter.all,
    sessions: [],
    listError: null,
    selected: null,
    messages: [],
    pendingStar: null,
    analysisError: null,
    exportOptions: DEFAULT_EXPORT_OPTIONS,
    exportedFile: null,
    live: initialLiveState,
  }),
  // Live updates while the screen is open: stopping the screen stops the stream and its timers.
  invoke: { id: 'live', src: 'live', input: { watched: null } },
  on: {
    'live.session': { actions: 'mergeLive' },
    'live.message': { actions: 'mergeLive' },
    'live.scrolled': { actions: 'mergeLive' },
    'url.changed': { guard: 'urlIsNew', actions: 'followUrl' },
    'export.formatChanged': { actions: 'setExportOptions' },
    'export.includeAnalysisChanged': { actions: 'setExportOptions' },
    'export.includeTimestampsChanged': { actions: 'setExportOptions' },
  },
  states: {
    list: {
      initial: 'loading',
      on: {
        // A transition from the region to its child leaves and re-enters the child: typing again restarts
        // the wait and cancels any search in flight. (No `reenter`: in a parallel machine that would restart
        // every region.)
        'search.changed': { target: '.debouncing', actions: 'setPhone' },
        'search.submitted': { target: '.loading' },
        'filter.changed': { target: '.loading', actions: 'setFilter' },
        'url.queryFollowed': { target: '.loading' },
      },
      states: {
        debouncing: {
          tags: ['listBusy'],
          after: { searchDebounce: 'loading' },
        },
        loading: {
          tags: ['listBusy'],
          // Keeps the search and filter in the address bar (a copied address opens the same list).
          entry: { type: 'showUrl', params: { replace: true } },
          invoke: {
            id: 'searchSessions',
            src: 'searchSessions',
            input: ({ context }) => ({ phone: searchedPhone(context.phone), filter: context.filter }),
            onDone: {
              target: 'ready',
              actions: { type: 'setSessions', params: ({ event }) => ({ sessions: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'setListError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        ready: {},
        failed: {
          tags: ['listError'],
          on: { 'list.retry': 'loading' },
        },
      },
    },
    conversation: {
      initial: 'starting',
      on: {
        // Choosing the open session again keeps it as it is. Opening or closing one is a page of its own in
        // the browser's history: Back returns to it.
        'session.selected': {
          guard: and(['knownSession', 'otherSession']),
          target: '.open',
          actions: ['select', { type: 'showUrl', params: { replace: false } }],
        },
        'session.closed': {
          target: '.none',
          actions: ['unselect', { type: 'showUrl', params: { replace: false } }],
        },
        'url.sessionFollowed': [
          { guard: 'sessionNamed', target: '.finding', actions: 'dropSelection' },
          { target: '.none', actions: 'unselect' },
        ],
      },
      states: {
        /** The address at start may name a conversation. */
        starting: {
          always: [{ guard: 'sessionNamed', target: 'finding' }, { target: 'none' }],
        },
        none: { tags: ['nothingSelected'] },
        /** The address names a conversation: open it once the list shows it, else look for it. */
        finding: {
          tags: ['sessionFinding'],
          initial: 'waiting',
          states: {
            waiting: {
              always: [
                {
                  guard: 'namedSessionListed',
                  target: '#chatHistory.conversation.open',
                  actions: { type: 'openNamed', params: {} },
                },
                { guard: and(['listReady', 'listShowsAll']), target: '#chatHistory.conversation.notFound' },
                { guard: 'listSettled', target: 'lookingUp' },
              ],
            },
            lookingUp: {
              invoke: {
                id: 'findSession',
                src: 'findSession',
                input: ({ context }) => ({ id: context.sessionId ?? '' }),
                onDone: [
                  {
                    guard: 'sessionFound',
                    target: '#chatHistory.conversation.open',
                    actions: { type: 'openNamed', params: ({ event }) => ({ found: event.output }) },
                  },
                  { target: '#chatHistory.conversation.notFound' },
                ],
                onError: {
                  target: 'failed',
                  actions: { type: 'setSessionError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            failed: { tags: ['sessionLookupFailed'], on: { 'session.lookupRetried': 'lookingUp' } },
          },
        },
        /** Unknown, another user's, or gone: said in the panel, with the way back to the list. */
        notFound: { tags: ['sessionNotFound'] },
        open: {
          type: 'parallel',
          entry: { type: 'tellWatched', params: { open: true } },
          exit: { type: 'tellWatched', params: { open: false } },
          states: {
            messages: {
              initial: 'loading',
              states: {
                loading: {
                  tags: ['messagesLoading'],
                  invoke: {
                    id: 'loadMessages',
                    src: 'loadMessages',
                    input: ({ context }) => ({ id: context.selected?.id ?? '' }),
                    onDone: {
                      target: 'ready',
                      actions: { type: 'setMessages', params: ({ event }) => ({ messages: event.output }) },
                    },
                    // Spec section 8: the list is emptied (it says 'No messages found') and the failure logged.
                    // A conversation the server does not know (any more) is not there: said as such.
                    onError: [
                      {
                        guard: 'isNotFound',
                        target: '#chatHistory.conversation.notFound',
                        actions: 'dropSelection',
                      },
                      {
                        target: 'failed',
                        actions: [
                          'clearMessages',
                          { type: 'logMessagesError', params: ({ event }) => ({ error: event.error }) },
                        ],
                      },
                    ],
                  },
                },
                ready: { on: { 'messages.refresh': 'loading' } },
                failed: { tags: ['messagesFailed'], on: { 'messages.refresh': 'loading' } },
              },
            },
            analysis: {
              initial: 'idle',
              states: {
                idle: { on: { 'analysis.requested': 'analyzing' } },
                analyzing: {
                  tags: ['analyzing'],
                  invoke: {
                    id: 'analyzeSession',
                    src: 'analyzeSession',
                    input: ({ context }) => ({ id: context.selected?.id ?? '' }),
                    onDone: {
                      target: 'idle',
                      actions: { type: 'setAnalysis', params: ({ event }) => ({ analysis: event.output }) },
                    },
                    onError: {
                      target: 'failed',
                      actions: { type: 'setAnalysisError', params: ({ event }) => ({ error: event.error }) },
                    },
                  },
                },
                failed: { tags: ['analysisFailed'], on: { 'analysis.requested': 'analyzing' } },
              },
            },
            export: {
              initial: 'idle',
              on: {
                // Only a loaded, non-empty conversation is exported: a file must be complete.
                'export.requested': {
                  guard: and(['messagesReady', 'hasMessages']),
                  actions: 'exportConversation',
                },
                'export.done': { target: '.done', actions: 'setExportedFile' },
                'export.failed': { target: '.failed', actions: ['setExportedFile', 'logExportError'] },
              },
              states: {
                idle: {},
                done: { tags: ['exported'] },
                failed: { tags: ['exportFailed'] },
              },
            },
          },
        },
      },
    },
    star: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'star.toggled': { guard: 'hasSelection', target: 'saving', actions: 'applyStar' } },
        },
        saving: {
          tags: ['starSaving'],
          invoke: {
            id: 'starSession',
            src: 'starSession',
            input: ({ context }) => ({
              id: context.pendingStar?.id ?? '',
              isStarred: context.pendingStar?.isStarred ?? false,
            }),
            onDone: {
              target: 'idle',
              actions: { type: 'confirmStar', params: ({ event }) => ({ result: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: ['revertStar', 'notifyStarFailed'],
            },
          },
        },
      },
    },
    tab: {
      initial: 'analysis',
      on: {
        'tab.selected': [
          { guard: 'exportTab', target: '.export' },
          { guard: 'fineTuneTab', target: '.fineTune' },
          { target: '.analysis' },
        ],
      },
      states: { analysis: {}, export: {}, fineTune: {} },
    },
  },
});
