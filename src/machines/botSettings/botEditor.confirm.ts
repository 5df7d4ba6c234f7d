import { and, not } from 'xstate';
import { botEditorLogic } from './botEditor.actions';

/**
 * The editor's questions, beside the form: delete the open bot, replace a prompt with a template, leave
 * unsaved changes for another bot (or New).
 */
export const confirmStates = botEditorLogic.createStateConfig({
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
});
