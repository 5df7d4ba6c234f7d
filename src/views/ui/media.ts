import { useSyncExternalStore } from 'react';
import { media } from './theme';

/** At the mobile breakpoint or less, the mobile layout is used (the spec sets it). */
export const MOBILE_QUERY = media.below('mobile');

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = globalThis.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => globalThis.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
