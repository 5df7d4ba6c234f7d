import { Trans } from '@lingui/react/macro';
import styled from 'styled-components';

const Wrap = styled.div<{ $compact?: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2.5)};
  font-weight: ${({ theme }) => theme.font.weight.bold};
  font-size: ${({ theme }) => theme.font.size.lg};
  white-space: nowrap;
`;

const Mark = styled.span`
  display: grid;
  place-items: center;
  width: 32px;
  height: 32px;
  flex: none;
  border-radius: 9px;
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.onPrimary};
  font-size: 16px;
`;

const Tag = styled.span`
  font-size: ${({ theme }) => theme.font.size.xs};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  color: inherit;
  opacity: 0.85;
  border: 1px solid currentColor;
  border-radius: ${({ theme }) => theme.radius.pill};
  padding: 0 6px;
`;

/** Product mark and name; the early-launch tag says where the product stands. */
export function Brand({ compact }: { compact?: boolean }) {
  return (
    <Wrap $compact={compact}>
      <Mark aria-hidden="true">I</Mark>
      {!compact && (
        <>
          <span>Influx</span>
          <Tag>
            <Trans>Early access</Trans>
          </Tag>
        </>
      )}
    </Wrap>
  );
}
