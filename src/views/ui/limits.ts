import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { UNLIMITED } from '../../api/schemas/membership';
import { formatNumber } from './format';

/** A plan limit as text in the active locale; -1 (UNLIMITED) reads "Unlimited". */
export function useFormatLimit(): (value: number) => string {
  const { i18n, t } = useLingui();
  const locale = i18n.locale;
  return useCallback(
    (value: number) => (value === UNLIMITED ? t`Unlimited` : formatNumber(value, locale)),
    [locale, t],
  );
}
