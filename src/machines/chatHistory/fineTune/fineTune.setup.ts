import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { fromCallback, setup } from 'xstate';
import { listChatbots, listUserChatbots } from '../../../api/chatbots';
import { getSessionMessages, searchSessions } from '../../../api/chatSessions';
import type { Chatbot } from '../../../api/schemas/chatbots';
import {
  type ChatMessage,
  type ChatSession,
  SessionFilter,
  type SessionFilterCode,
} from '../../../api/schemas/chatSessions';
import { fromRequest } from '../../request';
import { buildDataset, type Dataset, type DatasetProblem, type FineTuneFile } from './dataset';
import { runPool } from './pool';

/** Conversations whose messages load at once: enough to be quick, few enough not to flood the server. */
export const FINE_TUNE_LOAD_CONCURRENCY = 4;
/** The most conversations one dataset reads (each is a call); a narrower filter or a hand-pick goes beyond. */
export const MAX_FINE_TUNE_CONVERSATIONS = 1000;

/** Where the conversations of the dataset come from. */
export type FineTuneSource = 'filter' | 'starred' | 'picked';
export const FINE_TUNE_SOURCES: readonly FineTuneSource[] = ['filter', 'starred', 'picked'];

/** The chat history screen's list as it stands: its search, its filter and the sessions it shows. */
export interface FineTuneScope {
  phone: string;
  filter: SessionFilterCode;
  sessions: ChatSession[];
}

export interface FineTuneInput {
  userId: string | null;
  scope: FineTuneScope;
}

/** What the flow needs of a bot: its name (for the file) and its prompt (every system message). */
export type FineTuneBot = Pick<Chatbot, 'id' | 'name' | 'prompt'>;

export type ConversationLoad =
  | { status: 'pending' }
  | { status: 'loaded'; messages: ChatMessage[] }
  | { status: 'failed'; error: MessageDescriptor | string };

/** What keeps the file from being downloaded: the dataset's problems, and conversations that did not load. */
export type FineTuneProblem = DatasetProblem | { kind: 'loadFailed'; count: number };

export interface FineTuneContext {
  userId: string | null;
  scope: FineTuneScope;
  source: FineTuneSource;
  /** Hand-picked sessions, kept whole: a pick stays when the screen's list changes. */
  picked: ChatSession[];
  /** Every starred session (its own search), for the starred source. */
  starred: ChatSession[];
  starredError: MessageDescriptor | string | null;
  bots: FineTuneBot[];
  botsError: MessageDescriptor | string | null;
  botId: string | null;
  /** The conversations of the dataset, fixed when a preview starts. */
  chosen: ChatSession[];
  /** Messages by session id; kept across previews, so nothing loaded is loaded twice. */
  loads: Record<string, ConversationLoad>;
  /** Ids of chosen conversations left out of the file. */
  excluded: string[];
  dataset: Dataset | null;
  problems: FineTuneProblem[];
  downloadedFile: string | null;
}

export type FineTuneEvent =
  | { type: 'scope.changed'; scope: FineTuneScope }
  | { type: 'source.changed'; source: FineTuneSource }
  | { type: 'session.toggled'; id: string }
  | { type: 'picks.cleared' }
  | { type: 'bot.selected'; id: string }
  | { type: 'bots.retry' }
  | { type: 'starred.retry' }
  | { type: 'preview.requested' }
  /** Sent by the loader, one per conversation as it settles. */
  | { type: 'conversation.loaded'; id: string; messages: ChatMessage[] }
  | { type: 'conversation.failed'; id: string; error: unknown }
  | { type: 'loading.cancelled' }
  | { type: 'conversation.excluded'; id: string }
  | { type: 'conversation.included'; id: string }
  | { type: 'conversation.retried'; id: string }
  | { type: 'failed.retried' }
  | { type: 'selection.edit' }
  | { type: 'download.requested' }
  /** Sent by the download action itself (failed: or by the view, when the browser refuses the file). */
  | { type: 'download.done'; fileName: string }
  | { type: 'download.failed'; error: unknown };

export const fineTuneMessages = {
  downloadFailed: msg`The file could not be downloaded, please retry.`,
};

/** The sessions a source stands for now (the chosen ones are fixed when a preview starts). */
export function sessionsOfSource(context: FineTuneContext, source = context.source): ChatSession[] {
  if (source === 'filter') return context.scope.sessions;
  if (source === 'starred') return context.starred;
  return context.picked;
}

export const selectedBot = (context: FineTuneContext) =>
  context.bots.find((b) => b.id === context.botId) ?? null;

/** How far the loading is: settled (loaded or failed) of chosen. */
export function progressOf(context: FineTuneContext) {
  const done = context.chosen.filter((s) => context.loads[s.id]?.status !== 'pending').length;
  return { done, total: context.chosen.length };
}

