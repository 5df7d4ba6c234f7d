import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';
import { Spinner } from './Spinner';

const Wrap = styled.div<{ $fullPage?: boolean }>`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(3)};
  /* Holds the page's place so nothing jumps when the screen arrives. */
  min-height: ${({ $fullPage }) => ($fullPage ? '100vh' : '60vh')};
  color: ${({ theme }) => theme.color.textMuted};
`;

export function PageLoading({ fullPage }: { fullPage?: boolean }) {
  // Full page (no shell around it), it is the page's main region.
  return (
    <Wrap as={fullPage ? 'main' : 'div'} $fullPage={fullPage} role="status" aria-live="polite">
      <Spinner $size={20} />
      <span>
        <Trans>Loading…</Trans>
      </span>
    </Wrap>
  );
}
