import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { and, assign, fromPromise, setup, stateIn } from 'xstate';
import { analyzeSession, getSessionMessages, searchSessions, starSession } from '../../api/chatSessions';
import {
  type ChatAnalysis,
  type ChatMessage,
  type ChatSession,
  SessionFilter,
  type SessionFilterCode,
  type StarResult,
} from '../../api/schemas/chatSessions';
import { i18n } from '../../i18n/i18n';
import { SEARCH_DEBOUNCE_MS } from '../constants';
import { describeError, raiseFailure } from '../errors';
import { askApp } from '../system';
import { downloadFile } from './download';
import {
  buildExportFile,
  DEFAULT_EXPORT_OPTIONS,
  type ExportFormat,
  type ExportLabels,
  type ExportOptions,
} from './export';
import { patchSession, visibleSessions } from './sessions';

export type ChatTab = 'analysis' | 'export';

export interface ChatHistoryInput {
  phone?: string;
  filter?: SessionFilterCode;
}

export interface ChatHistoryContext {
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
}

export type ChatHistoryEvent =
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
  | { type: 'export.requested' }
  /** Sent by the export action itself. */
  | { type: 'export.done'; fileName: string }
  | { type: 'export.failed'; error: unknown };

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

function translatedLabels(): ExportLabels {
  return Object.fromEntries(
    Object.entries(exportLabelMessages).map(([key, descriptor]) => [key, i18n._(descriptor)]),
  ) as unknown as ExportLabels;
}

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
  },
  actors: {
    searchSessions: fromPromise<ChatSession[], { phone: string; filter: SessionFilterCode }>(
      ({ input, signal }) =>
        searchSessions({ filter: input.filter, ...(input.phone ? { phone: input.phone } : {}) }, signal),
    ),
    loadMessages: fromPromise<ChatMessage[], { id: string }>(({ input, signal }) =>
      getSessionMessages(input.id, signal),
    ),
    starSession: fromPromise<StarResult, { id: string; isStarred: boolean }>(({ input, signal }) =>
      starSession(input.id, input.isStarred, signal),
    ),
    analyzeSession: fromPromise<ChatAnalysis, { id: string }>(({ input, signal }) =>
      analyzeSession(input.id, signal),
    ),
  },
  delays: { searchDebounce: SEARCH_DEBOUNCE_MS },
  guards: {
    knownSession: ({ context, event }) =>
      event.type === 'session.selected' && context.sessions.some((s) => s.id === event.id),
    otherSession: ({ context, event }) =>
      event.type === 'session.selected' && context.selected?.id !== event.id,
    hasSelection: ({ context }) => context.selected !== null,
    exportTab: ({ event }) => event.type === 'tab.selected' && event.tab === 'export',
    messagesReady: stateIn('#chatHistory.conversation.open.messages.ready'),
    hasMessages: ({ context }) => context.messages.length > 0,
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
    select: assign(({ context, event }) => ({
      selected:
        event.type === 'session.selected'
          ? (context.sessions.find((s) => s.id === event.id) ?? null)
          : context.selected,
      messages: [],
      analysisError: null,
      exportedFile: null,
    })),
    unselect: assign({ selected: null, messages: [], analysisError: null, exportedFile: null }),
    setMessages: assign({ messages: (_, params: { messages: ChatMessage[] }) => params.messages }),
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
     * Builds the file (pure) and hands it to the browser. It reports back by event, so a failure of either
     * step becomes the export's failed state instead of stopping the machine.
     */
    exportConversation: ({ context, self }) => {
      try {
        if (!context.selected) throw new Error('No conversation is open');
        const file = buildExportFile({
          session: context.selected,
          messages: context.messages,
          options: context.exportOptions,
          at: new Date(),
          labels: translatedLabels(),
        });
        downloadFile(file);
        self.send({ type: 'export.done', fileName: file.name });
      } catch (error) {
        self.send({ type: 'export.failed', error });
      }
    },
    setExportedFile: assign({
      exportedFile: ({ event }) => (event.type === 'export.done' ? event.fileName : null),
    }),
    logExportError: ({ event }) => {
      if (event.type === 'export.failed') console.error('Export failed', event.error);
    },
    /** Keeps the search and filter in the address bar (a copied address opens the same list). */
    syncQuery: askApp(({ context }) => ({
      type: 'app.updateQuery',
      set: {
        phone: context.phone.trim() || null,
        filter: context.filter === SessionFilter.all ? null : String(context.filter),
      },
    })),
  },
}).createMachine({
  id: 'chatHistory',
  type: 'parallel',
  context: ({ input }) => ({
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
  }),
  on: {
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
      },
      states: {
        debouncing: {
          tags: ['listBusy'],
          after: { searchDebounce: 'loading' },
        },
        loading: {
          tags: ['listBusy'],
          entry: 'syncQuery',
          invoke: {
            id: 'searchSessions',
            src: 'searchSessions',
            input: ({ context }) => ({ phone: context.phone.trim(), filter: context.filter }),
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
      initial: 'none',
      on: {
        // Choosing the open session again keeps it as it is.
        'session.selected': {
          guard: and(['knownSession', 'otherSession']),
          target: '.open',
          actions: 'select',
        },
        'session.closed': { target: '.none', actions: 'unselect' },
      },
      states: {
        none: { tags: ['nothingSelected'] },
        open: {
          type: 'parallel',
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
                    onError: {
                      target: 'failed',
                      actions: [
                        'clearMessages',
                        { type: 'logMessagesError', params: ({ event }) => ({ error: event.error }) },
                      ],
                    },
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
        'tab.selected': [{ guard: 'exportTab', target: '.export' }, { target: '.analysis' }],
      },
      states: { analysis: {}, export: {} },
    },
  },
});
