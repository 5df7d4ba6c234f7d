import type { MessageDescriptor } from '@lingui/core';
import { type AnyMachineSnapshot, and, not, or, setup, stateIn } from 'xstate';
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
import { type UrlChanged, type UrlShow, urlIsNew } from '../address';
import { MAX_CHATBOTS } from '../constants';
import { lazyActor } from '../lazyActor';
import { fromRequest } from '../request';
import { type BotSettingsLocation, type BotTab, botSettingsUrl } from './address';
import { botDeleteMachine } from './botDelete/botDelete.machine';
import {
  type BotExtras,
  type BotField,
  type BotForm,
  type BotTextField,
  parseMaxTokens,
  type SettingChangedEvent,
  sameForm,
  sameName,
} from './botForm';
import { hasCompanyPlaceholder } from './companyPlaceholder';
import { databaseMachine } from './database/database.machine';
import {
  type KnowledgeUploadedEvent,
  knowledgeUploadMachine,
} from './knowledgeUpload/knowledgeUpload.machine';
import { historyEntries, type PromptHistory } from './promptHistory';
import { type PromptOptimisedEvent, promptOptimizerMachine } from './promptOptimizer/promptOptimizer.machine';
import { testChatMachine } from './testChat/testChat.machine';

/*
 * The bot editor's types, what it reads of its context, and its setup: the requests and children it starts
 * and the rules its transitions ask (actions in botEditor.actions.ts, the machine in botEditor.machine.ts).
 */

/** The address the editor's state names: the bot asked for until it is found, else the open one. */
export const addressOf = (context: BotEditorContext): BotSettingsLocation => ({
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

export const isDirty = (context: BotEditorContext) => !sameForm(context.form, context.saved);

/** New is offered only while fewer than MAX_CHATBOTS exist (spec sections 2 and 6). */
export const offersNewBot = (context: BotEditorContext) => context.bots.length < MAX_CHATBOTS;

/** For the view and the navigation guard: is there anything a departure would lose? */
export const hasUnsavedChanges = (snapshot: AnyMachineSnapshot) =>
  snapshot.matches('ready') && isDirty(snapshot.context as BotEditorContext);

/** The prompt history's entries as the viewer lists them. */
export const entriesOf = (context: BotEditorContext) =>
  historyEntries(context.history, context.form.prompt, context.selectedId !== null);

export const botEditorSetup = setup({
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
    testChat: testChatMachine,
    botDelete: botDeleteMachine,
    optimizer: promptOptimizerMachine,
    // Beyond the spec, and only on its own tab: loaded when a saved bot is open.
    handoffSettings: lazyActor<{ botId: string }>(
      () => import('./handoff/handoffSettings.machine').then((m) => m.handoffSettingsMachine),
      'the handoff settings',
    ),
    qaKnowledge: lazyActor<{ botId: string }>(
      () => import('./knowledge/qa/qaKnowledge.machine').then((m) => m.qaKnowledgeMachine),
      'the questions and answers',
    ),
    // Loaded with a saved bot (not the tab): the Knowledge tab's badge counts its open groups.
    unansweredQuestions: lazyActor<{ botId: string }>(
      () =>
        import('./knowledge/unanswered/unansweredQuestions.machine').then(
          (m) => m.unansweredQuestionsMachine,
        ),
      'the unanswered questions',
    ),
    retrievalTest: lazyActor<{ botId: string }>(
      () => import('./knowledge/retrieval/retrievalTest.machine').then((m) => m.retrievalTestMachine),
      'the retrieval test',
    ),
    sourcesKnowledge: lazyActor<{ botId: string }>(
      () => import('./knowledge/sources/sourcesKnowledge.machine').then((m) => m.sourcesKnowledgeMachine),
      'the website sources',
    ),
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
});
