import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type AnyMachineSnapshot, and, assign, emit, not, or, sendTo, setup, stateIn } from 'xstate';
import {
  createChatbot,
  getChatbot,
  getKnowledgeBase,
  listChatbots,
  listUserChatbots,
  updateChatbot,
} from '../../api/chatbots';
import type { Chatbot, ChatbotBody, KnowledgeBaseFile } from '../../api/schemas/chatbots';
import { MAX_CHATBOTS } from '../constants';
import { describeError, raiseFailure } from '../errors';
import {
  type KnowledgeUploadedEvent,
  knowledgeUploadMachine,
} from '../knowledgeUpload/knowledgeUpload.machine';
import { fromRequest } from '../request';
import { raiseToast } from '../system';
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
  sameForm,
  sameName,
  toBody,
  toTemperature,
} from './botForm';

export interface BotEditorContext {
  userId: string | null;
  bots: Chatbot[];
  /** The bot being edited; null in new mode. */
  selectedId: string | null;
  form: BotForm;
  /** The last saved version (or the defaults in new mode): what Reset restores and dirty compares to. */
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
}

/** What the editor tells its view: a save was refused, and which field to show (open its tab, focus it). */
export type BotEditorEmitted = { type: 'save.refused'; field: BotField };

export type BotEditorEvent =
  | { type: 'user.changed'; userId: string | null }
  | { type: 'load.retried' }
  | { type: 'bot.selected'; id: string }
  | { type: 'bot.newRequested' }
  | { type: 'field.changed'; field: BotTextField; value: string }
  | { type: 'temperature.changed'; value: number }
  | { type: 'template.chosen'; prompt: string }
  | { type: 'template.confirmed' }
  | { type: 'template.cancelled' }
  | { type: 'switch.confirmed' }
  | { type: 'switch.cancelled' }
  | { type: 'knowledge.removed'; id: string }
  | KnowledgeUploadedEvent
  | { type: 'form.reset' }
  | { type: 'save.requested' };

export const botEditorMessages = {
  saveFailed: msg`Save failed`,
  nameEmpty: msg`Bot name cannot be empty`,
  modelEmpty: msg`LLM model cannot be empty`,
  promptEmpty: msg`Prompt cannot be empty`,
  nameTaken: msg`Bot name already exists, please use a different name`,
  maxTokensInvalid: msg`Max tokens must be a whole number greater than 0`,
  settingsFailed: msg`Failed to save settings`,
  saved: msg`Settings saved`,
  loadFailed: msg`Load failed`,
};
const m = botEditorMessages;

export const isDirty = (context: BotEditorContext) => !sameForm(context.form, context.saved);

/** New is offered only while fewer than MAX_CHATBOTS exist (spec sections 2 and 6). */
export const offersNewBot = (context: BotEditorContext) => context.bots.length < MAX_CHATBOTS;

/** For the view and the navigation guard: is there anything a departure would lose? */
export const hasUnsavedChanges = (snapshot: AnyMachineSnapshot) =>
  snapshot.matches('ready') && isDirty(snapshot.context as BotEditorContext);

/** A refused save: the error toast of spec section 5, and the field to point at. */
type SaveRule = 'nameBlank' | 'modelBlank' | 'promptBlank' | 'nameTaken' | 'maxTokensInvalid';

const refuse = (guard: SaveRule, field: BotField, message: MessageDescriptor) => ({
  guard: and(['hasUser', guard]),
  actions: [
    { type: 'markInvalid' as const, params: { field } },
    { type: 'toastRefused' as const, params: { message } },
    { type: 'emitRefused' as const, params: { field } },
  ],
});

/**
 * Spec section 5, in its order. Without a signed-in user id no branch is enabled: a save does nothing (and
 * the view, asking snapshot.can, disables the button).
 */
