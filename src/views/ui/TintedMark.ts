import styled from 'styled-components';

/** An icon or letter on a soft tinted square: a dashboard figure's icon, an integration's initial. */
export const TintedMark = styled.span<{ $size: number; $radius: 'sm' | 'md' }>`
  display: inline-grid;
  place-items: center;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: ${({ theme, $radius }) => theme.radius[$radius]};
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.text};
`;
