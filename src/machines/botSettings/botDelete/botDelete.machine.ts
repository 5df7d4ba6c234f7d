import type { MessageDescriptor } from '@lingui/core';
import { assign, setup } from 'xstate';
import { deleteChatbot } from '../../../api/chatbots';
import { listInstances } from '../../../api/instances';
import type { Instance } from '../../../api/schemas/instances';
import { describeError } from '../../errors';
import { fromRequest } from '../../request';

export interface BotDeleteInput {
  botId: string;
  botName: string;
}

export interface BotDeleteContext extends BotDeleteInput {
  /** The numbers this bot answers; null until known (or when they could not be read). */
  linked: Pick<Instance, 'id' | 'instanceName'>[] | null;
  /** Why the linked numbers are not known. */
  linkError: MessageDescriptor | string | null;
  /** Why the last delete failed. */
  error: MessageDescriptor | string | null;
  deleted: boolean;
}

export type BotDeleteEvent = { type: 'delete.confirmed' } | { type: 'delete.cancelled' };

/** What the bot editor learns when the question is over. */
export interface BotDeleteOutput {
  deleted: boolean;
}

/**
 * Deleting a chatbot (DELETE /chatbots/{id}): first the numbers linked to it are read, so the question can
 * name them (they stay connected but stop answering until another bot is linked); then the delete itself.
 * A failure keeps the question open with its message; not knowing the linked numbers does not forbid it.
 */
export const botDeleteMachine = setup({
  types: {
    context: {} as BotDeleteContext,
    input: {} as BotDeleteInput,
    events: {} as BotDeleteEvent,
    output: {} as BotDeleteOutput,
  },
  actors: {
    listInstances: fromRequest<Instance[], undefined>(({ signal }) => listInstances(signal)),
    deleteBot: fromRequest<unknown, { id: string }>(({ input, signal }) => deleteChatbot(input.id, signal)),
  },
  actions: {
    setLinked: assign({
      linked: ({ context }, params: { instances: Instance[] }) =>
        params.instances
          .filter((i) => i.chatbotId === context.botId)
          .map(({ id, instanceName }) => ({ id, instanceName })),
    }),
    setLinkError: assign({ linkError: (_, params: { error: unknown }) => describeError(params.error) }),
    setError: assign({ error: (_, params: { error: unknown }) => describeError(params.error) }),
    clearError: assign({ error: null }),
    markDeleted: assign({ deleted: true }),
  },
}).createMachine({
  id: 'botDelete',
  context: ({ input }) => ({ ...input, linked: null, linkError: null, error: null, deleted: false }),
  initial: 'checking',
  states: {
    checking: {
      tags: ['checking'],
      invoke: {
        id: 'listInstances',
        src: 'listInstances',
        onDone: {
          target: 'asking',
          actions: { type: 'setLinked', params: ({ event }) => ({ instances: event.output }) },
        },
        onError: {
          target: 'asking',
          actions: { type: 'setLinkError', params: ({ event }) => ({ error: event.error }) },
        },
      },
      on: { 'delete.cancelled': 'cancelled' },
    },
    asking: {
      on: {
        'delete.confirmed': { target: 'deleting', actions: 'clearError' },
        'delete.cancelled': 'cancelled',
      },
    },
    deleting: {
      tags: ['deleting'],
      invoke: {
        id: 'deleteBot',
        src: 'deleteBot',
        input: ({ context }) => ({ id: context.botId }),
        onDone: { target: 'deleted', actions: 'markDeleted' },
        onError: {
          target: 'asking',
          actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    deleted: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ deleted: context.deleted }),
});
