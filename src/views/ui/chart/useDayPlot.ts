import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useThemeMode } from '../themeMode';
import { canPaint, dayAfterKey, loadDayPainter } from './chart';
import type { DayPainter, DayPaintOptions } from './dayPainter';

/** What a chart gives the painter: everything but the size and the hover, which the plot handles. */
export type DayPlotPaint = Omit<DayPaintOptions, 'width' | 'height' | 'onHover'>;

/**
 * A day-by-day chart's plot: paints `paint(el)` when the page can (again for a new `paint`, or another theme,
 * whose colours it reads from the page), follows the plot's width, and keeps which day is shown. Hovering a
 * day, or the arrow keys once the plot has the focus (Home and End for the first and last), show it; leaving
 * the plot takes it away. `paint` should change only when what is drawn does (useCallback).
 */
export function useDayPlot(days: number, height: number, paint: (el: HTMLElement) => DayPlotPaint) {
  const { mode } = useThemeMode();
  const plot = useRef<HTMLDivElement>(null);
  const painter = useRef<DayPainter | null>(null);
  const [active, setActive] = useState<number | null>(null);
  const focused = useRef(false);
  const last = days - 1;
  const shown = active !== null && active <= last ? active : null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of theme is the trigger to read the colours again
  useEffect(() => {
    const el = plot.current;
    if (!el || !canPaint() || days === 0) return;
    let cancelled = false;
    let observer: ResizeObserver | null = null;
    void loadDayPainter().then(({ paintDays }) => {
      if (cancelled) return;
      const p = paintDays(el, {
        ...paint(el),
        width: Math.max(el.clientWidth, 1),
        height,
        onHover: (i) => {
          if (i !== null || !focused.current) setActive(i);
        },
      });
      painter.current = p;
      observer = new ResizeObserver(() => p.resize(Math.max(el.clientWidth, 1), height));
      observer.observe(el);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      painter.current?.destroy();
      painter.current = null;
    };
  }, [days, height, paint, mode]);

  const moveTo = (i: number | null) => {
    setActive(i);
    painter.current?.point(i);
  };

  const plotProps = {
    ref: plot,
    tabIndex: 0,
    onKeyDown: (e: KeyboardEvent) => {
      const to = dayAfterKey(e.key, shown ?? last, last);
      if (to === null) return;
      e.preventDefault();
      moveTo(to);
    },
    onFocus: () => {
      focused.current = true;
      moveTo(shown ?? last);
    },
    onBlur: () => {
      focused.current = false;
      moveTo(null);
    },
  };
  return { shown, plotProps };
}
