import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import { dashboardMachine } from '../../machines/dashboard/dashboard.machine';
import {
  activeBotsPanel,
  activeInstancesPanel,
  activityPanel,
  messagesPanel,
  whatsappUsersPanel,
} from '../../machines/dashboard/panels';
import type { ResourceMachine } from '../../machines/resource/resource.machine';
import { signedInUserId } from '../../machines/root/session/session.machine';
import { useFlow } from '../../machines/useFlow';
import { useSession } from '../ui/appActors';
import { Button } from '../ui/Button';
import { Card, CardTitle, Muted, PageSubtitle, ScreenHeader } from '../ui/Card';
import { Skeleton } from '../ui/Feedback';
import { BotIcon, ChatIcon, PhoneLinkIcon, RefreshIcon, UsersIcon } from '../ui/icons';
import { useText } from '../ui/text';
import { media, type SpaceStep } from '../ui/theme';
import { useResource } from '../ui/useResource';
import { ActivityEmpty, ActivityList, ActivitySkeleton } from './ActivityList';
import { CardError } from './CardError';
import { GettingStarted, useReturning } from './GettingStarted';
import { HandoffsCard } from './HandoffsCard';
import { QuickActions } from './QuickActions';
import { StatCard, TrendLine } from './StatCard';

type DashboardActor = ActorRefFrom<typeof dashboardMachine>;

// The trends and their chart library come in a chunk of their own, after the figures.
const TrendsCard = lazy(() => import('./TrendsCard').then((m) => ({ default: m.TrendsCard })));

const TrendsPlaceholder = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  margin-bottom: ${({ theme }) => theme.space(6)};
`;

/** The trends card's place while its code loads: its title, and the room its charts take. */
function TrendsLoading() {
  return (
    <TrendsPlaceholder aria-labelledby="trends-title" aria-busy="true">
      <CardTitle id="trends-title">
        <Trans>Trends</Trans>
      </CardTitle>
      <Skeleton $w="100%" $h="240px" />
      <span className="visually-hidden">
        <Trans>Loading…</Trans>
      </span>
    </TrendsPlaceholder>
  );
}

/**
 * The five figures go five to a row where they fit, else three and two, else two to a row with the fifth
 * across, else one, by the width they are given.
 */
const FIGURE_MIN_PX = 200;
const FIGURE_GAP: SpaceStep = 4;
const figuresAcross = (n: number) => n * FIGURE_MIN_PX + (n - 1) * FIGURE_GAP * 4;

const StatsArea = styled.div`
  container-type: inline-size;
  margin-bottom: ${({ theme }) => theme.space(6)};
