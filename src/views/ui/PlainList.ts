import styled from 'styled-components';
import type { SpaceStep } from './theme';

/** A list laid out as a grid of its items, without bullets or indent. */
export const PlainList = styled.ul<{ $gap?: SpaceStep }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  ${({ theme, $gap }) => ($gap === undefined ? '' : `gap: ${theme.space($gap)};`)}
`;
