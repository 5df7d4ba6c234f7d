import { useEffect } from 'react';
import styled from 'styled-components';
import { type ColorName, cssVar } from '../theme';

/*
 * What the product's day-by-day charts share (the dashboard's trends, the usage's tokens per day): the plot
 * area with the few rules of uPlot's stylesheet they need, the table a chart can be read as, and how a canvas
 * gets the theme's colours. The uPlot painter (dayPainter.ts, one for both) is loaded on demand.
 */

/** The focusable box a painter draws into. */
export const PlotArea = styled.div<{ $height: number }>`
  position: relative;
  height: ${({ $height }) => $height}px;
  /* A canvas still of its old width for a frame after the page narrows never widens the page. */
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radius.sm};
  outline-offset: 2px;
  cursor: crosshair;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; }
  /* What the chart needs of uPlot's stylesheet. */
  .uplot { width: 100%; line-height: 1.5; }
  .uplot, .uplot * { box-sizing: border-box; }
  .u-wrap { position: relative; user-select: none; }
  .u-over, .u-under, .u-axis { position: absolute; }
  .u-under { overflow: hidden; }
  .uplot canvas { display: block; position: relative; width: 100%; height: 100%; }
  .u-cursor-x, .u-cursor-y, .u-cursor-pt { position: absolute; left: 0; top: 0; pointer-events: none; }
  .u-cursor-x { height: 100%; border-right: 1px dashed ${({ theme }) => theme.color.borderStrong}; }
  .u-cursor-pt { border-radius: 50%; border: 0 solid; background-clip: padding-box !important; }
  .u-select, .u-axis.u-off, .u-cursor-x.u-off, .u-cursor-y.u-off, .u-cursor-pt.u-off { display: none; }
`;

/** The value of the point the mouse or the keyboard is on: a readout above a chart, read out politely. */
export const ChartReadout = styled.p`
  min-height: 1.5em;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.color.textMuted};
  font-variant-numeric: tabular-nums;
  strong { color: ${({ theme }) => theme.color.text}; }
`;

/** A chart's figures as a table ("Show as table"): a scrolling, focusable region with a caption. */
export const ChartTable = styled.div`
  max-height: 280px;
  overflow: auto;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.sm};
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.color.focus}; outline-offset: 2px; }
  table { width: 100%; border-collapse: collapse; font-size: ${({ theme }) => theme.font.size.sm}; }
  caption {
    padding: ${({ theme }) => theme.space(2)};
    text-align: start;
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
  th, td {
    padding: ${({ theme }) => theme.space(1.5)} ${({ theme }) => theme.space(2)};
    border-top: 1px solid ${({ theme }) => theme.color.border};
    text-align: start;
  }
  td:last-child, th:last-child { text-align: end; font-variant-numeric: tabular-nums; }
  thead th {
    position: sticky;
    top: 0;
    background: ${({ theme }) => theme.color.surfaceAlt};
    font-weight: ${({ theme }) => theme.font.weight.medium};
  }
`;

/** Local midnight of a YYYY-MM-DD day. */
export const dayOf = (date: string) => {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  return new Date(y, m - 1, d);
};

/**
 * The day a key moves a focused chart to, from day `from` of `0..last`: the arrows step (left and down back,
 * right and up on), Home and End go to the ends; null for any other key.
 */
export function dayAfterKey(key: string, from: number, last: number): number | null {
  if (key === 'ArrowLeft' || key === 'ArrowDown') return Math.max(0, from - 1);
  if (key === 'ArrowRight' || key === 'ArrowUp') return Math.min(last, from + 1);
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return null;
}

/** Whether this page can paint on a canvas (not so in a test's DOM, which then shows the readout and table). */
export const canPaint = () =>
  typeof window !== 'undefined' &&
  typeof window.CanvasRenderingContext2D === 'function' &&
  typeof window.matchMedia === 'function' &&
  typeof ResizeObserver === 'function';

/** The canvas painter (uPlot), a chunk of its own that both charts share. */
export const loadDayPainter = () => import('./dayPainter');

/**
 * Starts loading a chart's painter (the canvas library) when the card that will hold the chart appears, not
 * when its data arrives: the two then travel together instead of one after the other.
 */
export function usePainterEarly() {
  useEffect(() => {
    if (canPaint()) void loadDayPainter().catch(() => {});
  }, []);
}

/** A theme colour as a canvas needs it (the page's current value of the custom property). */
export const colorOf = (el: Element, name: ColorName) =>
  getComputedStyle(el).getPropertyValue(cssVar('c', name)).trim();
