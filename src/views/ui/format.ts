import { dayjs } from '../../i18n/dates';

/** File sizes as B, KB or MB with two decimals (spec section 3). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(2)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(2)} MB`;
}

/** HH:mm (24-hour). */
export const formatTime = (iso: string) => dayjs(iso).format('HH:mm');

/** HH:mm for today, otherwise YYYY-MM-DD HH:mm (spec: chat messages). */
export function formatMessageTime(iso: string, now = dayjs()): string {
  const d = dayjs(iso);
  return d.isSame(now, 'day') ? d.format('HH:mm') : d.format('YYYY-MM-DD HH:mm');
}

/** A date in the active locale's long form (dayjs follows the interface language). */
export const formatDate = (iso: string) => dayjs(iso).format('LL');

/** A date and time in the active locale. */
export const formatDateTime = (iso: string) => dayjs(iso).format('LLL');

/** Money in the locale's currency format; `amount` is in major units. */
export function formatMoney(amount: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: currency.toUpperCase() }).format(
      amount,
    );
  } catch {
    return `${amount.toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** "5 minutes ago" in the active language. */
export const formatRelative = (iso: string) => dayjs(iso).fromNow();

export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale).format(value);
}
