import type { MessageDescriptor } from '@lingui/core';
import { assign, setup } from 'xstate';
import { getHandoffFigures } from '../../api/dashboardHandoffs';
import type { HandoffFigures } from '../../api/schemas/dashboardHandoffs';
import { describeError, notOffered } from '../errors';
import { fromRequest } from '../request';

export interface HandoffsContext {
  /** The last answer, kept while a reload or a retry loads, so the card does not jump. */
  data: HandoffFigures | null;
  /** Why the call failed; null once an answer arrives. */
  error: MessageDescriptor | string | null;
}

export type HandoffsEvent =
  /** After a failure: ask again. */
  | { type: 'handoffs.retry' }
  /** Ask again (the dashboard's refresh), keeping what is shown until the answer. */
  | { type: 'handoffs.reload' };

/**
 * The dashboard's "handed to a person" figure (an extension beyond the spec): today's and yesterday's hand-offs
 * and today's median time to a person's first reply, from one call. A failure shows on the card with a retry.
 * A server without the call (404, 405, 501) leaves it `notOffered` for good: asking again, even on a refresh,
 * would get the same answer.
 */
export const handoffsMachine = setup({
  types: { context: {} as HandoffsContext, events: {} as HandoffsEvent },
  actors: {
    load: fromRequest<HandoffFigures, undefined>(({ signal }) => getHandoffFigures(signal)),
  },
  guards: { notOffered },
  actions: {
    keepAnswer: assign({
      data: ({ event }) => (event as unknown as { output: HandoffFigures }).output,
      error: null,
    }),
    keepError: assign({ error: ({ event }) => describeError((event as { error?: unknown }).error) }),
  },
}).createMachine({
  id: 'handoffs',
  context: { data: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: 'keepAnswer' },
        onError: [
          { guard: 'notOffered', target: 'notOffered', actions: assign({ error: null }) },
          { target: 'failed', actions: 'keepError' },
        ],
      },
      // A refresh while a call is out asks again from now.
      on: { 'handoffs.reload': { target: 'loading', reenter: true } },
    },
    ready: {
      on: { 'handoffs.reload': 'loading' },
    },
    failed: {
      tags: ['failed'],
      on: { 'handoffs.retry': 'loading', 'handoffs.reload': 'loading' },
    },
    notOffered: {
      tags: ['notOffered'],
    },
  },
});
