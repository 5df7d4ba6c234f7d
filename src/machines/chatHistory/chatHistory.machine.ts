import { and, not } from 'xstate';
import { SessionFilter } from '../../api/schemas/chatSessions';
import { chatHistoryLogic } from './chatHistory.actions';
import { chatHistoryUrl } from './chatHistory.setup';
import { initialLiveState } from './liveMerge';
import { listedSessions, searchedPhone, serverFilter } from './sessions';

/**
 * The chat history screen: the list (search, filter), the open conversation (its messages, star, analysis,
 * export) and the address that names them. Export and analysis are child flows: export lives with the screen
 * (its options apply to every conversation), analysis with the open conversation.
 */
export const chatHistoryMachine = chatHistoryLogic.createMachine({
  id: 'chatHistory',
  type: 'parallel',
  context: ({ input }) => ({
    userId: input?.userId ?? null,
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
    live: initialLiveState,
    improving: null,
  }),
  invoke: [
    // Live updates while the screen is open: stopping the screen stops the stream and its timers.
    { id: 'live', src: 'live', input: { watched: null } },
    // The export options hold for every conversation while the screen is open.
    { id: 'conversationExport', src: 'conversationExport' },
    // The team's saved replies, for any conversation's reply box (beyond the spec).
    { id: 'savedReplies', src: 'savedReplies' },
  ],
  on: {
    'live.session': { actions: 'mergeLive' },
    'live.message': { actions: 'mergeLive' },
    'live.handling': { actions: ['setHandling', 'tellOpenHandling'] },
    'live.scrolled': { actions: 'mergeLive' },
    'url.changed': { guard: 'urlIsNew', actions: 'followUrl' },
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
            input: ({ context }) => ({
              phone: searchedPhone(context.phone),
              filter: serverFilter(context.filter),
            }),
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
          initial: 'messages',
          entry: { type: 'tellWatched', params: { open: true } },
          exit: [{ type: 'tellWatched', params: { open: false } }, 'forgetExport'],
          // The analysis and who handles it belong to this conversation: another one starts afresh.
          invoke: [
            {
              id: 'conversationAnalysis',
              src: 'conversationAnalysis',
              input: ({ context }) => ({ sessionId: context.selected?.id ?? '' }),
            },
            {
              id: 'conversationHandling',
              src: 'conversationHandling',
              input: ({ context }) => ({
                sessionId: context.selected?.id ?? '',
                handling: context.selected?.handling ?? null,
              }),
            },
          ],
          on: {
            'session.analyzed': {
              actions: { type: 'setAnalysis', params: ({ event }) => ({ analysis: event.analysis }) },
            },
            'handling.changed': { actions: 'setHandling' },
            'reply.sent': { actions: 'mergeLive' },
          },
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
                ready: {
                  on: {
                    'messages.refresh': 'loading',
                    // Only a loaded, non-empty conversation is exported: a file must be complete.
                    'export.requested': { guard: 'hasMessages', actions: 'startExport' },
                  },
                },
                failed: { tags: ['messagesFailed'], on: { 'messages.refresh': 'loading' } },
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
    /**
     * "Improve this answer" (beyond the spec): its flow runs while its dialog is open, for one bot reply of
     * the open conversation; closing the dialog or leaving the conversation stops it.
     */
    improve: {
      initial: 'closed',
      states: {
        closed: {
          on: { 'improve.opened': { guard: 'isBotMessage', target: 'open', actions: 'startImproving' } },
        },
        open: {
          invoke: {
            id: 'improveAnswer',
            src: 'improveAnswer',
            // Set by the transition that enters (startImproving).
            input: ({ context }) =>
              context.improving ?? { chatbotId: null, userId: null, question: '', botAnswer: '' },
          },
          on: {
            'improve.opened': {
              guard: 'isBotMessage',
              target: 'open',
              reenter: true,
              actions: 'startImproving',
            },
            'improve.closed': { target: 'closed', actions: 'stopImproving' },
          },
          // Another conversation (or none) is open: the reply is no longer on screen.
          always: { guard: not('improvedMessageShown'), target: 'closed', actions: 'stopImproving' },
        },
      },
    },
    /**
     * The fine-tune dataset: started when its tab is first shown with a conversation open, it lives on while
     * one is (a dataset being made survives a look at another tab or another conversation).
     */
    fineTune: {
      initial: 'off',
      states: {
        off: { always: { guard: and(['hasSelection', 'onFineTuneTab']), target: 'on' } },
        on: {
          invoke: {
            id: 'fineTune',
            src: 'fineTune',
            input: ({ context }) => ({
              userId: context.userId,
              scope: {
                phone: context.phone,
                filter: serverFilter(context.filter),
                sessions: listedSessions(context.sessions, context.filter),
              },
            }),
          },
          always: { guard: not('hasSelection'), target: 'off' },
        },
      },
    },
  },
});
