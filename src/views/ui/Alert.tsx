import type { ReactNode } from 'react';
import styled from 'styled-components';

const Box = styled.div<{ $tone: 'danger' | 'info' | 'success' | 'warning' }>`
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(4)};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid ${({ theme, $tone }) => theme.color[$tone]};
  background: ${({ theme, $tone }) => theme.color[`${$tone}Soft`]};
  color: ${({ theme }) => theme.color.text};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/** The red box of spec section 8 (and its calmer siblings). Errors are announced as they appear. */
export function Alert({
  tone = 'danger',
  children,
  ...rest
}: {
  tone?: 'danger' | 'info' | 'success' | 'warning';
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <Box $tone={tone} role={tone === 'danger' ? 'alert' : 'status'} {...rest}>
      {children}
    </Box>
  );
}
