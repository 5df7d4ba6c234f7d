import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { handoffsMachine } from '../../machines/dashboard/handoffs.machine';
import { Muted } from '../ui/Card';
import { Icon } from '../ui/icons';
import { useLoadedActor } from '../ui/loadedActor';
import { useText } from '../ui/text';
import { StatCard, TrendLine } from './StatCard';

type HandoffsActor = ActorRefFrom<typeof handoffsMachine>;

// Drawn here rather than in icons.tsx, which the sign-in page loads too: only this card shows it.
const PersonIcon = () => (
  <Icon>
    <circle cx="12" cy="8" r="3.5" />
    <path d="M5 19.5c.8-3.4 3.6-5.5 7-5.5s6.2 2.1 7 5.5" />
  </Icon>
);

/** A time to reply as the user reads it: seconds under a minute, whole minutes under an hour, then hours. */
export function formatReplyTime(seconds: number, locale: string): string {
  const format = (unit: string, value: number, digits = 0) =>
    new Intl.NumberFormat(locale, {
      style: 'unit',
      unit,
      unitDisplay: 'short',
      maximumFractionDigits: digits,
    }).format(value);
  if (seconds < 59.5) return format('second', Math.round(seconds));
  const minutes = Math.round(seconds / 60);
  return minutes < 60 ? format('minute', minutes) : format('hour', seconds / 3600, 1);
}

/** The dashboard runs the figures through a stand-in that loads their code (lazyActor): the flow is its child. */
function useHandoffs(dashboard: AnyActorRef): HandoffsActor | undefined {
  const standIn = useSelector(dashboard, (s) => s.children.handoffs as AnyActorRef | undefined);
  return useLoadedActor<HandoffsActor>(standIn);
}

/**
 * Conversations handed to a person today, compared with yesterday as the other figures are, and today's median
 * time to a person's first reply. A server without the figures gets a quiet note instead.
 */
export function HandoffsCard({ dashboard }: { dashboard: AnyActorRef }) {
  const { i18n } = useLingui();
  const text = useText();
  const actor = useHandoffs(dashboard);
  const data = useSelector(actor, (s) => s?.context.data ?? null);
  const error = useSelector(actor, (s) => s?.context.error ?? null);
  const status = useSelector(actor, (s) =>
    !s || s.hasTag('loading')
      ? 'loading'
      : s.hasTag('failed')
        ? 'failed'
        : s.hasTag('notOffered')
          ? 'notOffered'
          : 'ready',
  );
  const median = data?.medianFirstReplySeconds ?? null;
  const time = median === null ? '' : formatReplyTime(median, i18n.locale);

  return (
    <StatCard
      title={<Trans>Handed to a person</Trans>}
      icon={<PersonIcon />}
      status={status}
      value={data?.today ?? null}
      footer={
        data && (
          <>
            <TrendLine comparison={{ countsOfToday: data.today, countsOfYesterday: data.yesterday }} />
            <Muted>
              {median === null ? (
                <Trans>No replies by a person yet today</Trans>
              ) : (
                <Trans>Median first reply by a person: {time}</Trans>
              )}
            </Muted>
          </>
        )
      }
      notOffered={<Trans>This server does not offer hand-off figures.</Trans>}
      error={error === null ? null : text(error)}
      onRetry={() => actor?.send({ type: 'handoffs.retry' })}
    />
  );
}