const saveChecks = [
  refuse('nameBlank', 'name', m.nameEmpty),
  refuse('modelBlank', 'model', m.modelEmpty),
  refuse('promptBlank', 'prompt', m.promptEmpty),
  refuse('nameTaken', 'name', m.nameTaken),
  // Not in the spec's list: the server refuses anything else, so say so in words first.
  refuse('maxTokensInvalid', 'maxTokens', m.maxTokensInvalid),
  { guard: 'hasUser', target: 'saving', actions: 'beginSave' },
] as const;

/**
 * New and editing save alike: Save is checked (saveChecks), the form as it was then is sent by the mode's own
 * request, and the saved bot is taken in and said, or the failure said and the form kept.
 */
const checkThenSave = <const Src extends 'createBot' | 'updateBot', Input>(
  src: Src,
  input: (args: { context: BotEditorContext; body: ChatbotBody }) => Input,
  savedTarget: string,
) => ({
  idle: { on: { 'save.requested': [...saveChecks] } },
  saving: {
    tags: ['saving'],
    invoke: {
      id: src,
      src,
      input: ({ context }: { context: BotEditorContext }) =>
        input({ context, body: toBody(context.submitted ?? context.form, context.extras) }),
      onDone: {
        target: savedTarget,
        actions: [
          {
            type: 'acceptSaved' as const,
            params: ({ event }: { event: { output: Chatbot } }) => ({ bot: event.output }),
          },
          'toastSaved' as const,
        ],
      },
      onError: {
        target: 'idle',
        actions: ['endSave' as const, 'toastSaveFailed' as const],
      },
    },
  },
});

