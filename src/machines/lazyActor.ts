import {
  type AnyActorLogic,
  type AnyActorRef,
  assign,
  type EventObject,
  emit,
  enqueueActions,
  fromPromise,
  setup,
} from 'xstate';

interface LazyContext {
  /** The loaded actor, once it runs. */
  loaded: AnyActorRef | null;
  /** Events sent before it loaded, in order. */
  early: EventObject[];
  /** The stand-in's input, which the loaded actor starts with. */
  input: unknown;
}

type LazyEvent = EventObject | { type: 'lazy.emitted'; emitted: EventObject };

const isOwn = (event: EventObject) => event.type.startsWith('xstate.') || event.type === 'lazy.emitted';

/**
 * An actor whose logic loads when it starts (a dynamic import): a flow that runs only after signing in need not
 * be part of the sign-in page. It stands in for the loaded actor, which it runs as its own child: events sent
 * to it reach it (those sent before it loaded, once it has), what it emits is emitted again, and it lives in
 * the same actor system (its toasts and requests reach the app). Stopping the stand-in stops it, or keeps a
 * late load from starting one. A load that fails is logged; the stand-in then does nothing.
 */
export function lazyActor<TInput = undefined>(load: () => Promise<AnyActorLogic>, what: string) {
  return setup({
    types: { context: {} as LazyContext, events: {} as LazyEvent, input: {} as TInput },
    actors: { load: fromPromise(load) },
  }).createMachine({
    id: 'lazy',
    context: ({ input }) => ({ loaded: null, early: [], input }),
    initial: 'loading',
    on: {
      // Everything but its own lifecycle: for the loaded actor.
      '*': {
        actions: enqueueActions(({ context, event, enqueue }) => {
          if (isOwn(event)) return;
          if (context.loaded) enqueue.sendTo(context.loaded, event);
          else enqueue.assign({ early: [...context.early, event] });
        }),
      },
      'lazy.emitted': {
        actions: emit(({ event }) => (event as { emitted: EventObject }).emitted),
      },
    },
    states: {
      loading: {
        invoke: {
          src: 'load',
          onDone: {
            target: 'running',
            actions: [
              assign({
                loaded: ({ context, event, spawn }) =>
                  spawn(event.output as AnyActorLogic, { input: context.input }),
              }),
              ({ context, self }) => {
                context.loaded?.on('*', (emitted: EventObject) =>
                  self.send({ type: 'lazy.emitted', emitted }),
                );
              },
              enqueueActions(({ context, enqueue }) => {
                for (const event of context.early) if (context.loaded) enqueue.sendTo(context.loaded, event);
                enqueue.assign({ early: [] });
              }),
            ],
          },
          onError: {
            target: 'failed',
            actions: ({ event }) => console.error(`Could not load ${what}`, event.error),
          },
        },
      },
      running: {},
      failed: {},
    },
  });
}
