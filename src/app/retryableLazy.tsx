import { type ComponentProps, type ComponentType, lazy } from 'react';
import { adminCatalog, ensureCatalog, screensCatalog } from '../i18n/i18n';
import type { AppRoute } from './routeTable';

/**
 * Like React's lazy(), but a failed load is not remembered: React keeps the rejected promise of a lazy
 * component forever, so "Try again" after a dropped connection could never load the chunk. Here a failure
 * swaps in a fresh lazy component, which the next render (the error boundary's retry) loads again.
 */
// biome-ignore lint/suspicious/noExplicitAny: the same constraint as React's own lazy()
export function retryableLazy<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  const attempt = (): Promise<{ default: T }> =>
    load().catch((error: unknown) => {
      current = lazy(attempt);
      throw error;
    });
  let current = lazy(attempt);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route at module load, never during a render
  function Retryable(props: ComponentProps<T>) {
    const Current = current;
    return <Current {...props} />;
  }
  return Retryable;
}

/** A route's screen as a lazy component of its own chunk, with the texts it needs. */
export function lazyScreen({ load, texts }: Pick<AppRoute, 'load' | 'texts'>) {
  return retryableLazy(async () => {
    const [Screen] = await Promise.all([
      load(),
      texts !== 'core' && ensureCatalog(screensCatalog),
      texts === 'admin' && ensureCatalog(adminCatalog),
    ]);
    return { default: Screen };
  });
}
