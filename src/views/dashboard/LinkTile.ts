import styled from 'styled-components';
import { Link } from 'wouter';

/**
 * A bordered link across its row: a leading mark (`$lead` px wide), a title over a line of text, and a chevron.
 * The dashboard's quick actions and its first steps.
 */
export const LinkTile = styled(Link)<{ $lead: number }>`
  display: grid;
  grid-template-columns: ${({ $lead }) => $lead}px 1fr auto;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  color: ${({ theme }) => theme.color.text};
  text-decoration: none;
  &:hover { background: ${({ theme }) => theme.color.surfaceHover}; }
  strong { display: block; font-weight: ${({ theme }) => theme.font.weight.medium}; }
  small { color: ${({ theme }) => theme.color.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
  > svg:last-child { color: ${({ theme }) => theme.color.textMuted}; }
`;
