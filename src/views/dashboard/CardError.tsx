import type { ReactNode } from 'react';
import styled from 'styled-components';
import { RetryButton } from '../ui/Feedback';
import { AlertIcon } from '../ui/icons';

const Box = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  justify-items: start;
  font-size: ${({ theme }) => theme.font.size.sm};
  p { display: flex; gap: ${({ theme }) => theme.space(1.5)}; align-items: flex-start; }
  svg { flex: none; color: ${({ theme }) => theme.color.danger}; margin-top: 1px; }
  span { color: ${({ theme }) => theme.color.textMuted}; overflow-wrap: anywhere; }
`;

/** A failure the size of a stat card: what failed, why (server text, as text) and a retry for this card only. */
export function CardError({
  what,
  message,
  onRetry,
}: {
  what: ReactNode;
  message: string;
  onRetry: () => void;
}) {
  return (
    <Box role="alert">
      <p>
        <AlertIcon size={16} />
        <strong>{what}</strong>
      </p>
      <span>{message}</span>
      <RetryButton onRetry={onRetry} />
    </Box>
  );
}