`;

// Six tracks in the middle widths: three figures to the first row, two to the second.
const Stats = styled.div`
  display: grid;
  grid-template-columns: repeat(6, minmax(0, 1fr));
  gap: ${({ theme }) => theme.space(FIGURE_GAP)};
  > * { grid-column: span 2; }
  > :nth-child(n + 4) { grid-column: span 3; }
  @container (min-width: ${figuresAcross(5)}px) {
    grid-template-columns: repeat(5, minmax(0, 1fr));
    > *, > :nth-child(n + 4) { grid-column: auto; }
  }
  @container (max-width: ${figuresAcross(3) - 1}px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    > *, > :nth-child(n + 4) { grid-column: auto; }
    > :last-child:nth-child(odd) { grid-column: 1 / -1; }
  }
  @container (max-width: ${figuresAcross(2) - 1}px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  gap: ${({ theme }) => theme.space(4)};
  align-items: start;
  @media ${media.below('xl')} {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Section = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
`;

/** The narrow view of one panel (the dashboard runs it under its id): its answer, and its state, error and retry. */
function usePanel<TData>(dashboard: DashboardActor, panel: ResourceMachine<TData>) {
  const text = useText();
  const { actor, data, error, status } = useResource(dashboard, panel);
  const card = {
    status,
    error: error === null ? null : text(error),
    onRetry: () => actor.send({ type: 'resource.retry' }),
  };
  return [data, card] as const;
}

export function DashboardView() {
  const userId = useSession((s) => signedInUserId(s.context));
  const dashboard = useFlow('dashboard', dashboardMachine, { input: { userId } });
  const returning = useReturning(dashboard);
  const [activeInstances, instancesCard] = usePanel(dashboard, activeInstancesPanel);
  const [messages, messagesCard] = usePanel(dashboard, messagesPanel);
  const [activeBots, botsCard] = usePanel(dashboard, activeBotsPanel);
  const [whatsappUsers, usersCard] = usePanel(dashboard, whatsappUsersPanel);
  const [activity, activityCard] = usePanel(dashboard, activityPanel);

  return (
    <>
      <ScreenHeader
        title={<Trans>Dashboard</Trans>}
        subtitle={
          <PageSubtitle>
            {returning ? (
              <Trans>Welcome back. Here is how your AI agents are doing today.</Trans>
            ) : (
              <Trans>Welcome. Here is how your AI agents are doing today.</Trans>
            )}
          </PageSubtitle>
        }
      >
        <Button size="sm" onClick={() => dashboard.send({ type: 'dashboard.refresh' })}>
          <RefreshIcon size={16} />
          <Trans>Refresh</Trans>
        </Button>
      </ScreenHeader>

      <GettingStarted dashboard={dashboard} />

      <StatsArea>
        <Stats>
          <StatCard
            title={<Trans>Active bound instances</Trans>}
            icon={<PhoneLinkIcon />}
            value={activeInstances}
            footer={
              <Muted>
                <Trans>WhatsApp numbers online now</Trans>
              </Muted>
            }
            {...instancesCard}
          />
          <StatCard
            title={<Trans>Today's messages</Trans>}
            icon={<ChatIcon />}
            value={messages?.countsOfToday ?? null}
            footer={messages && <TrendLine comparison={messages} />}
            {...messagesCard}
          />
          <StatCard
            title={<Trans>Active bots</Trans>}
            icon={<BotIcon />}
            value={activeBots}
            footer={
              <Muted>
                {/* Bots answer through a number: with none online, they answer no one. */}
                {activeInstances === 0 && (activeBots ?? 0) > 0 ? (
                  <Trans>No WhatsApp number is online, so they answer no one yet</Trans>
                ) : (
                  <Trans>Chatbots answering customers</Trans>
                )}
              </Muted>
            }
            {...botsCard}
          />
          <StatCard
            title={<Trans>WhatsApp users</Trans>}
            icon={<UsersIcon />}
            value={whatsappUsers?.countsOfToday ?? null}
            footer={whatsappUsers && <TrendLine comparison={whatsappUsers} />}
            {...usersCard}
          />
          <HandoffsCard dashboard={dashboard} />
        </Stats>
      </StatsArea>

      <Suspense fallback={<TrendsLoading />}>
        <TrendsCard dashboard={dashboard} />
      </Suspense>

      <Columns>
        <Section aria-labelledby="activity-title" aria-busy={activityCard.status === 'loading'}>
          <div>
            <CardTitle id="activity-title">
              <Trans>Recent activity</Trans>
            </CardTitle>
            <Muted>
              <Trans>The last 24 hours</Trans>
            </Muted>
          </div>
          {activityCard.status === 'failed' ? (
            <CardError
              what={<Trans>Could not load the recent activity.</Trans>}
              message={activityCard.error ?? ''}
              onRetry={activityCard.onRetry}
            />
          ) : activityCard.status === 'loading' && !activity?.length ? (
            <ActivitySkeleton />
          ) : activityCard.status === 'empty' ? (
            <ActivityEmpty />
          ) : (
            <ActivityList entries={activity ?? []} />
          )}
        </Section>
        <Section aria-labelledby="quick-actions-title">
          <CardTitle id="quick-actions-title">
            <Trans>Quick actions</Trans>
          </CardTitle>
          <QuickActions />
        </Section>
      </Columns>
    </>
  );
}
