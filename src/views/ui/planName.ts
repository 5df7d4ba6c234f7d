import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useCallback } from 'react';

/**
 * The tier names the product itself uses (spec section 4: free, basic/starter, pro, enterprise), written in
 * the user's language as the Enterprise card is. Any other name is the server's free text, shown as it is.
 */
const KNOWN_TIERS = {
  free: msg`Free`,
  basic: msg`Basic`,
  starter: msg`Starter`,
  pro: msg`Pro`,
  enterprise: msg`Enterprise`,
} as const;

/** A plan's name as the user reads it: a known tier in their language, anything else as the server wrote it. */
export function usePlanName(): (name: string) => string {
  const { i18n } = useLingui();
  return useCallback(
    (name: string) => {
      const tier = KNOWN_TIERS[name.trim().toLowerCase() as keyof typeof KNOWN_TIERS];
      return tier ? i18n._(tier) : name;
    },
    [i18n],
  );
}
