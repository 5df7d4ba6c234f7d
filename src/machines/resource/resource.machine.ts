import type { MessageDescriptor } from '@lingui/core';
import { assign, setup } from 'xstate';
import { describeError } from '../errors';
import { fromRequest } from '../request';
import { tellParent } from '../system';

export interface ResourceContext<TData, TParams> {
  params: TParams;
  /** The last answer; kept while a reload (or other params) loads, so what is shown does not jump. */
  data: TData | null;
  /** The spec's message for the last failure; null once an answer arrives. */
  error: MessageDescriptor | string | null;
}

export type ResourceEvent<TParams> =
  /** Load again, with new params if given; what is shown stays until the answer. */
  | { type: 'resource.reload'; params?: TParams }
  /** After a failure: try the same call again. */
  | { type: 'resource.retry' };

/** What a resource tells the machine running it, under the id it was invoked with. */
export type ResourceReport<TData = unknown> =
  | { type: 'resource.loaded'; id: string; data: TData }
  | { type: 'resource.failed'; id: string; error: unknown };

export type ResourceInput<TParams> = [TParams] extends [undefined] ? undefined : { params: TParams };

export interface ResourceOptions<TData, TParams> {
  /** The machine id (and the flow id the QA tools know it by). */
  id: string;
  load: (params: TParams, signal: AbortSignal) => Promise<TData>;
  /** Whether reloading with these params is worth a call (e.g. only the periods offered, only a change). */
  accepts?: (next: TParams, current: TParams) => boolean;
  /** An answer with nothing to show ends in `empty` instead of `ready`. */
  isEmpty?: (data: TData) => boolean;
}

/**
 * One piece of server data on a screen: it loads, fails with the spec's message, retries, and reloads keeping
 * what is shown. Tags: `loading`, `failed`, `empty`. The machine running it hears of each answer and failure
 * (ResourceReport) and reacts as its screen needs: a toast, a warning, a guard's data.
 */
export function resourceMachine<TData, TParams = undefined>(options: ResourceOptions<TData, TParams>) {
  const { accepts, isEmpty } = options;
  const answered = ['keepAnswer', 'reportLoaded'] as const;
  return setup({
    types: {
      context: {} as ResourceContext<TData, TParams>,
      events: {} as ResourceEvent<TParams>,
      // A resource without params needs no input.
      input: {} as ResourceInput<TParams>,
    },
    actors: {
      // The params travel wrapped: a bare generic input could itself be a function (a mapper) to XState's types.
      load: fromRequest<TData, { params: TParams }>(({ input, signal }) =>
        options.load(input.params, signal),
      ),
    },
    guards: {
      worthReloading: ({ context, event }) =>
        event.type !== 'resource.reload' ||
        event.params === undefined ||
        !accepts ||
        accepts(event.params, context.params),
      isEmpty: ({ event }) => isEmpty?.((event as unknown as { output: TData }).output) ?? false,
    },
    actions: {
      keepAnswer: assign({
        data: ({ event }) => (event as unknown as { output: TData }).output,
        error: null,
      }),
      reportLoaded: tellParent(({ event }) => ({
        type: 'resource.loaded',
        id: options.id,
        data: (event as unknown as { output: TData }).output,
      })),
      keepError: assign({ error: ({ event }) => describeError((event as { error?: unknown }).error) }),
      reportFailed: tellParent(({ event }) => ({
        type: 'resource.failed',
        id: options.id,
        error: (event as { error?: unknown }).error,
      })),
    },
  }).createMachine({
    id: options.id,
    context: ({ input }) => ({
      params: (input as { params?: TParams } | undefined)?.params as TParams,
      data: null,
      error: null,
    }),
    initial: 'loading',
    on: {
      'resource.reload': {
        guard: 'worthReloading',
        target: '.loading',
        reenter: true,
        actions: assign({
          params: ({ context, event }) =>
            (event.type === 'resource.reload' ? event.params : undefined) ?? context.params,
        }),
      },
    },
    states: {
      loading: {
        tags: ['loading'],
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }) => ({ params: context.params }),
          onDone: [
            ...(isEmpty ? [{ guard: 'isEmpty' as const, target: 'empty', actions: answered }] : []),
            { target: 'ready', actions: answered },
          ],
          onError: { target: 'failed', actions: ['keepError', 'reportFailed'] },
        },
      },
      ready: {},
      // Only where an answer can be empty: every state of a machine is one its models must reach.
      ...(isEmpty ? { empty: { tags: ['empty'] } } : {}),
      failed: {
        tags: ['failed'],
        on: { 'resource.retry': 'loading' },
      },
    },
  });
}

export type ResourceMachine<TData, TParams = undefined> = ReturnType<typeof resourceMachine<TData, TParams>>;
