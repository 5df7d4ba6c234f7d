import { css } from 'styled-components';

/** What scrolls a virtual list; its focus ring is drawn inside, where the clipped edge cannot hide it. */
export const virtualScroller = css`
  overflow-y: auto;
  &:focus-visible { outline-offset: -2px; }
`;

/** The list a virtualizer fills: the positioning context of its rows. */
export const virtualItems = css`
  position: relative;
  margin: 0;
  padding: 0;
  list-style: none;
`;

/** A row the virtualizer places (by a transform from the top), across the list's width. */
export const virtualRow = css`
  position: absolute;
  top: 0;
  left: 0;
  width: 100%;
`;
