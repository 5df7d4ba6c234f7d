import { useLingui } from '@lingui/react/macro';
import { Fragment } from 'react';
import type { ReplyStats } from '../../machines/botSettings/testChat/testChat.machine';

/**
 * A reply's text with its **bold** parts in bold: React elements from the text, never HTML (the reply is the
 * server's, so untrusted). Anything else, bullets included, shows as written.
 */
export function ReplyText({ text }: { text: string }) {
  const parts = text.split(/\*\*([^*\n]+)\*\*/);
  if (parts.length === 1) return <>{text}</>;
  return (
    <>
      {parts.map((part, i) =>
        // Odd parts are the bold ones; the index is their identity (the text only grows at its end).
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        i % 2 === 1 ? <strong key={i}>{part}</strong> : <Fragment key={i}>{part}</Fragment>,
      )}
    </>
  );
}

/** "First token 0.4 s · 1.8 s in all · 84 tokens", in the active language's number format. */
export function useReplyFigures(): (stats: ReplyStats) => string {
  const { t, i18n } = useLingui();
  const seconds = (ms: number) =>
    i18n.number(ms / 1000, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (stats) => {
    const first = seconds(stats.firstTokenMs);
    const total = seconds(stats.totalMs);
    const tokens = stats.tokens === null ? null : i18n.number(stats.tokens);
    const time = t`First token ${first} s · ${total} s in all`;
    return tokens === null ? t`${time} · tokens unknown` : t`${time} · ${tokens} tokens`;
  };
}
