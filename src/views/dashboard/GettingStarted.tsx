import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { botSettingsUrl } from '../../machines/botSettings/address';
import {
  GETTING_STARTED_STEPS,
  type GettingStartedStep,
  gettingStartedMachine,
} from '../../machines/dashboard/gettingStarted.machine';
import { PATHS } from '../../machines/paths';
import { useRegisterFlow } from '../../machines/useFlow';
import { Button } from '../ui/Button';
import { Card, CardTitle, Muted } from '../ui/Card';
import { SpreadRow } from '../ui/Cluster';
import { CheckIcon, ChevronRightIcon } from '../ui/icons';
import { PlainList } from '../ui/PlainList';
import { LinkTile } from './LinkTile';

type GettingStartedActor = ActorRefFrom<typeof gettingStartedMachine>;

const Box = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(6)};
`;

const Steps = styled(PlainList)`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: ${({ theme }) => theme.space(2)};
`;

const Step = styled(LinkTile)`
  height: 100%;
  &[data-done] strong { text-decoration: line-through; color: ${({ theme }) => theme.color.textMuted}; }
`;

const Tick = styled.span<{ $done: boolean }>`
  display: inline-grid;
  place-items: center;
  width: 28px;
  height: 28px;
  border-radius: 50%;
  border: 2px solid ${({ theme, $done }) => ($done ? theme.color.success : theme.color.border)};
  background: ${({ theme, $done }) => ($done ? theme.color.success : 'transparent')};
  color: ${({ theme }) => theme.color.onPrimary};
`;

const STEP_LINKS: Record<GettingStartedStep, string> = {
  bot: PATHS.botSettings,
  test: botSettingsUrl({ botId: null, tab: 'test' }),
  number: PATHS.bindWhatsapp,
  conversation: PATHS.chatHistory,
};

function StepText({ step }: { step: GettingStartedStep }): ReactNode {
  switch (step) {
    case 'bot':
      return (
        <>
          <strong>
            <Trans>Create your chatbot</Trans>
          </strong>
          <small>
            <Trans>Start from one of 11 industry templates.</Trans>
          </small>
        </>
      );
    case 'test':
      return (
        <>
          <strong>
            <Trans>Test it</Trans>
          </strong>
          <small>
            <Trans>Ask it what your customers ask, in the Test tab.</Trans>
          </small>
        </>
      );
    case 'number':
      return (
        <>
          <strong>
            <Trans>Bind a WhatsApp number</Trans>
          </strong>
          <small>
            <Trans>Scan a QR code with the phone of the number.</Trans>
          </small>
        </>
      );
    case 'conversation':
      return (
        <>
          <strong>
            <Trans>See your first conversation</Trans>
          </strong>
          <small>
            <Trans>When a customer writes, it appears in Chat history.</Trans>
          </small>
        </>
      );
  }
}

function Checklist({ flow }: { flow: GettingStartedActor }) {
  const { t } = useLingui();
  useRegisterFlow('gettingStarted', flow, gettingStartedMachine);
  const shown = useSelector(flow, (s) => s.hasTag('shown'));
  const finished = useSelector(flow, (s) => s.hasTag('finished'));
  const progress = useSelector(flow, (s) => s.context.progress);
  if (!shown || !progress) return null;
  const done = GETTING_STARTED_STEPS.filter((step) => progress[step]).length;
  const total = GETTING_STARTED_STEPS.length;
  return (
    <Box aria-labelledby="getting-started-title">
      <SpreadRow>
        <div>
          <CardTitle id="getting-started-title">
            <Trans>Get started</Trans>
          </CardTitle>
          <Muted role="status">
            {finished ? (
              <Trans>All done: your bot answers your customers on WhatsApp.</Trans>
            ) : (
              <Trans>
                {done} of {total} done
              </Trans>
            )}
          </Muted>
        </div>
        <Button size="sm" variant="ghost" onClick={() => flow.send({ type: 'gettingStarted.dismissed' })}>
          {finished ? t`Close` : t`Hide this list`}
        </Button>
      </SpreadRow>
      <Steps aria-label={t`Steps`}>
        {GETTING_STARTED_STEPS.map((step) => (
          <li key={step}>
            <Step $lead={28} href={STEP_LINKS[step]} data-done={progress[step] || undefined}>
              <Tick $done={progress[step]} aria-hidden="true">
                {progress[step] && <CheckIcon size={16} />}
              </Tick>
              <span>
                <StepText step={step} />
                <span className="visually-hidden">{progress[step] ? t`Done` : t`To do`}</span>
              </span>
              <ChevronRightIcon size={18} />
            </Step>
          </li>
        ))}
      </Steps>
    </Box>
  );
}

/** The first run's checklist, which the dashboard runs under `gettingStarted`. */
export function GettingStarted({ dashboard }: { dashboard: AnyActorRef }) {
  const flow = useSelector(dashboard, (s) => s.children.gettingStarted) as GettingStartedActor | undefined;
  return flow ? <Checklist flow={flow} /> : null;
}

/** Whether the user is returning (the list finished or put away before), for the greeting. */
export function useReturning(dashboard: AnyActorRef): boolean {
  const flow = useSelector(dashboard, (s) => s.children.gettingStarted) as GettingStartedActor | undefined;
  // Ended before it started (finished or put away earlier): returning.
  return useSelector(flow, (s) => s?.context.returning ?? true);
}
