import styled from 'styled-components';
import type { SpaceStep } from './theme';

/** Tiles in rows: as many to a row as fit at `$min` px or wider, sharing the row's width between them. */
export const TileGrid = styled.div<{ $min: number; $gap: SpaceStep }>`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(${({ $min }) => $min}px, 1fr));
  gap: ${({ theme, $gap }) => theme.space($gap)};
`;
