import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { PLAN_CURRENCY } from '../../machines/constants';
import { formatDate, formatDateTime, formatMoney, formatNumber } from '../ui/format';
import { useFormatLimit } from '../ui/limits';

/** Prices, limits and dates of this screen in the active locale. */
export function useBillingFormat() {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const limit = useFormatLimit();
  return useMemo(
    () => ({
      money: (amount: number) => formatMoney(amount, PLAN_CURRENCY, locale),
      number: (value: number) => formatNumber(value, locale),
      /** A plan limit; -1 is unlimited. */
      limit,
      date: (iso: string) => formatDate(iso),
      dateTime: (iso: string) => formatDateTime(iso),
    }),
    // The language is part of every text.
    [locale, limit],
  );
}
