import { fromPromise, type NonReducibleUnknown } from 'xstate';

const never = new Promise<never>(() => {});

/**
 * `fromPromise` for a request that its actor may abort. A request aborted because its actor stopped never
 * settles: the actor is gone, or (React StrictMode and @xstate/react's rehydration) it was restarted and runs
 * the request again; without this, the stale "aborted" rejection of the first run would reach onError.
 */
export function fromRequest<TOutput, TInput = NonReducibleUnknown>(
  run: (args: { input: TInput; signal: AbortSignal }) => Promise<TOutput>,
) {
  return fromPromise<TOutput, TInput>(({ input, signal }) =>
    run({ input, signal }).catch((error: unknown) => {
      if (signal.aborted) return never;
      throw error;
    }),
  );
}
