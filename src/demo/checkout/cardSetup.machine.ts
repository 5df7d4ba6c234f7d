import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, emit, fromPromise, setup } from 'xstate';
import {
  type CardSetupSummary,
  cancelCardSetup,
  completeCardSetup,
  getCardSetup,
} from '../../../mocks/handlers/paymentMethods';
import type { TokenisedCard } from '../../api/schemas/paymentMethods';
import { asSecret, type Secret } from '../../machines/botSettings/database/secret';
import { PATHS } from '../../machines/paths';
import { askApp } from '../../machines/system';
import {
  type CardErrors,
  type CardField,
  type CardForm,
  EMPTY_CARD_FORM,
  firstRefused,
  tokenise,
  validateCard,
} from './cardForm';

/*
 * The demo provider's card form (the demo checkout in card-setup mode). Like the checkout, it lives beside its
 * page and calls the in-page mock provider, so only demo builds have it.
 */

export const cardSetupMessages = {
  saveFailed: msg`The card could not be saved.`,
};

export type CardSetupEvent =
  /** Number and CVC arrive as Secrets from the page (text from a hand-written event is wrapped). */
  | { type: 'field.changed'; field: CardField; value: string | Secret }
  | { type: 'card.submitted' }
  | { type: 'setup.cancelled' };

export type CardSetupEmitted = { type: 'form.refused'; field: CardField };

export interface CardSetupContext {
  sessionId: string | null;
  setup: CardSetupSummary | null;
  form: CardForm;
  /** Fields the last Save was refused for, until they change. */
  errors: CardErrors;
  failure: MessageDescriptor | string | null;
}

const SECRET_FIELDS: readonly CardField[] = ['number', 'cvc'];

const summaryOf = (event: unknown) => (event as { output?: CardSetupSummary | null }).output ?? null;

/** What the form is checked against: today, read when Save is pressed (tests hold the clock). */
const today = () => new Date();

export const cardSetupMachine = setup({
  types: {
    context: {} as CardSetupContext,
    events: {} as CardSetupEvent,
    emitted: {} as CardSetupEmitted,
    input: {} as { sessionId: string | null },
  },
  actors: {
    lookup: fromPromise<CardSetupSummary | null, { sessionId: string }>(async ({ input }) =>
      getCardSetup(input.sessionId),
    ),
    save: fromPromise<CardSetupSummary | null, { sessionId: string; card: TokenisedCard }>(({ input }) =>
      completeCardSetup(input.sessionId, input.card),
    ),
    cancel: fromPromise<CardSetupSummary | null, { sessionId: string }>(({ input }) =>
      cancelCardSetup(input.sessionId),
    ),
  },
  guards: {
    hasSessionId: ({ context }) => context.sessionId !== null,
    isPending: ({ event }) => summaryOf(event)?.status === 'pending',
    isCompleted: ({ event }) => summaryOf(event)?.status === 'completed',
    formRefused: ({ context }) => firstRefused(validateCard(context.form, today())) !== undefined,
  },
  actions: {
    keepSummary: assign({ setup: ({ event, context }) => summaryOf(event) ?? context.setup }),
    setField: assign(({ context, event }) => {
      if (event.type !== 'field.changed') return {};
      const value = SECRET_FIELDS.includes(event.field) ? asSecret(event.value) : String(event.value);
      const { [event.field]: _fixed, ...errors } = context.errors;
      return { form: { ...context.form, [event.field]: value }, errors, failure: null };
    }),
    refuse: assign(({ context }) => ({ errors: validateCard(context.form, today()), failure: null })),
    tellRefused: emit(({ context }) => ({
      type: 'form.refused' as const,
      field: firstRefused(validateCard(context.form, today())) ?? 'number',
    })),
    /** Back to billing, as the provider's return URL would: the new card is listed there. */
    returnToBilling: askApp({ type: 'app.navigate', to: PATHS.usageBilling, replace: true }),
  },
}).createMachine({
  id: 'cardSetup',
  context: ({ input }) => ({
    sessionId: input.sessionId?.trim() || null,
    setup: null,
    form: EMPTY_CARD_FORM,
    errors: {},
    failure: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      always: [{ guard: 'hasSessionId', target: 'loading' }, { target: 'unknown' }],
    },
    loading: {
      invoke: {
        id: 'lookup',
        src: 'lookup',
        input: ({ context }) => ({ sessionId: context.sessionId ?? '' }),
        onDone: [
          { guard: 'isPending', target: 'editing', actions: 'keepSummary' },
          { guard: 'isCompleted', target: 'alreadyCompleted', actions: 'keepSummary' },
          { target: 'unknown' },
        ],
        onError: 'unknown',
      },
    },
    editing: {
      tags: ['editing'],
      on: {
        'field.changed': { actions: 'setField' },
        'card.submitted': [
          { guard: 'formRefused', actions: ['refuse', 'tellRefused'] },
          { target: 'saving', actions: assign({ errors: {}, failure: null }) },
        ],
        'setup.cancelled': 'cancelling',
      },
    },
    saving: {
      tags: ['busy', 'saving'],
      invoke: {
        id: 'save',
        src: 'save',
        // Only the tokenised card leaves the form.
        input: ({ context }) => ({ sessionId: context.sessionId ?? '', card: tokenise(context.form) }),
        onDone: [
          { guard: 'isCompleted', target: 'saved', actions: 'keepSummary' },
          // Completed or cancelled elsewhere meanwhile.
          { target: 'loading' },
        ],
        onError: {
          target: 'editing',
          actions: assign({
            failure: ({ event }) =>
              event.error instanceof Error && event.error.message
                ? event.error.message
                : cardSetupMessages.saveFailed,
          }),
        },
      },
    },
    cancelling: {
      tags: ['busy', 'cancelling'],
      invoke: {
        id: 'cancel',
        src: 'cancel',
        input: ({ context }) => ({ sessionId: context.sessionId ?? '' }),
        onDone: 'cancelled',
        onError: 'cancelled',
      },
    },
    saved: { tags: ['busy'], entry: 'returnToBilling' },
    cancelled: { tags: ['busy'], entry: 'returnToBilling' },
    alreadyCompleted: {},
    unknown: {},
  },
});
