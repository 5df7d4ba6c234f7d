import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

/** The one button of the product. Variants by transient props so nothing leaks to the DOM. */
export const Button = styled.button.attrs<{ type?: string }>((p) => ({ type: p.type ?? 'button' }))<{
  $variant?: ButtonVariant;
  $size?: 'sm' | 'md';
  $block?: boolean;
}>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space(2)};
  min-height: ${({ $size }) => ($size === 'sm' ? '32px' : '40px')};
  padding: 0 ${({ theme, $size }) => theme.space($size === 'sm' ? 3 : 4)};
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  border-radius: ${({ theme }) => theme.radius.md};
  border: 1px solid transparent;
  font-size: ${({ theme, $size }) => ($size === 'sm' ? theme.font.size.sm : theme.font.size.md)};
  font-weight: ${({ theme }) => theme.font.weight.medium};
  line-height: 1.2;
  cursor: pointer;
  white-space: nowrap;
  transition: background ${({ theme }) => theme.motion.fast}, border-color ${({ theme }) => theme.motion.fast};
  ${({ theme, $variant = 'secondary' }) => {
    const c = theme.color;
    switch ($variant) {
      case 'primary':
        return css`
          background: ${c.primary};
          color: ${c.onPrimary};
          &:hover:not(:disabled) { background: ${c.primaryHover}; }
        `;
      case 'danger':
        return css`
          background: ${c.danger};
          color: ${c.onDanger};
          &:hover:not(:disabled) { filter: brightness(0.93); }
        `;
      case 'ghost':
        return css`
          background: transparent;
          color: ${c.text};
          &:hover:not(:disabled) { background: ${c.surfaceHover}; }
        `;
      default:
        return css`
          background: ${c.surface};
          color: ${c.text};
          border-color: ${c.border};
          &:hover:not(:disabled) { background: ${c.surfaceHover}; }
        `;
    }
  }}
  &:disabled, &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.55;
  }
`;

/** A square button holding only an icon; it must get an aria-label. */
export const IconButton = styled(Button)`
  padding: 0;
  width: ${({ $size }) => ($size === 'sm' ? '32px' : '40px')};
`;
