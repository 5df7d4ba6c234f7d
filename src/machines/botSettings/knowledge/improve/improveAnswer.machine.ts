import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, setup } from 'xstate';
import { listUserChatbots } from '../../../../api/chatbots';
import { createQaEntry } from '../../../../api/knowledgeQa';
import type { Chatbot } from '../../../../api/schemas/chatbots';
import type { QaEntry } from '../../../../api/schemas/knowledgeQa';
import { describeError, notOffered } from '../../../errors';
import { fromRequest } from '../../../request';
import { qaDraftProblem } from '../qa/qaKnowledge.machine';

export interface ImproveAnswerInput {
  /** Whose bot answered; null when the server does not say which bot a conversation belongs to. */
  chatbotId: string | null;
  userId: string | null;
  /** The customer's message the bot answered (the entry's question, editable). */
  question: string;
  /** What the bot said. */
  botAnswer: string;
}

export interface ImproveAnswerContext extends ImproveAnswerInput {
  /** The bot the entry goes to: the conversation's, or the one the user picks. */
  botId: string | null;
  bots: Pick<Chatbot, 'id' | 'name'>[];
  answer: string;
  error: MessageDescriptor | string | null;
  saved: QaEntry | null;
}

export type ImproveAnswerEvent =
  | { type: 'draft.changed'; patch: Partial<Pick<ImproveAnswerContext, 'question' | 'answer' | 'botId'>> }
  | { type: 'save' }
  | { type: 'retry' };

export const improveMessages = {
  botNeeded: msg`Choose the chatbot that should learn this answer.`,
};

const draftOf = (c: ImproveAnswerContext) => ({ id: null, question: c.question, answer: c.answer });

/**
 * "Improve this answer" on a bot's reply in chat history (issue 33): the user writes the right answer, which
 * becomes a question-and-answer entry of the bot's knowledge, the customer's message its question. When the
 * server does not say which bot answered, the user picks one of theirs. A refusal keeps what was written; a
 * server without the Q&A calls leaves it `notOffered`.
 */
export const improveAnswerMachine = setup({
  types: {
    context: {} as ImproveAnswerContext,
    events: {} as ImproveAnswerEvent,
    input: {} as ImproveAnswerInput,
  },
  actors: {
    listBots: fromRequest<Chatbot[], { userId: string }>(({ input, signal }) =>
      listUserChatbots(input.userId, signal),
    ),
    save: fromRequest<QaEntry, { botId: string; question: string; answer: string }>(({ input, signal }) =>
      createQaEntry(input.botId, { question: input.question.trim(), answer: input.answer.trim() }, signal),
    ),
  },
  guards: {
    notOffered,
    botKnown: ({ context }) => context.botId !== null,
    canListBots: ({ context }) => context.userId !== null,
    hasProblem: ({ context }) => context.botId === null || qaDraftProblem(draftOf(context)) !== null,
  },
  actions: {
    patch: assign(({ context, event }) =>
      event.type === 'draft.changed' ? { ...event.patch, error: null } : context,
    ),
    setBots: assign(({ context }, params: { bots: Chatbot[] }) => ({
      bots: params.bots.map(({ id, name }) => ({ id, name })),
      // One bot: it is the one.
      botId: context.botId ?? (params.bots.length === 1 ? (params.bots[0]?.id ?? null) : null),
      error: null,
    })),
    sayProblem: assign({
      error: ({ context }) => qaDraftProblem(draftOf(context)) ?? improveMessages.botNeeded,
    }),
    setError: assign({ error: (_, params: { error: unknown }) => describeError(params.error) }),
    keep: assign({ saved: (_, params: { entry: QaEntry }) => params.entry, error: null }),
  },
}).createMachine({
  id: 'improveAnswer',
  context: ({ input }) => ({
    ...input,
    botId: input.chatbotId,
    bots: [],
    answer: '',
    error: null,
    saved: null,
  }),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'botKnown', target: 'editing' },
        { guard: 'canListBots', target: 'loadingBots' },
        'editing',
      ],
    },
    loadingBots: {
      tags: ['loading'],
      invoke: {
        id: 'listBots',
        src: 'listBots',
        input: ({ context }) => ({ userId: context.userId ?? '' }),
        onDone: {
          target: 'editing',
          actions: { type: 'setBots', params: ({ event }) => ({ bots: event.output }) },
        },
        onError: {
          target: 'botsFailed',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    botsFailed: { tags: ['loadFailed'], on: { retry: 'loadingBots' } },
    editing: {
      on: {
        'draft.changed': { actions: 'patch' },
        save: [{ guard: 'hasProblem', actions: 'sayProblem' }, { target: 'saving' }],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({
          botId: context.botId ?? '',
          question: context.question,
          answer: context.answer,
        }),
        onDone: {
          target: 'saved',
          actions: { type: 'keep', params: ({ event }) => ({ entry: event.output }) },
        },
        onError: [
          { guard: 'notOffered', target: 'notOffered' },
          {
            target: 'editing',
            actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    saved: { type: 'final' },
    notOffered: { type: 'final', tags: ['notOffered'] },
  },
});
