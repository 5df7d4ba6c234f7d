import styled from 'styled-components';
import type { SpaceStep } from './theme';

/** A row that wraps, centres its items and pushes them to both ends: a title and its actions, say. */
export const SpreadRow = styled.div<{ $gap?: SpaceStep }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme, $gap = 2 }) => theme.space($gap)};
`;
