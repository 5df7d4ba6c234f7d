import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { and, assign, enqueueActions, fromCallback, setup } from 'xstate';
import { listChatbots, listUserChatbots } from '../../api/chatbots';
import { getSessionMessages, searchSessions } from '../../api/chatSessions';
import type { Chatbot } from '../../api/schemas/chatbots';
import {
  type ChatMessage,
  type ChatSession,
  SessionFilter,
  type SessionFilterCode,
} from '../../api/schemas/chatSessions';
import { visibleSessions } from '../chatHistory/sessions';
import { describeError } from '../errors';
import { fromRequest } from '../request';
import {
  buildDataset,
  buildFineTuneFile,
  type Dataset,
  type DatasetProblem,
  type FineTuneFile,
} from './dataset';
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

const included = (context: FineTuneContext) => context.chosen.filter((s) => !context.excluded.includes(s.id));

/** The dataset of the loaded, included conversations, and what stands in its way. */
function rebuilt(context: FineTuneContext): Pick<FineTuneContext, 'dataset' | 'problems'> {
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

const setLoads = (context: FineTuneContext, ids: readonly string[], load: ConversationLoad) => {
  const loads = { ...context.loads };
  for (const id of ids) loads[id] = load;
  return loads;
};

export const fineTuneMachine = setup({
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
  actions: {
    setScope: assign({
      scope: ({ context, event }) => (event.type === 'scope.changed' ? event.scope : context.scope),
    }),
    setSource: assign({
      source: ({ context, event }) => (event.type === 'source.changed' ? event.source : context.source),
    }),
    togglePick: assign({
      picked: ({ context, event }) => {
        if (event.type !== 'session.toggled') return context.picked;
        if (context.picked.some((s) => s.id === event.id))
          return context.picked.filter((s) => s.id !== event.id);
        const session = context.scope.sessions.find((s) => s.id === event.id);
        return session ? [...context.picked, session] : context.picked;
      },
    }),
    clearPicks: assign({ picked: [] }),
    setBots: assign(({ context }, params: { bots: FineTuneBot[] }) => ({
      bots: params.bots,
      botsError: null,
      // The first bot until the user chooses; a chosen bot that is gone falls back to the first.
      botId: params.bots.some((b) => b.id === context.botId) ? context.botId : (params.bots[0]?.id ?? null),
    })),
    setBotsError: assign({ botsError: (_, params: { error: unknown }) => describeError(params.error) }),
    setBot: assign({
      botId: ({ context, event }) => (event.type === 'bot.selected' ? event.id : context.botId),
    }),
    setStarred: assign({
      starred: (_, params: { sessions: ChatSession[] }) => visibleSessions(params.sessions),
      starredError: null,
    }),
    setStarredError: assign({ starredError: (_, params: { error: unknown }) => describeError(params.error) }),
    /** Fixes the conversations of the preview; those not loaded yet (or failed before) are queued. */
    choose: assign(({ context }) => {
      const chosen = sessionsOfSource(context);
      const queued = chosen.filter((s) => context.loads[s.id]?.status !== 'loaded').map((s) => s.id);
      const ids = new Set(chosen.map((s) => s.id));
      return {
        chosen,
        loads: setLoads(context, queued, { status: 'pending' }),
        excluded: context.excluded.filter((id) => ids.has(id)),
        downloadedFile: null,
      };
    }),
    recordLoaded: assign({
      loads: ({ context, event }) =>
        event.type === 'conversation.loaded'
          ? setLoads(context, [event.id], { status: 'loaded', messages: event.messages })
          : context.loads,
    }),
    recordFailed: assign({
      loads: ({ context, event }) =>
        event.type === 'conversation.failed'
          ? setLoads(context, [event.id], { status: 'failed', error: describeError(event.error) })
          : context.loads,
    }),
    /** The loader itself failed: what it had not reported counts as failed, to retry. */
    failPending: assign({
      loads: ({ context }, params: { error: unknown }) =>
        setLoads(
          context,
          context.chosen.filter((s) => context.loads[s.id]?.status === 'pending').map((s) => s.id),
          { status: 'failed', error: describeError(params.error) },
        ),
    }),
    queueOne: assign({
      loads: ({ context, event }) =>
        event.type === 'conversation.retried'
          ? setLoads(context, [event.id], { status: 'pending' })
          : context.loads,
    }),
    queueFailed: assign({
      loads: ({ context }) =>
        setLoads(
          context,
          included(context)
            .filter((s) => context.loads[s.id]?.status === 'failed')
            .map((s) => s.id),
          { status: 'pending' },
        ),
    }),
    exclude: assign({
      excluded: ({ context, event }) =>
        event.type === 'conversation.excluded' ? [...context.excluded, event.id] : context.excluded,
    }),
    include: assign({
      excluded: ({ context, event }) =>
        event.type === 'conversation.included'
          ? context.excluded.filter((id) => id !== event.id)
          : context.excluded,
    }),
    rebuild: assign(({ context }) => rebuilt(context)),
    /**
     * Builds the file (validated by reading it back) and gives it to the view, which hands it to the browser.
     * It reports back by event, so a failure (here, or the view's download) becomes the download's failed
     * state instead of stopping the machine; done comes first, so a late failure wins.
     */
    download: enqueueActions(({ context, self, enqueue }) => {
      try {
        const bot = selectedBot(context);
        if (!bot || !context.dataset) throw new Error('No dataset to download');
        const file = buildFineTuneFile(context.dataset, bot.name, new Date());
        enqueue.sendTo(self, { type: 'download.done', fileName: file.name });
        enqueue.emit({ type: 'download.file', file });
      } catch (error) {
        enqueue.sendTo(self, { type: 'download.failed', error });
      }
    }),
    setDownloadedFile: assign({
      downloadedFile: ({ event }) => (event.type === 'download.done' ? event.fileName : null),
    }),
    logDownloadError: ({ event }) => {
      if (event.type === 'download.failed') console.error('Fine-tuning download failed', event.error);
    },
  },
}).createMachine({
  id: 'fineTune',
  type: 'parallel',
  context: ({ input }) => ({
    userId: input.userId,
    scope: input.scope,
    source: 'filter',
    picked: [],
    starred: [],
    starredError: null,
    bots: [],
    botsError: null,
    botId: null,
    chosen: [],
    loads: {},
    excluded: [],
    dataset: null,
    problems: [],
    downloadedFile: null,
  }),
  on: {
    'scope.changed': { actions: 'setScope' },
  },
  states: {
    bots: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['botsLoading'],
          invoke: {
            id: 'listBots',
            src: 'listBots',
            input: ({ context }) => ({ userId: context.userId }),
            onDone: {
              target: 'ready',
              actions: { type: 'setBots', params: ({ event }) => ({ bots: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'setBotsError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        ready: {},
        failed: { tags: ['botsFailed'], on: { 'bots.retry': 'loading' } },
      },
    },
    flow: {
      initial: 'choosing',
      states: {
        choosing: {
          initial: 'ready',
          on: {
            'source.changed': [
              { guard: 'starredSource', target: '.loadingStarred', actions: 'setSource' },
              { target: '.ready', actions: 'setSource' },
            ],
            'session.toggled': { guard: 'pickable', actions: 'togglePick' },
            'picks.cleared': { guard: 'hasPicks', actions: 'clearPicks' },
            'bot.selected': { guard: 'knownBot', actions: 'setBot' },
          },
          states: {
            ready: {
              on: {
                'preview.requested': {
                  guard: and(['hasBot', 'enoughChosen']),
                  target: '#fineTune.flow.loading',
                  actions: 'choose',
                },
              },
            },
            loadingStarred: {
              tags: ['starredLoading'],
              invoke: {
                id: 'searchStarred',
                src: 'searchStarred',
                onDone: {
                  target: 'ready',
                  actions: { type: 'setStarred', params: ({ event }) => ({ sessions: event.output }) },
                },
                onError: {
                  target: 'starredFailed',
                  actions: { type: 'setStarredError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            starredFailed: { tags: ['starredFailed'], on: { 'starred.retry': 'loadingStarred' } },
          },
        },
        loading: {
          tags: ['loadingConversations'],
          // Also at once when everything chosen was loaded before.
          always: { guard: 'allSettled', target: 'review' },
          invoke: {
            id: 'loadConversations',
            src: 'loadConversations',
            input: ({ context }) => ({
              ids: context.chosen.filter((s) => context.loads[s.id]?.status === 'pending').map((s) => s.id),
            }),
            onError: {
              target: 'review',
              actions: { type: 'failPending', params: ({ event }) => ({ error: event.error }) },
            },
          },
          on: {
            'conversation.loaded': { guard: 'pendingOfChosen', actions: 'recordLoaded' },
            'conversation.failed': { guard: 'pendingOfChosen', actions: 'recordFailed' },
            // Back to the choice; what has loaded stays for the next preview.
            'loading.cancelled': 'choosing',
          },
        },
        review: {
          initial: 'idle',
          entry: 'rebuild',
          on: {
            'bot.selected': { guard: 'knownBot', target: '.idle', actions: ['setBot', 'rebuild'] },
            'conversation.excluded': {
              guard: 'includedConversation',
              target: '.idle',
              actions: ['exclude', 'rebuild'],
            },
            'conversation.included': {
              guard: 'excludedConversation',
              target: '.idle',
              actions: ['include', 'rebuild'],
            },
            'conversation.retried': { guard: 'failedConversation', target: 'loading', actions: 'queueOne' },
            'failed.retried': { guard: 'anyFailed', target: 'loading', actions: 'queueFailed' },
            'selection.edit': 'choosing',
            // Only a usable dataset is downloaded: the file must be one OpenAI takes.
            'download.requested': { guard: 'downloadable', actions: 'download' },
            'download.done': { target: '.downloaded', actions: 'setDownloadedFile' },
            'download.failed': { target: '.failed', actions: ['setDownloadedFile', 'logDownloadError'] },
          },
          states: {
            idle: {},
            downloaded: { tags: ['downloaded'] },
            failed: { tags: ['downloadFailed'] },
          },
        },
      },
    },
  },
});
