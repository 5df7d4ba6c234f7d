import type { MessageDescriptor } from '@lingui/core';
import { assign, emit, enqueueActions, sendTo } from 'xstate';
import type { Chatbot, KnowledgeBaseFile, PromptVersion } from '../../api/schemas/chatbots';
import { showUrl } from '../address';
import { describeError, raiseFailure } from '../errors';
import { raiseToast } from '../system';
import { type BotTab, botSettingsUrl } from './address';
import { addressOf, type BotEditorContext, botEditorSetup, entriesOf } from './botEditor.setup';
import {
  type BotField,
  defaultExtras,
  defaultForm,
  extrasFromBot,
  formFromBot,
  fromUpload,
  toTemperature,
  withSetting,
} from './botForm';
import { botEditorMessages as m } from './botSave';
import { fillCompanyName } from './companyPlaceholder';
import { emptyHistory, openedHistory, withReplaced, withSaved } from './promptHistory';

/** What the bot editor does on its transitions, by name. */
export const botEditorLogic = botEditorSetup.extend({
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
});
