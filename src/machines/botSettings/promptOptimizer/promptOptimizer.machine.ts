import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { and, assign, type EventObject, fromCallback, not, setup, stateIn } from 'xstate';
import { errorMessage, isApiError } from '../../../api/errors';
import { createPromptOptimization, streamPromptOptimization } from '../../../api/promptOptimization';
import type { PromptOptimization } from '../../../api/schemas/promptOptimization';
import { notOffered } from '../../errors';
import { fromRequest } from '../../request';
import { tellParent } from '../../system';

/** What the optimiser tells the bot editor when the user applies the improved prompt. */
export interface PromptOptimisedEvent {
  type: 'prompt.optimised';
  prompt: string;
}

/** The bot editor starts an optimisation of the prompt as it is in the editor. */
export interface OptimiseStartedEvent {
  type: 'optimise.started';
  prompt: string;
}

/**
 * How long a stream may say nothing before it counts as lost (a model writes every few dozen ms; a proxy that
 * holds the connection open without passing anything on must not leave the user with a spinner forever).
 */
export const OPTIMIZE_STREAM_SILENCE_MS = 30_000;

export const promptOptimizerMessages = {
  startFailed: msg`The optimisation could not start.`,
  streamFailed: msg`The optimisation failed before it was complete.`,
  dropped: msg`The connection was lost before the improved prompt was complete.`,
  silent: msg`The AI stopped answering before the improved prompt was complete.`,
  empty: msg`The AI answered with no text.`,
};
const m = promptOptimizerMessages;

/** A failure as the view shows it: what went wrong, and what the server said about it (as text). */
export interface OptimizerFailure {
  message: MessageDescriptor;
  detail: string | null;
}

export interface PromptOptimizerContext {
  /** The prompt as it was when the optimisation started: what it improves (the editor keeps its own copy). */
  original: string;
  /** The optimisation's id, once the server gave one. */
  id: string | null;
  /** The improved prompt so far (all of it once done). */
  text: string;
  error: OptimizerFailure | null;
}

export type PromptOptimizerEvent =
  | OptimiseStartedEvent
  | { type: 'optimise.stopped' }
  | { type: 'optimise.applied' }
  | { type: 'optimise.discarded' }
  /** From the stream: the next piece of text, the end of the answer, a failure. */
  | { type: 'stream.delta'; text: string }
  | { type: 'stream.finished' }
  | { type: 'stream.failed'; error: unknown };

type Stage = 'start' | 'stream';

/** What a failed call says to the user; a lost connection says so rather than a technical message. */
export function describeOptimizeFailure(error: unknown, stage: Stage): OptimizerFailure {
  if (stage === 'stream' && isApiError(error) && error.kind === 'network') {
    return { message: m.dropped, detail: null };
  }
  return { message: stage === 'start' ? m.startFailed : m.streamFailed, detail: errorMessage(error) };
}

const blank = { original: '', id: null, text: '', error: null } satisfies PromptOptimizerContext;

/**
 * AI optimisation of the system prompt, streamed (issue 16, point 3). The editor starts it with its prompt;
 * the improved text grows as it arrives; Stop ends the request and keeps what came, which can only be
 * discarded (a prompt cut off mid-way is not a prompt to put in place of a whole one); once complete it can be
 * applied (the editor then replaces its prompt) or discarded. A failure at any point says what happened and
 * leaves the editor's prompt as it was. A new start while one runs restarts; stopping the actor (leaving the
 * form) aborts the request.
 */