export const botEditorMachine = setup({
  types: {
    context: {} as BotEditorContext,
    events: {} as BotEditorEvent,
    input: {} as { userId: string | null },
    emitted: {} as BotEditorEmitted,
  },
  actors: {
    listBots: fromRequest<Chatbot[], { userId: string | null }>(({ input, signal }) =>
      input.userId ? listUserChatbots(input.userId, signal) : listChatbots(signal),
    ),
    loadBot: fromRequest<{ bot: Chatbot; files: KnowledgeBaseFile[] }, { id: string }>(
      async ({ input, signal }) => {
        const [bot, files] = await Promise.all([
          getChatbot(input.id, signal),
          getKnowledgeBase(input.id, signal),
        ]);
        return { bot, files };
      },
    ),
    createBot: fromRequest<Chatbot, { userId: string; body: ChatbotBody }>(({ input, signal }) =>
      createChatbot(input.userId, input.body, signal),
    ),
    updateBot: fromRequest<Chatbot, { id: string; body: ChatbotBody }>(({ input, signal }) =>
      updateChatbot(input.id, input.body, signal),
    ),
    uploads: knowledgeUploadMachine,
  },
  guards: {
    hasBots: ({ event }) => ((event as { output?: Chatbot[] }).output ?? []).length > 0,
    hasUser: ({ context }) => !!context.userId,
    nameBlank: ({ context }) => context.form.name.trim() === '',
    modelBlank: ({ context }) => context.form.model.trim() === '',
    promptBlank: ({ context }) => context.form.prompt.trim() === '',
    nameTaken: ({ context }) =>
      context.bots.some((bot) => bot.id !== context.selectedId && sameName(bot.name, context.form.name)),
    maxTokensInvalid: ({ context }) => parseMaxTokens(context.form.maxTokens) === null,
    hasUnsavedChanges: ({ context }) => isDirty(context),
    canAddBot: ({ context }) => offersNewBot(context),
    isNewMode: ({ context }) => context.selectedId === null,
    isCurrentBot: ({ context, event }) => event.type === 'bot.selected' && event.id === context.selectedId,
    isKnownBot: ({ context, event }) =>
      event.type === 'bot.selected' && context.bots.some((bot) => bot.id === event.id),
    pendingIsNew: ({ context }) => context.pendingSwitch?.kind === 'new',
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
    selectFirst: assign({ selectedId: (_, params: { bots: Chatbot[] }) => params.bots[0]?.id ?? null }),
    selectBot: assign({
      selectedId: ({ context, event }) => (event.type === 'bot.selected' ? event.id : context.selectedId),
      pendingSwitch: null,
    }),
    selectPending: assign({
      selectedId: ({ context }) =>
        context.pendingSwitch?.kind === 'bot' ? context.pendingSwitch.id : context.selectedId,
      pendingSwitch: null,
    }),
    showBot: assign((_, params: { bot: Chatbot; files: KnowledgeBaseFile[] }) => {
      const form = formFromBot(params.bot, params.files);
      return { form, saved: form, extras: extrasFromBot(params.bot), invalidField: null, loadError: null };
    }),
    startBlank: assign({
      selectedId: null,
      form: defaultForm(),
      saved: defaultForm(),
      extras: defaultExtras(),
      invalidField: null,
      pendingSwitch: null,
      pendingTemplate: null,
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
      };
    }),
    endSave: assign({ submitted: null }),
    toastSaved: raiseToast({ variant: 'success', title: m.saved }),
    toastSaveFailed: raiseFailure(m.settingsFailed),
  },
}).createMachine({
  id: 'botEditor',
  context: ({ input }) => ({
    userId: input.userId,
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
  }),
  initial: 'loading',
  on: {
    'user.changed': { actions: 'setUser' },
  },
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadBots',
        src: 'listBots',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: [
          {
            guard: 'hasBots',
            target: 'loadingBot',
            actions: [
              { type: 'setBots', params: ({ event }) => ({ bots: event.output }) },
              { type: 'selectFirst', params: ({ event }) => ({ bots: event.output }) },
            ],
          },
          {
            target: 'startingNew',
            actions: { type: 'setBots', params: ({ event }) => ({ bots: event.output }) },
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
    loadingBot: {
      tags: ['loading', 'botLoading'],
      invoke: {
        id: 'loadBot',
        src: 'loadBot',
        input: ({ context }) => ({ id: context.selectedId ?? '' }),
        onDone: {
          target: '#botEditor.ready.mode.editing',
          actions: { type: 'showBot', params: ({ event }) => event.output },
        },
        onError: {
          target: 'botFailed',
          actions: { type: 'setLoadError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    botFailed: {
      tags: ['error', 'botError'],
      on: {
        'load.retried': 'loadingBot',
        'bot.selected': { guard: 'isKnownBot', target: 'loadingBot', actions: 'selectBot' },
        'bot.newRequested': { guard: 'canAddBot', target: 'startingNew' },
      },
    },
    /** A blank form for a new bot (entering ready afresh also drops the previous bot's uploads). */
    startingNew: {
      entry: 'startBlank',
      always: '#botEditor.ready.mode.new',
    },
    ready: {
      type: 'parallel',
      invoke: { id: 'uploads', src: 'uploads' },
      // Leaving the form (a switch confirmed mid-save) cancels the save: nothing is submitted any more.
      exit: 'endSave',
      on: {
        'field.changed': { actions: 'setText' },
        'temperature.changed': { actions: 'setTemperature' },
        'knowledge.uploaded': { actions: 'addKnowledge' },
        'knowledge.removed': { actions: 'removeKnowledge' },
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
                  { guard: 'canOpenBot', target: '#botEditor.loadingBot', actions: 'selectBot' },
                ],
                'bot.newRequested': [
                  {
                    guard: and(['canStartNew', 'hasUnsavedChanges']),
                    target: 'switching',
                    actions: 'holdSwitchToNew',
                  },
                  { guard: 'canStartNew', target: '#botEditor.startingNew' },
                ],
                'form.reset': {
                  guard: and([not('isSaving'), 'hasUnsavedChanges']),
                  actions: ['restoreSaved', 'clearUploads'],
                },
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
                  { target: '#botEditor.loadingBot', actions: 'selectPending' },
                ],
                'switch.cancelled': { target: 'none', actions: 'dropPendingSwitch' },
              },
            },
          },
        },
      },
    },
  },
});
