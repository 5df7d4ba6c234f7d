import type { MessageDescriptor } from '@lingui/core';
import {
  type AnyMachineSnapshot,
  and,
  assign,
  emit,
  enqueueActions,
  not,
  or,
  sendTo,
  setup,
  stateIn,
} from 'xstate';
import {
  createChatbot,
  getChatbot,
  getKnowledgeBase,
  getPromptVersions,
  listChatbots,
  listUserChatbots,
  updateChatbot,
} from '../../api/chatbots';
import { isNotOffered } from '../../api/errors';
import type { Chatbot, ChatbotBody, KnowledgeBaseFile, PromptVersion } from '../../api/schemas/chatbots';
import { showUrl, type UrlChanged, type UrlShow, urlIsNew } from '../address';
import { botDeleteMachine } from '../botDelete/botDelete.machine';
import { MAX_CHATBOTS } from '../constants';
import { databaseMachine } from '../database/database.machine';
import { describeError, raiseFailure } from '../errors';
import {
  type KnowledgeUploadedEvent,
  knowledgeUploadMachine,
} from '../knowledgeUpload/knowledgeUpload.machine';
import {
  type PromptOptimisedEvent,
  promptOptimizerMachine,
} from '../promptOptimizer/promptOptimizer.machine';
import { fromRequest } from '../request';
import { raiseToast } from '../system';
import { type BotSettingsLocation, type BotTab, botSettingsUrl, FIRST_TAB } from './address';
import {
  type BotExtras,
  type BotField,
  type BotForm,
  type BotTextField,
  defaultExtras,
  defaultForm,
  extrasFromBot,
  formFromBot,
  fromUpload,
  parseMaxTokens,
  type SettingChangedEvent,
  sameForm,
  sameName,
  toTemperature,
  withSetting,
} from './botForm';
import { botEditorMessages, checkThenSave } from './botSave';
import { fillCompanyName, hasCompanyPlaceholder } from './companyPlaceholder';
import {
  emptyHistory,
  historyEntries,
  openedHistory,
  type PromptHistory,
  withReplaced,
  withSaved,
} from './promptHistory';

export { BOT_TABS, type BotSettingsLocation, type BotTab, botSettingsUrl, toBotTab } from './address';

/** The address the editor's state names: the bot asked for until it is found, else the open one. */
const addressOf = (context: BotEditorContext): BotSettingsLocation => ({
  botId: context.requestedId ?? context.selectedId,
  tab: context.tab,
});

export interface BotEditorContext {
  userId: string | null;
  /** The address the screen shows (botSettingsUrl): what the view puts in the address bar. */
  url: string;
  /** The bot the address names, while the list is loading or when it is not one of the user's. */
  requestedId: string | null;
  tab: BotTab;
  bots: Chatbot[];
  /** The bot being edited; null in new mode. */
  selectedId: string | null;
  form: BotForm;
  /** The last saved version (or the defaults in new mode): what Discard changes restores, dirty compares to. */
  saved: BotForm;
  extras: BotExtras;
  /** The form as sent by the save in flight. */
  submitted: BotForm | null;
  loadError: MessageDescriptor | string | null;
  /** The field the last refused save was about, for the view to point at. */
  invalidField: BotField | null;
  pendingTemplate: string | null;
  /** Where the user wanted to go when asked about unsaved changes. */
  pendingSwitch: { kind: 'bot'; id: string } | { kind: 'new' } | null;
  /** The prompt's saved versions and what the editor's text replaced. */
  history: PromptHistory;
}

/**
 * What the editor tells its view: a save was refused, and which field to focus (its tab is opened); the
 * address to show, as a new history entry (another bot, another tab: Back returns) or in place of this one.
 */
export type BotEditorEmitted = { type: 'save.refused'; field: BotField } | UrlShow;

export type BotEditorEvent =
  /** The address changed (Back, Forward, a link): the view reads it and says what it names. */
  | UrlChanged<BotSettingsLocation>
  /** Raised by the editor when the address names a bot the user does not have. */
  | { type: 'url.unknownBot'; id: string }
  | { type: 'tab.selected'; tab: BotTab }
  /** From "not found": back to the user's chatbots (the first, or a new one). */
  | { type: 'bot.listRequested' }
  | { type: 'user.changed'; userId: string | null }
  | { type: 'load.retried' }
  | { type: 'bot.selected'; id: string }
  | { type: 'bot.newRequested' }
  | { type: 'field.changed'; field: BotTextField; value: string }
  | { type: 'temperature.changed'; value: number }
  | SettingChangedEvent
  | { type: 'history.restored'; key: string }
  | { type: 'bot.deleteRequested' }
  | { type: 'template.chosen'; prompt: string }
  | { type: 'template.confirmed' }
  | { type: 'template.cancelled' }
  | { type: 'switch.confirmed' }
  | { type: 'switch.cancelled' }
  | { type: 'knowledge.removed'; id: string }
  | KnowledgeUploadedEvent
  | { type: 'prompt.optimiseRequested' }
  | PromptOptimisedEvent
  /** Discard changes: back to the last saved version (the defaults in new mode). */
  | { type: 'changes.discarded' }
  | { type: 'save.requested' }
  /** The prompt still says [Company Name]: fill in the company's name and save, save as it is, or not. */
  | { type: 'placeholder.filled'; company: string }
  | { type: 'placeholder.ignored' }
  | { type: 'placeholder.cancelled' };

