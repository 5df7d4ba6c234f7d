import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { Comparison } from '../../api/schemas/dashboard';
import { compareWithYesterday, comparisonText } from '../../machines/dashboard/comparison';
import { Card } from '../ui/Card';
import { NotOffered, Skeleton } from '../ui/Feedback';
import type { ResourceStatus } from '../ui/useResource';
import { CardError } from './CardError';
import { IconBubble } from './IconBubble';

const Box = styled(Card)`
  display: grid;
  align-content: start;
  gap: ${({ theme }) => theme.space(2)};
  min-height: 148px;
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  h2 {
    font-size: ${({ theme }) => theme.font.size.sm};
    font-weight: ${({ theme }) => theme.font.weight.medium};
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

const Value = styled.p`
  font-size: 30px;
  line-height: 1.1;
  font-weight: ${({ theme }) => theme.font.weight.bold};
  font-variant-numeric: tabular-nums;
`;

const Foot = styled.p`
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
`;

const Trend = styled.span<{ $tone: 'up' | 'down' | 'flat' }>`
  font-weight: ${({ theme }) => theme.font.weight.bold};
  color: ${({ theme, $tone }) =>
    $tone === 'up' ? theme.color.success : $tone === 'down' ? theme.color.danger : theme.color.textMuted};
`;

/** "+ 25% from yesterday": the text is the spec's; the colour only repeats what the sign says. */
export function TrendLine({ comparison }: { comparison: Comparison }) {
  const { sign, value } = compareWithYesterday(comparison);
  const tone = value === 0 ? 'flat' : sign === '+' ? 'up' : 'down';
  const trend = comparisonText(comparison);
  return (
    <Foot>
      <Trans>
        <Trend $tone={tone}>{trend}</Trend> from yesterday
      </Trans>
    </Foot>
  );
}

export interface StatCardProps {
  title: ReactNode;
  icon: ReactNode;
  /** `notOffered`: the server lacks the figure's call (an extension); the card says `notOffered` instead. */
  status: ResourceStatus | 'notOffered';
  value: number | null;
  footer?: ReactNode;
  notOffered?: ReactNode;
  error: string | null;
  onRetry: () => void;
}

/** One figure of the dashboard; it loads and fails on its own. */
export function StatCard({ title, icon, status, value, footer, notOffered, error, onRetry }: StatCardProps) {
  return (
    <Box aria-busy={status === 'loading'}>
      <Head>
        <h2>{title}</h2>
        <IconBubble>{icon}</IconBubble>
      </Head>
      {status === 'notOffered' ? (
        <NotOffered>{notOffered}</NotOffered>
      ) : status === 'failed' ? (
        <CardError
          what={<Trans>Could not load this figure.</Trans>}
          message={error ?? ''}
          onRetry={onRetry}
        />
      ) : value !== null ? (
        // A refresh keeps the figure on screen until the new one arrives.
        <>
          <Value>{value}</Value>
          {footer}
        </>
      ) : (
        <>
          <Skeleton $w="64px" $h="32px" />
          <Skeleton $w="140px" />
          <span className="visually-hidden">
            <Trans>Loading…</Trans>
          </span>
        </>
      )}
    </Box>
  );
}
