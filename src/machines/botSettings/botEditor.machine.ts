import { and, not, stateIn } from 'xstate';
import { botSettingsUrl, FIRST_TAB } from './address';
import { botEditorLogic } from './botEditor.actions';
import { confirmStates } from './botEditor.confirm';
import { defaultExtras, defaultForm } from './botForm';
import { checkThenSave } from './botSave';
import { emptyHistory } from './promptHistory';

export { BOT_TABS, type BotSettingsLocation, type BotTab, botSettingsUrl, toBotTab } from './address';
export {
  type BotEditorContext,
  type BotEditorEmitted,
  type BotEditorEvent,
  entriesOf,
  hasUnsavedChanges,
  isDirty,
  offersNewBot,
} from './botEditor.setup';
export { botEditorMessages } from './botSave';

/** Away from a bot that is not there or did not load: to one the list knows, or to New below the limit. */
const toAnotherBotOrNew = botEditorLogic.createStateConfig({
  on: {
    'bot.selected': {
      guard: 'isKnownBot',
      target: 'loadingBot',
      actions: ['selectBot', { type: 'showUrl', params: { replace: false } }],
    },
    'bot.newRequested': {
      guard: 'canAddBot',
      target: 'startingNew',
      actions: { type: 'showUrl', params: { replace: false } },
    },
  },
});

