import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Link } from 'wouter';
import { PATHS } from '../../machines/paths';
import { AlertIcon, CheckIcon } from '../ui/icons';
import { Spinner } from '../ui/Spinner';
import type { LinkState } from './connectionState';

const Box = styled.div<{ $tone: 'muted' | 'success' | 'danger' | 'warning' }>`
  display: grid;
  grid-template-columns: 20px 1fr;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(2.5)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme, $tone }) => ($tone === 'muted' ? theme.color.border : theme.color[$tone])};
  background: ${({ theme, $tone }) => ($tone === 'muted' ? theme.color.surfaceAlt : theme.color[`${$tone}Soft`])};
  > :first-child { grid-row: span 2; margin-top: 2px; }
  strong { font-weight: ${({ theme }) => theme.font.weight.bold}; }
  p { font-size: ${({ theme }) => theme.font.size.sm}; color: ${({ theme }) => theme.color.textMuted}; }
  /* The tinted background can take a link colour below 4.5:1; the text colour, underlined, cannot. */
  a { color: ${({ theme }) => theme.color.text}; font-weight: ${({ theme }) => theme.font.weight.medium}; text-decoration: underline; }
`;

function Status({
  tone,
  icon,
  title,
  children,
}: {
  tone: 'muted' | 'success' | 'danger' | 'warning';
  icon: ReactNode;
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box $tone={tone}>
      {icon}
      <strong>{title}</strong>
      <p>{children}</p>
    </Box>
  );
}

/** What the connection is doing now, in words; announced politely as it changes. */
export function ConnectionStatus({ state, refusal }: { state: LinkState; refusal: string | null }) {
  return (
    <div role="status" aria-live="polite">
      {state === 'refused' ? (
        <Status tone="danger" icon={<AlertIcon size={18} />} title={<Trans>Plan limit reached</Trans>}>
          {refusal} <Link href={PATHS.usageBilling}>{<Trans>Upgrade your plan</Trans>}</Link>
        </Status>
      ) : state === 'connected' ? (
        <Status tone="success" icon={<CheckIcon size={18} />} title={<Trans>Connected</Trans>}>
          <Trans>Continue setup: name this number, choose its chatbot and confirm.</Trans>
        </Status>
      ) : state === 'expired' ? (
        <Status tone="warning" icon={<AlertIcon size={18} />} title={<Trans>Code expired</Trans>}>
          <Trans>Get a new code to try again.</Trans>
        </Status>
      ) : state === 'failed' ? (
        <Status tone="danger" icon={<AlertIcon size={18} />} title={<Trans>Connection check failed</Trans>}>
          <Trans>Try again in a moment.</Trans>
        </Status>
      ) : state === 'waiting' ? (
        <Status tone="muted" icon={<Spinner size={18} />} title={<Trans>Waiting for connection</Trans>}>
          <Trans>Scan the code with WhatsApp on your phone.</Trans>
        </Status>
      ) : (
        <Status tone="muted" icon={<Spinner size={18} />} title={<Trans>Preparing</Trans>}>
          <Trans>Creating the instance…</Trans>
        </Status>
      )}
    </div>
  );
}

const Steps = styled.ol`
  margin: 0;
  padding-left: ${({ theme }) => theme.space(5)};
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const GuideTitle = styled.h2`
  font-size: ${({ theme }) => theme.font.size.md};
  margin-bottom: ${({ theme }) => theme.space(1.5)};
`;

/** The spec's five steps. */
export function SetupGuide() {
  return (
    <section aria-labelledby="bind-guide-title">
      <GuideTitle id="bind-guide-title">
        <Trans>How to link your phone</Trans>
      </GuideTitle>
      <Steps>
        <li>
          <Trans>Open WhatsApp on your phone.</Trans>
        </li>
        <li>
          <Trans>Tap Menu or Settings at the top right.</Trans>
        </li>
        <li>
          <Trans>Choose Linked devices.</Trans>
        </li>
        <li>
          <Trans>Tap Link a device.</Trans>
        </li>
        <li>
          <Trans>Point your phone at this screen to scan the code.</Trans>
        </li>
      </Steps>
    </section>
  );
}