export { botEditorMessages };

const m = botEditorMessages;

export const isDirty = (context: BotEditorContext) => !sameForm(context.form, context.saved);

/** New is offered only while fewer than MAX_CHATBOTS exist (spec sections 2 and 6). */
export const offersNewBot = (context: BotEditorContext) => context.bots.length < MAX_CHATBOTS;

/** For the view and the navigation guard: is there anything a departure would lose? */
export const hasUnsavedChanges = (snapshot: AnyMachineSnapshot) =>
  snapshot.matches('ready') && isDirty(snapshot.context as BotEditorContext);

/** The prompt history's entries as the viewer lists them. */
export const entriesOf = (context: BotEditorContext) =>
  historyEntries(context.history, context.form.prompt, context.selectedId !== null);

export const botEditorMachine = setup({
  types: {
    context: {} as BotEditorContext,
    events: {} as BotEditorEvent,
    input: {} as { userId: string | null } & Partial<BotSettingsLocation>,
    emitted: {} as BotEditorEmitted,
  },
  actors: {
    listBots: fromRequest<Chatbot[], { userId: string | null }>(({ input, signal }) =>
      input.userId ? listUserChatbots(input.userId, signal) : listChatbots(signal),
    ),
    loadBot: fromRequest<
      { bot: Chatbot; files: KnowledgeBaseFile[]; versions: PromptVersion[] | 'failed' | 'notOffered' },
      { id: string }
    >(async ({ input, signal }) => {
      const [bot, files, versions] = await Promise.all([
        getChatbot(input.id, signal),
        getKnowledgeBase(input.id, signal),
        // The history is not the bot: without it (it failed, or the server keeps none) the bot still opens.
        getPromptVersions(input.id, signal).catch((error: unknown) =>
          isNotOffered(error) ? ('notOffered' as const) : ('failed' as const),
        ),
      ]);
      return { bot, files, versions };
    }),
    createBot: fromRequest<Chatbot, { userId: string; body: ChatbotBody }>(({ input, signal }) =>
      createChatbot(input.userId, input.body, signal),
    ),
    updateBot: fromRequest<Chatbot, { id: string; body: ChatbotBody }>(({ input, signal }) =>
      updateChatbot(input.id, input.body, signal),
    ),
    uploads: knowledgeUploadMachine,
    database: databaseMachine,
    botDelete: botDeleteMachine,
    optimizer: promptOptimizerMachine,
  },
  guards: {
    hasBots: ({ event }) => ((event as { output?: Chatbot[] }).output ?? []).length > 0,
    hasUser: ({ context }) => !!context.userId,
    /** A signed-in user, and not while the bot is being deleted. */
    canSave: and(['hasUser', not(stateIn('#botEditor.ready.confirm.deleting'))]),
    nameBlank: ({ context }) => context.form.name.trim() === '',
    modelBlank: ({ context }) => context.form.model.trim() === '',
    promptBlank: ({ context }) => context.form.prompt.trim() === '',
    hasPlaceholder: ({ context }) => hasCompanyPlaceholder(context.form.prompt),
    companyGiven: ({ event }) => event.type === 'placeholder.filled' && event.company.trim() !== '',
    nameTaken: ({ context }) =>
      context.bots.some((bot) => bot.id !== context.selectedId && sameName(bot.name, context.form.name)),
    maxTokensInvalid: ({ context }) => parseMaxTokens(context.form.maxTokens) === null,
    hasUnsavedChanges: ({ context }) => isDirty(context),
    canAddBot: ({ context }) => offersNewBot(context),
    isNewMode: ({ context }) => context.selectedId === null,
    canRestore: ({ context, event }) => {
      if (event.type !== 'history.restored') return false;
      const entry = entriesOf(context).find((e) => e.key === event.key);
      return !!entry && entry.prompt !== context.form.prompt;
    },
    wasDeleted: ({ event }) => (event as { output?: { deleted?: boolean } }).output?.deleted === true,
    isCurrentBot: ({ context, event }) => event.type === 'bot.selected' && event.id === context.selectedId,
    isKnownBot: ({ context, event }) =>
      event.type === 'bot.selected' && context.bots.some((bot) => bot.id === event.id),
    pendingIsNew: ({ context }) => context.pendingSwitch?.kind === 'new',
    /** The address differs from the one the screen shows: someone else moved it (Back, Forward, a link). */
    urlIsNew: urlIsNew(botSettingsUrl),
    /** The list answered without the bot the address names: not one of the user's (or gone). */
    namesUnknownBot: ({ context, event }) => {
      const bots = (event as { output?: Chatbot[] }).output ?? [];
      return context.requestedId !== null && !bots.some((bot) => bot.id === context.requestedId);
    },
    hasListedBots: ({ context }) => context.bots.length > 0,
    /** The server says the bot is not there (deleted meanwhile, or never the user's). */
    isNotFound: ({ event }) => (event as { error?: { status?: unknown } }).error?.status === 404,
    /** Another bot can be opened: not while saving, not the one open, and only one the list knows. */
    canOpenBot: and([not('isSaving'), not('isCurrentBot'), 'isKnownBot']),
    /** New is offered below the limit, and not while saving or already in new mode. */
    canStartNew: and([not('isSaving'), not('isNewMode'), 'canAddBot']),
    isSaving: or([
      stateIn('#botEditor.ready.mode.new.saving'),
      stateIn('#botEditor.ready.mode.editing.saving'),
      stateIn('#botEditor.ready.mode.editing.reloading'),
    ]),
  },
  actions: {
    setUser: assign({ userId: ({ event }) => (event.type === 'user.changed' ? event.userId : null) }),
    setBots: assign({ bots: (_, params: { bots: Chatbot[] }) => params.bots }),
    /** The bot the address names if it is listed (else the first): found, the address no longer waits. */
    selectFirst: assign(({ context }, params: { bots: Chatbot[] }) => ({
      selectedId: params.bots.find((bot) => bot.id === context.requestedId)?.id ?? params.bots[0]?.id ?? null,
      requestedId: null,
    })),
    selectBot: assign({
      selectedId: ({ context, event }) => (event.type === 'bot.selected' ? event.id : context.selectedId),
      requestedId: null,
      pendingSwitch: null,
    }),
    /** The address named a bot that is not there: it is said, nothing of another bot shows. */
    markNotFound: assign(({ context, event }) => ({
      requestedId: event.type === 'url.unknownBot' ? event.id : (context.requestedId ?? context.selectedId),
      selectedId: null,
      pendingSwitch: null,
      pendingTemplate: null,
    })),
    /** While the list loads, its answer decides whether the address's bot is the user's. */
    awaitBot: assign({
      requestedId: ({ context, event }) => (event.type === 'url.unknownBot' ? event.id : context.requestedId),
    }),
    openTab: assign({ tab: (_, params: { tab: BotTab }) => params.tab }),
    setTab: assign({
      tab: ({ context, event }) => (event.type === 'tab.selected' ? event.tab : context.tab),
    }),
    /**
     * Takes what a changed address names: its tab, and its bot through the editor's own rules (a bot with
     * unsaved changes asks first; one the user does not have is "not found"). No bot named keeps the open one.
     */
    followUrl: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'url.changed') return;
      const current = context.requestedId ?? context.selectedId;
      if (event.botId === null && current !== null) {
        // The address named no bot (the sidebar's link): it names the open one again, in place.
        const url = botSettingsUrl({ botId: current, tab: event.tab });
        enqueue.assign({ url, tab: event.tab });
        enqueue.emit({ type: 'url.show', url, replace: true });
        return;
      }
      enqueue.assign({ url: botSettingsUrl(event), tab: event.tab });
      if (event.botId === null || event.botId === current) return;
      if (context.bots.some((bot) => bot.id === event.botId)) {
        enqueue.raise({ type: 'bot.selected', id: event.botId });
      } else {
        enqueue.raise({ type: 'url.unknownBot', id: event.botId });
      }
    }),
    /** Asks the view to show the screen's address, when it changed: a new entry, or in place of this one. */
    showUrl: showUrl((context: BotEditorContext) => botSettingsUrl(addressOf(context))),
    selectPending: assign({
      selectedId: ({ context }) =>
        context.pendingSwitch?.kind === 'bot' ? context.pendingSwitch.id : context.selectedId,
      pendingSwitch: null,
    }),
    showBot: assign(
      (
        _,
        params: {
          bot: Chatbot;
          files: KnowledgeBaseFile[];
          versions: PromptVersion[] | 'failed' | 'notOffered';
        },
      ) => {
        const form = formFromBot(params.bot, params.files);
        return {
          form,
          saved: form,
          extras: extrasFromBot(params.bot),
          history: openedHistory(form.prompt, params.versions),
          invalidField: null,
          loadError: null,
        };
      },
    ),
    startBlank: assign({
      selectedId: null,
      requestedId: null,
      form: defaultForm(),
      saved: defaultForm(),
      extras: defaultExtras(),
      invalidField: null,
      pendingSwitch: null,
      pendingTemplate: null,
      history: emptyHistory(),
    }),
    setLoadError: assign({ loadError: (_, params: { error: unknown }) => describeError(params.error) }),
    setText: assign({
      form: ({ context, event }) =>
        event.type === 'field.changed' ? { ...context.form, [event.field]: event.value } : context.form,
      invalidField: ({ context, event }) =>
        event.type === 'field.changed' && event.field === context.invalidField ? null : context.invalidField,
    }),
    setTemperature: assign({
      form: ({ context, event }) =>
        event.type === 'temperature.changed'
          ? { ...context.form, temperature: toTemperature(event.value) }
          : context.form,
    }),
    setSetting: assign({
      form: ({ context, event }) =>
        event.type === 'setting.changed' ? withSetting(context.form, event) : context.form,
    }),
    restoreVersion: assign(({ context, event }) => {
      const entry =
        event.type === 'history.restored' ? entriesOf(context).find((e) => e.key === event.key) : undefined;
      if (!entry) return {};
      return {
        history: withReplaced(context.history, context.form.prompt, 'restore'),
        form: { ...context.form, prompt: entry.prompt },
        invalidField: context.invalidField === 'prompt' ? null : context.invalidField,
      };
    }),
    applyTemplate: assign({
      form: ({ context, event }) =>
        event.type === 'template.chosen' ? { ...context.form, prompt: event.prompt } : context.form,
      invalidField: ({ context }) => (context.invalidField === 'prompt' ? null : context.invalidField),
    }),
    holdTemplate: assign({
      pendingTemplate: ({ event }) => (event.type === 'template.chosen' ? event.prompt : null),
    }),
    applyPendingTemplate: assign({
      form: ({ context }) => ({ ...context.form, prompt: context.pendingTemplate ?? context.form.prompt }),
      // As applyTemplate: a prompt refused as blank is no longer blank once the template is in.
      invalidField: ({ context }) => (context.invalidField === 'prompt' ? null : context.invalidField),
      pendingTemplate: null,
    }),
    dropPendingTemplate: assign({ pendingTemplate: null }),
    startOptimizing: sendTo('optimizer', ({ context }) => ({
      type: 'optimise.started' as const,
      prompt: context.form.prompt,
    })),
    applyOptimised: assign(({ context, event }) =>
      event.type === 'prompt.optimised'
        ? {
            // Undoable: the text it replaces stays in the history.
            history: withReplaced(context.history, context.form.prompt, 'optimisation'),
            form: { ...context.form, prompt: event.prompt },
            invalidField: context.invalidField === 'prompt' ? null : context.invalidField,
          }
        : {},
    ),
    holdSwitchToBot: assign({
      pendingSwitch: ({ event }) =>
        event.type === 'bot.selected' ? { kind: 'bot' as const, id: event.id } : null,
    }),
    holdSwitchToNew: assign({ pendingSwitch: { kind: 'new' as const } }),
    dropPendingSwitch: assign({ pendingSwitch: null }),
    addKnowledge: assign({
      form: ({ context, event }) => {
        if (event.type !== 'knowledge.uploaded') return context.form;
        const file = fromUpload(event.file);
        const others = context.form.knowledge.filter((f) => f.knowledgeFileId !== file.knowledgeFileId);
        return { ...context.form, knowledge: [...others, file] };
      },
    }),
    removeKnowledge: assign({
      form: ({ context, event }) =>
        event.type === 'knowledge.removed'
          ? {
              ...context.form,
              knowledge: context.form.knowledge.filter((f) => f.knowledgeFileId !== event.id),
            }
          : context.form,
    }),
    restoreSaved: assign({ form: ({ context }) => context.saved, invalidField: null }),
    fillPlaceholder: assign({
      form: ({ context, event }) =>
        event.type === 'placeholder.filled'
          ? { ...context.form, prompt: fillCompanyName(context.form.prompt, event.company) }
          : context.form,
    }),
    /** Uploads still running belong to the edits being thrown away. */
    clearUploads: sendTo('uploads', { type: 'uploads.cleared' }),
    markInvalid: assign({ invalidField: (_, params: { field: BotField }) => params.field }),
    emitRefused: emit((_, params: { field: BotField }) => ({
      type: 'save.refused' as const,
      field: params.field,
    })),
    toastRefused: raiseToast((_, params: { message: MessageDescriptor }) => ({
      variant: 'error',
      title: m.saveFailed,
      description: params.message,
    })),
    beginSave: assign({ submitted: ({ context }) => context.form, invalidField: null }),
    acceptSaved: assign(({ context }, params: { bot: Chatbot }) => {
      const saved = formFromBot(params.bot);
      const others = context.bots.filter((bot) => bot.id !== params.bot.id);
      return {
        selectedId: params.bot.id,
        bots: [...others, params.bot],
        saved,
        // Edits made while the save was on its way stay; otherwise show what the server stored.
        form: context.submitted && context.form === context.submitted ? saved : context.form,
        extras: extrasFromBot(params.bot),
        submitted: null,
        history: withSaved(context.history, saved.prompt, params.bot.updatedAt ?? null),
      };
    }),
    endSave: assign({ submitted: null }),
    toastSaved: raiseToast({ variant: 'success', title: m.saved }),
    forgetBots: assign({ bots: [], selectedId: null, requestedId: null }),
    toastDeleted: raiseToast({ variant: 'success', title: m.deleted }),
    toastSaveFailed: raiseFailure(m.settingsFailed),
  },
}).createMachine({
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
              // The external database belongs to a saved bot: there is none to connect in new mode.
              invoke: {
                id: 'database',
                src: 'database',
                input: ({ context }) => ({ botId: context.selectedId ?? '' }),
              },
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
        confirm: {
          initial: 'none',
          states: {
            none: {
              on: {
                'template.chosen': [
                  { guard: 'promptBlank', actions: 'applyTemplate' },
                  { target: 'template', actions: 'holdTemplate' },
                ],
                'bot.selected': [
                  {
                    guard: and(['canOpenBot', 'hasUnsavedChanges']),
                    target: 'switching',
                    actions: 'holdSwitchToBot',
                  },
                  {
                    guard: 'canOpenBot',
                    target: '#botEditor.loadingBot',
                    actions: ['selectBot', { type: 'showUrl', params: { replace: false } }],
                  },
                ],
                'bot.newRequested': [
                  {
                    guard: and(['canStartNew', 'hasUnsavedChanges']),
                    target: 'switching',
                    actions: 'holdSwitchToNew',
                  },
                  { guard: 'canStartNew', target: '#botEditor.startingNew' },
                ],
                'changes.discarded': {
                  guard: and([not('isSaving'), 'hasUnsavedChanges']),
                  actions: ['restoreSaved', 'clearUploads'],
                },
                'bot.deleteRequested': {
                  guard: and([not('isSaving'), not('isNewMode')]),
                  target: 'deleting',
                },
              },
            },
            /** Deleting the open bot: the question names its numbers; once deleted, the list is read again. */
            deleting: {
              tags: ['confirmingDelete'],
              invoke: {
                id: 'botDelete',
                src: 'botDelete',
                input: ({ context }) => ({
                  botId: context.selectedId ?? '',
                  botName: context.saved.name,
                }),
                onDone: [
                  {
                    guard: 'wasDeleted',
                    target: '#botEditor.loading',
                    // The deleted bot's address is gone: the screen's own, in its place.
                    actions: ['forgetBots', { type: 'showUrl', params: { replace: true } }, 'toastDeleted'],
                  },
                  { target: 'none' },
                ],
              },
            },
            /** Replacing a prompt that has text asks first. */
            template: {
              tags: ['confirmingTemplate'],
              on: {
                'template.confirmed': { target: 'none', actions: 'applyPendingTemplate' },
                'template.cancelled': { target: 'none', actions: 'dropPendingTemplate' },
              },
            },
            /** Going to another bot (or New) with unsaved changes asks first. */
            switching: {
              tags: ['confirmingSwitch'],
              on: {
                'switch.confirmed': [
                  { guard: 'pendingIsNew', target: '#botEditor.startingNew' },
                  {
                    target: '#botEditor.loadingBot',
                    actions: ['selectPending', { type: 'showUrl', params: { replace: false } }],
                  },
                ],
                // Back or Forward may have named the other bot already: the address names this one again.
                'switch.cancelled': {
                  target: 'none',
                  actions: ['dropPendingSwitch', { type: 'showUrl', params: { replace: false } }],
                },
              },
            },
          },
        },
      },
    },
  },
});
