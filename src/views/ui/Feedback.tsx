import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { Button } from './Button';
import { AlertIcon, RefreshIcon } from './icons';
import { Spinner } from './Spinner';

const Centered = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(4)};
  text-align: center;
  color: ${({ theme }) => theme.color.textMuted};
  strong { color: ${({ theme }) => theme.color.text}; }
`;

/** Nothing to show yet: what it is and, where it helps, what to do. */
export function EmptyState({
  title,
  children,
  action,
}: {
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Centered>
      <strong>{title}</strong>
      {children && <p>{children}</p>}
      {action}
    </Centered>
  );
}

/** Retry, with its icon; a spinner while the retry runs. */
export function RetryButton({ onRetry, retrying = false }: { onRetry: () => void; retrying?: boolean }) {
  return (
    <Button size="sm" onClick={onRetry} disabled={retrying}>
      {retrying ? <Spinner /> : <RefreshIcon size={16} />}
      <Trans>Retry</Trans>
    </Button>
  );
}

const ErrorBox = styled(Centered)`
  > svg { color: ${({ theme }) => theme.color.danger}; }
`;

/** A failure kept inside its own panel, with what went wrong and a retry; the rest of the page goes on. */
export function ErrorPanel({
  title,
  message,
  onRetry,
  retrying = false,
}: {
  title: ReactNode;
  message?: ReactNode;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <ErrorBox role="alert">
      <AlertIcon size={22} />
      <strong>{title}</strong>
      {message && <p>{message}</p>}
      {onRetry && <RetryButton onRetry={onRetry} retrying={retrying} />}
    </ErrorBox>
  );
}

const Quiet = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space(3)} 0;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.size.md};
`;

/**
 * A part this server does not offer (an extension it lacks): said once, in muted text, with nothing to retry,
 * since asking again would get the same answer. The rest of the page works as it does without the part.
 */
export function NotOffered({ children }: { children: ReactNode }) {
  return <Quiet data-not-offered="">{children}</Quiet>;
}

/** Loading inside a panel: says so in text (the spinner is decorative). */
export function PanelLoading({ children }: { children?: ReactNode }) {
  return (
    <Centered role="status">
      <Spinner size={20} />
      <span>{children ?? <Trans>Loading…</Trans>}</span>
    </Centered>
  );
}

const shimmer = keyframes`from { opacity: 0.55; } to { opacity: 1; }`;

/** A placeholder block of the size of what will come, so the layout does not jump. */
export const Skeleton = styled.span.attrs({ 'aria-hidden': true })<{ $w?: string; $h?: string }>`
  display: block;
  width: ${({ $w = '100%' }) => $w};
  height: ${({ $h = '1em' }) => $h};
  border-radius: ${({ theme }) => theme.radius.sm};
  background: ${({ theme }) => theme.color.surfaceAlt};
  animation: ${shimmer} 0.9s ease-in-out infinite alternate;
`;

export const Badge = styled.span<{
  $tone?: 'neutral' | 'success' | 'warning' | 'danger' | 'info' | 'primary';
}>`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 2px 8px;
  border-radius: ${({ theme }) => theme.radius.pill};
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  background: ${({ theme, $tone = 'neutral' }) =>
    $tone === 'neutral'
      ? theme.color.surfaceAlt
      : $tone === 'primary'
        ? theme.color.primarySoft
        : theme.color[`${$tone}Soft`]};
  color: ${({ theme }) => theme.color.text};
  border: 1px solid ${({ theme, $tone = 'neutral' }) =>
    $tone === 'neutral'
      ? theme.color.border
      : $tone === 'primary'
        ? theme.color.primary
        : theme.color[$tone]};
`;
