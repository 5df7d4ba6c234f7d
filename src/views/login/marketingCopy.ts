import { isLocale, type Locale } from '../../i18n/locales';

/**
 * The spec's marketing prices (section 9), display text only: the plan cards show the server's prices. Each
 * interface language has its currency; Traditional Chinese its own amounts.
 */
export const MARKETING_PRICES: Record<Locale, { currency: string; starter: number; pro: number }> = {
  en: { currency: 'USD', starter: 99, pro: 299 },
  'zh-CN': { currency: 'CNY', starter: 99, pro: 299 },
  'zh-TW': { currency: 'TWD', starter: 2990, pro: 8990 },
};

/** What each tier includes, as the marketing copy says it (enterprise's AI chats are "high volume"). */
export const MARKETING_TIERS = {
  starter: { instances: 1, chatsPerMonth: 500 },
  pro: { instances: 3, chatsPerMonth: 2000 },
  enterprise: { instances: 10 },
} as const;

/**
 * A marketing price in the language's currency, without cents ("$99", "¥99", "NT$2,990"). Taiwan's own
 * formats write the New Taiwan dollar as a bare "$", which beside the English page's US dollars reads as the
 * same currency: it is written NT$, as Taiwanese shops write it.
 */
export function marketingPrice(locale: string, tier: 'starter' | 'pro'): string {
  const prices = MARKETING_PRICES[isLocale(locale) ? locale : 'en'];
  const format = new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: prices.currency,
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  });
  if (prices.currency !== 'TWD') return format.format(prices[tier]);
  return format
    .formatToParts(prices[tier])
    .map((part) => (part.type === 'currency' ? 'NT$' : part.value))
    .join('');
}

/** A whole number in the language's digits grouping ("2,000"). Not ui/format: it would bring dayjs to sign-in. */
export const marketingNumber = (locale: string, value: number) => new Intl.NumberFormat(locale).format(value);