export const included = (context: FineTuneContext) =>
  context.chosen.filter((s) => !context.excluded.includes(s.id));

/** The dataset of the loaded, included conversations, and what stands in its way. */
export function rebuilt(context: FineTuneContext): Pick<FineTuneContext, 'dataset' | 'problems'> {
  const conversations = included(context).flatMap((s) => {
    const load = context.loads[s.id];
    return load?.status === 'loaded' ? [{ id: s.id, messages: load.messages }] : [];
  });
  const dataset = buildDataset(selectedBot(context)?.prompt ?? '', conversations);
  const failed = included(context).filter((s) => context.loads[s.id]?.status === 'failed').length;
  return {
    dataset,
    problems: [...(failed > 0 ? [{ kind: 'loadFailed' as const, count: failed }] : []), ...dataset.problems],
  };
}

export const setLoads = (context: FineTuneContext, ids: readonly string[], load: ConversationLoad) => {
  const loads = { ...context.loads };
  for (const id of ids) loads[id] = load;
  return loads;
};

export const fineTuneSetup = setup({
  types: {
    context: {} as FineTuneContext,
    events: {} as FineTuneEvent,
    input: {} as FineTuneInput,
    /** A built dataset file, for the view to hand to the browser's download. */
    emitted: {} as { type: 'download.file'; file: FineTuneFile },
  },
  actors: {
    listBots: fromRequest<FineTuneBot[], { userId: string | null }>(async ({ input, signal }) =>
      (input.userId ? await listUserChatbots(input.userId, signal) : await listChatbots(signal)).map(
        ({ id, name, prompt }) => ({ id, name, prompt }),
      ),
    ),
    searchStarred: fromRequest<ChatSession[], undefined>(({ signal }) =>
      searchSessions({ filter: SessionFilter.starred }, signal),
    ),
    /**
     * Loads the messages of `ids`, FINE_TUNE_LOAD_CONCURRENCY at a time, reporting each conversation as it
     * settles (a failure is that conversation's, not the whole load's). Stopping it aborts what is in flight,
     * starts nothing more and reports nothing more.
     */
    loadConversations: fromCallback<FineTuneEvent, { ids: string[] }>(({ input, sendBack }) => {
      const controller = new AbortController();
      const { signal } = controller;
      void runPool(input.ids, FINE_TUNE_LOAD_CONCURRENCY, async (id) => {
        if (signal.aborted) return;
        try {
          const messages = await getSessionMessages(id, signal);
          if (!signal.aborted) sendBack({ type: 'conversation.loaded', id, messages });
        } catch (error) {
          if (!signal.aborted) sendBack({ type: 'conversation.failed', id, error });
        }
      });
      return () => controller.abort();
    }),
  },
  guards: {
    hasBot: ({ context }) => selectedBot(context) !== null,
    knownBot: ({ context, event }) =>
      event.type === 'bot.selected' && context.bots.some((b) => b.id === event.id),
    starredSource: ({ event }) => event.type === 'source.changed' && event.source === 'starred',
    pickable: ({ context, event }) =>
      event.type === 'session.toggled' &&
      (context.scope.sessions.some((s) => s.id === event.id) ||
        context.picked.some((s) => s.id === event.id)),
    hasPicks: ({ context }) => context.picked.length > 0,
    enoughChosen: ({ context }) => {
      const n = sessionsOfSource(context).length;
      return n > 0 && n <= MAX_FINE_TUNE_CONVERSATIONS;
    },
    pendingOfChosen: ({ context, event }) =>
      event.type === 'conversation.loaded' || event.type === 'conversation.failed'
        ? context.loads[event.id]?.status === 'pending' && context.chosen.some((s) => s.id === event.id)
        : false,
    includedConversation: ({ context, event }) =>
      event.type === 'conversation.excluded' &&
      context.chosen.some((s) => s.id === event.id) &&
      !context.excluded.includes(event.id),
    excludedConversation: ({ context, event }) =>
      event.type === 'conversation.included' && context.excluded.includes(event.id),
    failedConversation: ({ context, event }) =>
      event.type === 'conversation.retried' &&
      context.chosen.some((s) => s.id === event.id) &&
      context.loads[event.id]?.status === 'failed',
    /** Every chosen conversation has settled (loaded or failed): the preview can show. */
    allSettled: ({ context }) => context.chosen.every((s) => context.loads[s.id]?.status !== 'pending'),
    anyFailed: ({ context }) => included(context).some((s) => context.loads[s.id]?.status === 'failed'),
    downloadable: ({ context }) => context.dataset !== null && context.problems.length === 0,
  },
});
