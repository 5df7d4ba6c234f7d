import styled from 'styled-components';
import type { SpaceStep } from './theme';

/** Items side by side, centred on their line, wrapping when narrow: a failure and its retry, say. */
export const Cluster = styled.div<{ $gap?: SpaceStep }>`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme, $gap = 2 }) => theme.space($gap)};
`;

/** A cluster pushed to both ends: a title and its actions. */
export const SpreadRow = styled(Cluster)`
  justify-content: space-between;
`;

/** A heading with its badges beside it. */
export const TitleRow = styled(Cluster)`
  gap: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
  h2 {
    font-size: ${({ theme }) => theme.font.size.lg};
    overflow-wrap: anywhere;
  }
`;