export const promptOptimizerMachine = setup({
  types: {
    context: {} as PromptOptimizerContext,
    events: {} as PromptOptimizerEvent,
  },
  actors: {
    createOptimization: fromRequest<PromptOptimization, { prompt: string }>(({ input, signal }) =>
      createPromptOptimization({ prompt: input.prompt }, signal),
    ),
    /** Reads the stream, telling the machine each piece and how it ended; stopping it aborts the request. */
    streamOptimization: fromCallback<EventObject, { id: string }>(({ input, sendBack }) => {
      const controller = new AbortController();
      streamPromptOptimization(input.id, {
        onText: (text) => sendBack({ type: 'stream.delta', text }),
        signal: controller.signal,
      }).then(
        () => sendBack({ type: 'stream.finished' }),
        (error: unknown) => {
          // Stopped on purpose: the machine has moved on and hears nothing more.
          if (!controller.signal.aborted) sendBack({ type: 'stream.failed', error });
        },
      );
      return () => controller.abort();
    }),
  },
  delays: { streamSilence: OPTIMIZE_STREAM_SILENCE_MS },
  guards: {
    promptGiven: ({ event }) => event.type === 'optimise.started' && event.prompt.trim() !== '',
    /** Asked before, the server said it has no optimisation: asking again would get the same answer. */
    offered: not(stateIn('#promptOptimizer.notOffered')),
    hasText: ({ context }) => context.text.trim() !== '',
    notOffered,
  },
  actions: {
    begin: assign(({ event }) =>
      event.type === 'optimise.started' ? { ...blank, original: event.prompt } : {},
    ),
    setId: assign({ id: (_, params: { id: string }) => params.id }),
    appendText: assign({
      text: ({ context, event }) =>
        event.type === 'stream.delta' ? context.text + event.text : context.text,
    }),
    fail: assign({
      error: (_, params: { error: unknown; stage: Stage }) =>
        describeOptimizeFailure(params.error, params.stage),
    }),
    failWith: assign({
      error: (_, params: { message: MessageDescriptor }) => ({ message: params.message, detail: null }),
    }),
    clear: assign(blank),
    /** Tells the editor the improved prompt; alone (its tests, the QA tools) there is no editor to tell. */
    reportApplied: tellParent(({ context }) => ({ type: 'prompt.optimised', prompt: context.text })),
  },
}).createMachine({
  id: 'promptOptimizer',
  context: blank,
  initial: 'idle',
  on: {
    // From any state, a running one included: the old request ends as its state is left, a new one starts.
    'optimise.started': { guard: and(['promptGiven', 'offered']), target: '.starting', actions: 'begin' },
  },
  states: {
    idle: {},
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'create',
        src: 'createOptimization',
        input: ({ context }) => ({ prompt: context.original }),
        onDone: {
          target: 'streaming',
          actions: { type: 'setId', params: ({ event }) => ({ id: event.output.id }) },
        },
        onError: [
          { guard: 'notOffered', target: 'notOffered', actions: 'clear' },
          {
            target: 'failed',
            actions: {
              type: 'fail',
              params: ({ event }) => ({ error: event.error, stage: 'start' as const }),
            },
          },
        ],
      },
      on: { 'optimise.stopped': 'stopped' },
    },
    streaming: {
      tags: ['busy', 'streaming'],
      invoke: {
        id: 'stream',
        src: 'streamOptimization',
        input: ({ context }) => ({ id: context.id ?? '' }),
        onError: {
          target: 'failed',
          actions: {
            type: 'fail',
            params: ({ event }) => ({ error: event.error, stage: 'stream' as const }),
          },
        },
      },
      initial: 'receiving',
      states: {
        /** Each piece restarts the wait for the next. */
        receiving: {
          after: {
            streamSilence: {
              target: '#promptOptimizer.failed',
              actions: { type: 'failWith', params: { message: m.silent } },
            },
          },
          on: { 'stream.delta': { target: 'receiving', reenter: true, actions: 'appendText' } },
        },
      },
      on: {
        'stream.finished': [
          { guard: 'hasText', target: 'done' },
          { target: 'failed', actions: { type: 'failWith', params: { message: m.empty } } },
        ],
        'stream.failed': {
          target: 'failed',
          actions: {
            type: 'fail',
            params: ({ event }) => ({ error: event.error, stage: 'stream' as const }),
          },
        },
        'optimise.stopped': 'stopped',
      },
    },
    /** The whole improved prompt: to apply or to discard. */
    done: {
      on: {
        'optimise.applied': { target: 'idle', actions: ['reportApplied', 'clear'] },
        'optimise.discarded': { target: 'idle', actions: 'clear' },
      },
    },
    /** Stopped by the user: what came stays visible, incomplete, until discarded or run again. */
    stopped: {
      on: { 'optimise.discarded': { target: 'idle', actions: 'clear' } },
    },
    failed: {
      tags: ['error'],
      on: { 'optimise.discarded': { target: 'idle', actions: 'clear' } },
    },
    /**
     * The server has no optimisation call (it is ours, beyond the spec's): the tab says so once, and asking
     * again is not offered, since the answer would be the same.
     */
    notOffered: { tags: ['notOffered'] },
  },
});
