import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';
import { Button } from './Button';
import { InfoIcon } from './icons';

const Box = styled.div`
  display: grid;
  justify-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(8)} ${({ theme }) => theme.space(4)};
  text-align: center;
  color: ${({ theme }) => theme.color.textMuted};
  > svg { color: ${({ theme }) => theme.color.textMuted}; }
  h2 {
    color: ${({ theme }) => theme.color.text};
    font-size: ${({ theme }) => theme.font.size.lg};
    &:focus { outline: none; }
  }
  p { max-width: 46ch; }
`;

/**
 * What an address names is not there (unknown, another user's, deleted): said inside the screen's panel with
 * the way back, never a blank page. The heading takes the focus, so the screen reader says it on arrival.
 */
export function MissingPanel({
  title,
  children,
  actionLabel,
  onAction,
}: {
  title: ReactNode;
  children?: ReactNode;
  actionLabel: ReactNode;
  onAction: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  return (
    <Box>
      <InfoIcon size={22} />
      <h2 ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {children && <p>{children}</p>}
      <Button size="sm" onClick={onAction}>
        {actionLabel}
      </Button>
    </Box>
  );
}
