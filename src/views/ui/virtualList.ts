import { useVirtualizer, type VirtualizerOptions } from '@tanstack/react-virtual';
import type { RefObject } from 'react';
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

/**
 * A virtualizer over `items` in the scroller `scrollRef` points at, rendering six rows beyond each edge.
 * With `itemKey`, a row is keyed by its item, so it keeps its measured size when the list changes around it.
 */
export function useVirtualRows<T>(
  items: readonly T[],
  scrollRef: RefObject<HTMLDivElement | null>,
  {
    estimate,
    itemKey,
    observeElementRect,
  }: {
    /** A row's height in px until it is measured (for good, where rows are not measured). */
    estimate: number;
    itemKey?: (item: T) => string | number;
    observeElementRect?: VirtualizerOptions<HTMLDivElement, Element>['observeElementRect'];
  },
) {
  return useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimate,
    overscan: 6,
    getItemKey: (index) => {
      const item = items[index];
      return itemKey && item !== undefined ? itemKey(item) : index;
    },
    ...(observeElementRect && { observeElementRect }),
  });
}
