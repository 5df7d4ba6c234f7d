import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { or, setup, stateIn } from 'xstate';
import { getSessionMessages, searchSessions, starSession } from '../../api/chatSessions';
import {
  type ChatMessage,
  type ChatSession,
  SessionFilter,
  type SessionFilterCode,
  type StarResult,
} from '../../api/schemas/chatSessions';
import { type UrlChanged, type UrlShow, urlIsNew } from '../address';
import type { ImproveAnswerInput } from '../botSettings/knowledge/improve/improveAnswer.machine';
import { SEARCH_DEBOUNCE_MS } from '../constants';
import { lazyActor } from '../lazyActor';
import { PATHS, pathWith } from '../paths';
import { fromRequest } from '../request';
import { conversationAnalysisMachine, type SessionAnalyzedEvent } from './conversationAnalysis.machine';
import { conversationExportMachine } from './conversationExport.machine';
import type { ExportLabels } from './export';
import { fineTuneMachine } from './fineTune/fineTune.machine';
import {
  conversationHandlingMachine,
  type HandlingParentEvent,
} from './handling/conversationHandling.machine';
import { type LiveParentEvent, liveMachine } from './live.machine';
import type { LiveState } from './liveMerge';
import { savedRepliesMachine } from './savedReplies/savedReplies.machine';
import { isBotSender, type ListFilter, visibleSessions } from './sessions';

/*
 * The chat history's types and its setup: the requests and children it starts and the rules its transitions
 * ask (actions in chatHistory.actions.ts, the machine in chatHistory.machine.ts).
 */

export type ChatTab = 'analysis' | 'export' | 'fineTune';

export interface ChatHistoryInput {
  /** The signed-in user: whose chatbots the fine-tune dataset offers. */
  userId?: string | null;
  phone?: string;
  filter?: ListFilter;
  /** The conversation the address names (`/chat-history/:sessionId`). */
  sessionId?: string | null;
}

/** What the address says: the conversation, the search and the filter. */
export interface ChatHistoryLocation {
  sessionId: string | null;
  phone: string;
  filter: ListFilter;
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
  userId: string | null;
  /** The address the screen shows (chatHistoryUrl): what the view puts in the address bar. */
  url: string;
  /** The conversation the address names: the open one, or one being found, or one that is not there. */
  sessionId: string | null;
  /** Why the named conversation could not be looked for (not "not found": the search itself failed). */
  sessionError: MessageDescriptor | string | null;
  /** The search box, as typed. */
  phone: string;
  filter: ListFilter;
  /** The visible sessions of the last answered search (hidden numbers already removed). */
  sessions: ChatSession[];
  listError: MessageDescriptor | string | null;
  /** The open session, kept even when a later search no longer lists it. */
  selected: ChatSession | null;
  messages: ChatMessage[];
  /** The star value being saved, shown already; undone if the call fails. */
  pendingStar: { id: string; isStarred: boolean } | null;
  /** Unread marks and the open conversation's "N new messages", from the live stream. */
  live: LiveState;
  /** The bot reply being improved into a Q&A entry (beyond the spec), while its dialog is open. */
  improving: (ImproveAnswerInput & { messageId: string }) | null;
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
  | { type: 'filter.changed'; filter: ListFilter }
  | { type: 'list.retry' }
  | { type: 'session.selected'; id: string }
  | { type: 'session.closed' }
  | { type: 'messages.refresh' }
  | { type: 'star.toggled' }
  | { type: 'tab.selected'; tab: ChatTab }
  /** The view translates the file's labels; the export child builds the file of the open conversation. */
  | { type: 'export.requested'; labels: ExportLabels }
  /** From the analysis child: the open conversation's new analysis. */
  | SessionAnalyzedEvent
  /** From the handling child: the open conversation's new handler, or a person's reply as stored. */
  | HandlingParentEvent
  /** From the live child: a conversation or message as it arrives (instances are the app's instance watch). */
  | LiveParentEvent
  /** The reader scrolled the open conversation: at its latest message, or above it. */
  | { type: 'live.scrolled'; atBottom: boolean }
  /** "Improve this answer" on one of the bot's messages of the open conversation, and its dialog closed. */
  | { type: 'improve.opened'; messageId: string }
  | { type: 'improve.closed' };

/**
 * What the machine tells its view: show this address, as a new history entry (a conversation opened or
 * closed: Back returns to it) or in place of the current one (the search and the filter: no entry per key).
 */
export type ChatHistoryEmitted = UrlShow;

export const chatHistoryMessages = {
  starFailed: msg`Could not update the star`,
};

export const chatHistorySetup = setup({
  types: {
    context: {} as ChatHistoryContext,
    events: {} as ChatHistoryEvent,
    input: {} as ChatHistoryInput | undefined,
    emitted: {} as ChatHistoryEmitted,
  },
  actors: {
    fineTune: fineTuneMachine,
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
    live: liveMachine,
    conversationExport: conversationExportMachine,
    conversationAnalysis: conversationAnalysisMachine,
    conversationHandling: conversationHandlingMachine,
    savedReplies: savedRepliesMachine,
    // Its code (and the knowledge texts) load when a user first improves an answer.
    improveAnswer: lazyActor<ImproveAnswerInput>(
      () =>
        import('../botSettings/knowledge/improve/improveAnswer.machine').then((m) => m.improveAnswerMachine),
      'improveAnswer',
    ),
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
    improvedMessageShown: ({ context }) =>
      context.messages.some((m) => m.id === context.improving?.messageId),
    isBotMessage: ({ context, event }) =>
      event.type === 'improve.opened' &&
      context.messages.some((m) => m.id === event.messageId && isBotSender(m.sender)),
    exportTab: ({ event }) => event.type === 'tab.selected' && event.tab === 'export',
    fineTuneTab: ({ event }) => event.type === 'tab.selected' && event.tab === 'fineTune',
    onFineTuneTab: stateIn('#chatHistory.tab.fineTune'),
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
});