export const botEditorMachine = botEditorLogic.createMachine({
  id: 'botEditor',
  context: ({ input }) => ({
    userId: input.userId,
    url: botSettingsUrl({ botId: input.botId ?? null, tab: input.tab ?? FIRST_TAB }),
    requestedId: input.botId ?? null,
    tab: input.tab ?? FIRST_TAB,
    bots: [],
    selectedId: null,
    form: defaultForm(),
    saved: defaultForm(),
    extras: defaultExtras(),
    submitted: null,
    loadError: null,
    invalidField: null,
    pendingTemplate: null,
    pendingSwitch: null,
    history: emptyHistory(),
  }),
  initial: 'loading',
  on: {
    'user.changed': { actions: 'setUser' },
    'url.changed': { guard: 'urlIsNew', actions: 'followUrl' },
    // Another tab is a page of its own in the browser's history: Back returns to the tab before.
    'tab.selected': { actions: ['setTab', { type: 'showUrl', params: { replace: false } }] },
    'url.unknownBot': [
      // While the list loads, its answer decides (the address's bot is kept until then).
      { guard: stateIn('#botEditor.loading'), actions: 'awaitBot' },
      // Unsaved changes are not thrown away for a bot that is not there: the address names this one again.
      {
        guard: and([stateIn('#botEditor.ready'), 'hasUnsavedChanges']),
        actions: { type: 'showUrl', params: { replace: false } },
      },
      { target: '.notFound', actions: 'markNotFound' },
    ],
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadBots',
        src: 'listBots',
        input: ({ context }) => ({ userId: context.userId }),
        // The address names the bot (when it is one of the user's) or the first; the editor's choice replaces
        // an address that named none.
        onDone: [
          {
            guard: 'namesUnknownBot',
            target: 'notFound',
            actions: { type: 'setBots', params: ({ event }) => ({ bots: event.output }) },
          },
          {
            guard: 'hasBots',
            target: 'loadingBot',
            actions: [
              { type: 'setBots', params: ({ event }) => ({ bots: event.output }) },
              { type: 'selectFirst', params: ({ event }) => ({ bots: event.output }) },
              { type: 'showUrl', params: { replace: true } },
            ],
          },
          {
            target: 'startingNew',
            actions: [
              { type: 'setBots', params: ({ event }) => ({ bots: event.output }) },
              { type: 'showUrl', params: { replace: true } },
            ],
          },
        ],
        onError: {
          target: 'loadFailed',
          actions: { type: 'setLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: { 'load.retried': 'loading' },
    },
    /** The address names a bot the user does not have (unknown, another user's, deleted). */
    notFound: {
      tags: ['botNotFound'],
      on: {
        ...toAnotherBotOrNew.on,
        'bot.listRequested': [
          {
            guard: 'hasListedBots',
            target: 'loadingBot',
            actions: [
              { type: 'selectFirst', params: ({ context }) => ({ bots: context.bots }) },
              { type: 'showUrl', params: { replace: false } },
            ],
          },
          { target: 'startingNew' },
        ],
      },
    },
    loadingBot: {
      tags: ['loading', 'botLoading'],
      on: {
        // Another bot while this one loads (Back, Forward): nothing is lost yet.
        'bot.selected': {
          guard: and(['isKnownBot', not('isCurrentBot')]),
          target: 'loadingBot',
          reenter: true,
          actions: ['selectBot', { type: 'showUrl', params: { replace: false } }],
        },
      },
      invoke: {
        id: 'loadBot',
        src: 'loadBot',
        input: ({ context }) => ({ id: context.selectedId ?? '' }),
        onDone: {
          target: '#botEditor.ready.mode.editing',
          actions: { type: 'showBot', params: ({ event }) => event.output },
        },
        onError: [
          { guard: 'isNotFound', target: 'notFound', actions: 'markNotFound' },
          {
            target: 'botFailed',
            actions: { type: 'setLoadError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    botFailed: {
      tags: ['error', 'botError'],
      on: {
        'load.retried': 'loadingBot',
        ...toAnotherBotOrNew.on,
      },
    },
    /** A blank form for a new bot (entering ready afresh also drops the previous bot's uploads). */
    startingNew: {
      // A new bot has no address of its own: the screen's, as a new history entry when it was another bot's.
      entry: ['startBlank', { type: 'showUrl', params: { replace: false } }],
      always: '#botEditor.ready.mode.new',
    },
    ready: {
      type: 'parallel',
      invoke: [
        { id: 'uploads', src: 'uploads' },
        { id: 'optimizer', src: 'optimizer' },
      ],
      // Leaving the form (a switch confirmed mid-save) cancels the save: nothing is submitted any more.
      exit: 'endSave',
      on: {
        'field.changed': { actions: 'setText' },
        'temperature.changed': { actions: 'setTemperature' },
        'setting.changed': { actions: 'setSetting' },
        'history.restored': { guard: 'canRestore', actions: 'restoreVersion' },
        'knowledge.uploaded': { actions: 'addKnowledge' },
        'knowledge.removed': { actions: 'removeKnowledge' },
        'prompt.optimiseRequested': { guard: not('promptBlank'), actions: 'startOptimizing' },
        'prompt.optimised': { actions: 'applyOptimised' },
      },
      states: {
        mode: {
          initial: 'new',
          states: {
            new: {
              tags: ['new'],
              initial: 'idle',
              states: checkThenSave(
                'createBot',
                ({ context, body }) => ({ userId: context.userId ?? '', body }),
                '#botEditor.ready.mode.editing.reloading',
              ),
            },
            editing: {
              tags: ['editing'],
              // The external database, the test chat and the handoff settings belong to a saved bot: there is
              // none in new mode (the chat talks to the saved version; its thread is kept per bot).
              invoke: [
                {
                  id: 'database',
                  src: 'database',
                  input: ({ context }) => ({ botId: context.selectedId ?? '' }),
                },
                {
                  id: 'testChat',
                  src: 'testChat',
                  input: ({ context }) => ({ botId: context.selectedId ?? '' }),
                },
                {
                  id: 'handoff',
                  src: 'handoffSettings',
                  input: ({ context }) => ({ botId: context.selectedId ?? '' }),
                },
                {
                  id: 'qa',
                  src: 'qaKnowledge',
                  input: ({ context }) => ({ botId: context.selectedId ?? '' }),
                },
                {
                  id: 'unanswered',
                  src: 'unansweredQuestions',
                  input: ({ context }) => ({ botId: context.selectedId ?? '' }),
                },
                {
                  id: 'retrieval',
                  src: 'retrievalTest',
                  input: ({ context }) => ({ botId: context.selectedId ?? '' }),
                },
                {
                  id: 'sources',
                  src: 'sourcesKnowledge',
                  input: ({ context }) => ({ botId: context.selectedId ?? '' }),
                },
              ],
              initial: 'idle',
              states: {
                ...checkThenSave(
                  'updateBot',
                  ({ context, body }) => ({ id: context.selectedId ?? '', body }),
                  'reloading',
                ),
                /** After a save the list is read again; if that fails the saved bot is already in it. */
                reloading: {
                  tags: ['saving'],
                  invoke: {
                    id: 'reloadBots',
                    src: 'listBots',
                    input: ({ context }) => ({ userId: context.userId }),
                    onDone: {
                      target: 'idle',
                      actions: { type: 'setBots', params: ({ event }) => ({ bots: event.output }) },
                    },
                    onError: { target: 'idle' },
                  },
                },
              },
            },
          },
        },
        confirm: confirmStates,
      },
    },
  },
});
