import { and } from 'xstate';
import { fineTuneLogic } from './fineTune.actions';

export {
  type ConversationLoad,
  FINE_TUNE_LOAD_CONCURRENCY,
  FINE_TUNE_SOURCES,
  type FineTuneBot,
  type FineTuneContext,
  type FineTuneInput,
  type FineTuneProblem,
  type FineTuneSource,
  fineTuneMessages,
  MAX_FINE_TUNE_CONVERSATIONS,
  progressOf,
  sessionsOfSource,
} from './fineTune.setup';

export const fineTuneMachine = fineTuneLogic.createMachine({
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
