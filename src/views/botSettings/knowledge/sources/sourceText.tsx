import { useLingui } from '@lingui/react/macro';
import type { CrawlStatus, SyncSchedule } from '../../../../api/schemas/knowledgeSources';

/** The host of an address for short labels; the text itself when it is not one. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

const isWebAddress = (url: string) => {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * An address the server sent: a link (in a new tab, telling the site nothing of this page) only when it is
 * http(s), else plain text; either way React renders it as text, never as markup.
 */
export function WebAddress({ url }: { url: string }) {
  if (!isWebAddress(url)) return <span>{url}</span>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {url}
    </a>
  );
}

/** The re-sync choices, in the order offered. */
export function useScheduleLabels(): [SyncSchedule, string][] {
  const { t } = useLingui();
  return [
    ['manual', t`By hand`],
    ['daily', t`Daily`],
    ['weekly', t`Weekly`],
  ];
}

export function useStatusLabel(): (status: CrawlStatus) => string {
  const { t } = useLingui();
  return (status) =>
    ({
      crawling: t`Crawling`,
      synced: t`Synced`,
      cancelled: t`Cancelled`,
      failed: t`Failed`,
    })[status];
}

export const STATUS_TONES = {
  crawling: 'info',
  synced: 'success',
  cancelled: 'neutral',
  failed: 'danger',
} as const satisfies Record<CrawlStatus, string>;
