import { type ComponentType, lazy } from 'react';
import { ensureCatalog, knowledgeCatalog } from '../../../i18n/i18n';

/** A knowledge section as a lazy component that arrives together with the knowledge texts it shows. */
// biome-ignore lint/suspicious/noExplicitAny: the same constraint as React's own lazy()
export function lazyKnowledge<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(async () => {
    const [module] = await Promise.all([load(), ensureCatalog(knowledgeCatalog)]);
    return module;
  });
}
