import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { assign, setup } from 'xstate';
import { testRetrieval } from '../../../../api/retrieval';
import {
  RETRIEVAL_QUERY_MAX_LENGTH,
  type RetrievalResult,
  type RetrievedPassage,
} from '../../../../api/schemas/retrieval';
import { describeError, notOffered } from '../../../errors';
import { fromRequest } from '../../../request';

export interface RetrievalTestContext {
  botId: string;
  /** The question as typed (kept through a failure). */
  query: string;
  /** The passages found for `ranFor`, best first; null before the first run. */
  passages: RetrievedPassage[] | null;
  /** The question the passages are for (the field may have changed since). */
  ranFor: string | null;
  error: MessageDescriptor | string | null;
}

/** What a run found, and for which question. */
export type Found = RetrievalResult & { query: string };

export type RetrievalTestEvent =
  | { type: 'query.changed'; text: string }
  | { type: 'run' }
  | { type: 'retry' };

export const retrievalMessages = {
  queryNeeded: msg`Write a question to test.`,
  queryTooLong: msg`A question can have at most ${RETRIEVAL_QUERY_MAX_LENGTH} characters.`,
};

/** What keeps a question from being run; null: it can be. */
export function queryProblem(query: string): MessageDescriptor | null {
  const text = query.trim();
  if (!text) return retrievalMessages.queryNeeded;
  if (text.length > RETRIEVAL_QUERY_MAX_LENGTH) return retrievalMessages.queryTooLong;
  return null;
}

/**
 * The retrieval test (beyond the spec), in the editor's Knowledge tab while a saved bot is open: the user types
 * a question and sees the passages of the bot's knowledge that best match it. A question that cannot be run
 * is refused with what to fix, before any call; a failure keeps the question and offers a retry. A server
 * without the call leaves it `notOffered`; the tab works as the spec has it.
 */
export const retrievalTestMachine = setup({
  types: {
    context: {} as RetrievalTestContext,
    events: {} as RetrievalTestEvent,
    input: {} as { botId: string },
  },
  actors: {
    /** Answers the passages with the question they are for (the field may change while it runs). */
    search: fromRequest<Found, { botId: string; query: string }>(async ({ input, signal }) => ({
      ...(await testRetrieval(input.botId, { query: input.query }, signal)),
      query: input.query,
    })),
  },
  guards: {
    notOffered,
    queryHasProblem: ({ context }) => queryProblem(context.query) !== null,
  },
  actions: {
    setQuery: assign({ query: ({ event }) => (event.type === 'query.changed' ? event.text : '') }),
    clearError: assign({ error: null }),
    sayProblem: assign({ error: ({ context }) => queryProblem(context.query) }),
    setPassages: assign((_, params: { found: Found }) => ({
      passages: params.found.passages,
      ranFor: params.found.query,
      error: null,
    })),
    setError: assign({ error: (_, params: { error: unknown }) => describeError(params.error) }),
  },
}).createMachine({
  id: 'retrievalTest',
  context: ({ input }) => ({ botId: input.botId, query: '', passages: null, ranFor: null, error: null }),
  initial: 'ready',
  states: {
    ready: {
      initial: 'idle',
      on: {
        'query.changed': { actions: 'setQuery' },
        run: [{ guard: 'queryHasProblem', target: '.idle', actions: 'sayProblem' }, { target: 'running' }],
      },
      states: {
        idle: {},
        failed: { tags: ['failed'], on: { retry: '#retrievalTest.running' } },
      },
    },
    running: {
      tags: ['busy'],
      entry: 'clearError',
      on: { 'query.changed': { actions: 'setQuery' } },
      invoke: {
        id: 'search',
        src: 'search',
        input: ({ context }) => ({ botId: context.botId, query: context.query.trim() }),
        onDone: {
          target: 'ready.idle',
          actions: { type: 'setPassages', params: ({ event }) => ({ found: event.output }) },
        },
        onError: [
          { guard: 'notOffered', target: 'notOffered' },
          {
            target: 'ready.failed',
            actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    notOffered: { tags: ['notOffered'] },
  },
});
