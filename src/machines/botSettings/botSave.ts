import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { and } from 'xstate';
import type { Chatbot, ChatbotBody } from '../../api/schemas/chatbots';
import type { BotTab } from './address';
import type { BotEditorContext } from './botEditor.setup';
import { type BotField, toBody } from './botForm';

/*
 * The bot editor's save, in either mode: the rules a form must pass (spec section 5), the question about a
 * prompt that still says [Company Name], the request and its answer. The editor's states are built from these;
 * guards and actions are the editor's own, by name.
 */

export const botEditorMessages = {
  saveFailed: msg`Save failed`,
  nameEmpty: msg`Bot name cannot be empty`,
  modelEmpty: msg`LLM model cannot be empty`,
  promptEmpty: msg`Prompt cannot be empty`,
  nameTaken: msg`Bot name already exists, please use a different name`,
  maxTokensInvalid: msg`Max tokens must be a whole number greater than 0`,
  settingsFailed: msg`Failed to save settings`,
  saved: msg`Settings saved`,
  deleted: msg`Chatbot deleted`,
  loadFailed: msg`Load failed`,
};
const m = botEditorMessages;

/** Where each field lives, to take the user there when a save is refused because of it. */
const TAB_OF: Record<BotField, BotTab> = {
  name: 'basic',
  model: 'basic',
  temperature: 'basic',
  maxTokens: 'basic',
  prompt: 'prompt',
};

/** A refused save: the error toast of spec section 5, and the field to point at. */
type SaveRule = 'nameBlank' | 'modelBlank' | 'promptBlank' | 'nameTaken' | 'maxTokensInvalid';

/**
 * An answer to "Your prompt still says [Company Name]" saves only a form that still passes the rules (it may
 * have changed while the question was open): `needs` is what the answer itself must have; a refusal closes it.
 */
interface Answer {
  needs?: 'companyGiven';
}

const refuse = (guard: SaveRule, field: BotField, message: MessageDescriptor, answer?: Answer) => ({
  guard: and(['canSave', guard, ...(answer?.needs ? [answer.needs] : [])]),
  target: answer ? 'idle' : undefined,
  actions: [
    { type: 'markInvalid' as const, params: { field } },
    // The field's tab opens in place of the one shown: the user did not go anywhere.
    { type: 'openTab' as const, params: { tab: TAB_OF[field] } },
    { type: 'showUrl' as const, params: { replace: true } },
    { type: 'toastRefused' as const, params: { message } },
    { type: 'emitRefused' as const, params: { field } },
  ],
});

/**
 * Spec section 5, in its order. Without a signed-in user id no branch is enabled: a save does nothing (and
 * the view, asking snapshot.can, disables the button).
 */
const rules = (answer?: Answer) => [
  refuse('nameBlank', 'name', m.nameEmpty, answer),
  refuse('modelBlank', 'model', m.modelEmpty, answer),
  refuse('promptBlank', 'prompt', m.promptEmpty, answer),
  refuse('nameTaken', 'name', m.nameTaken, answer),
  // Not in the spec's list: the server refuses anything else, so say so in words first.
  refuse('maxTokensInvalid', 'maxTokens', m.maxTokensInvalid, answer),
];
const saveChecks = [
  ...rules(),
  // Valid, but customers would read "[Company Name]": ask first.
  { guard: and(['canSave', 'hasPlaceholder']), target: 'placeholder' },
  { guard: 'canSave', target: 'saving', actions: 'beginSave' },
] as const;

/**
 * New and editing save alike: Save is checked (saveChecks), the form as it was then is sent by the mode's own
 * request, and the saved bot is taken in and said, or the failure said and the form kept.
 */
export const checkThenSave = <const Src extends 'createBot' | 'updateBot', Input>(
  src: Src,
  input: (args: { context: BotEditorContext; body: ChatbotBody }) => Input,
  savedTarget: string,
) => ({
  idle: { on: { 'save.requested': [...saveChecks] } },
  /** The prompt still says [Company Name]: fill in the name and save, save anyway, or back to editing. */
  placeholder: {
    tags: ['confirmingPlaceholder'],
    on: {
      'placeholder.filled': [
        ...rules({ needs: 'companyGiven' }),
        {
          guard: and(['canSave', 'companyGiven']),
          target: 'saving',
          actions: ['fillPlaceholder' as const, 'beginSave' as const],
        },
      ],
      'placeholder.ignored': [
        ...rules({}),
        { guard: 'canSave' as const, target: 'saving', actions: 'beginSave' as const },
      ],
      'placeholder.cancelled': { target: 'idle' },
    },
  },
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
          // A new bot's address is its id from now on, in place of the new form's.
          { type: 'showUrl' as const, params: { replace: true } },
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
