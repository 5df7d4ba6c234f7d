import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import type { TrendPoint } from '../../api/schemas/dashboard';
import { canPaint, colorOf, dayAfterKey, dayOf, PlotArea, ChartReadout as Readout } from '../ui/chart';
import type { ColorName } from '../ui/theme';
import { useThemeMode } from '../ui/themeMode';
import type { Painter, TrendColors } from './trendPainter';

/** The canvas painter (uPlot), a chunk of its own: TrendsCard starts it with the card. */
export const loadTrendPainter = () => import('./trendPainter');

const CHART_HEIGHT = 160;

const Frame = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(1)};
`;

/** `#rrggbb` at about 13 % opacity. */
const faint = (hex: string) => (/^#[0-9a-f]{6}$/i.test(hex) ? `${hex}22` : 'transparent');

export interface TrendChartProps {
  points: TrendPoint[];
  /** What the chart is of, e.g. "Messages": the name of the focusable chart. */
  label: string;
  /** How to use it from the keyboard. */
  hint: string;
  color: ColorName;
  formatValue: (value: number | null) => string;
  formatDay: (date: Date) => string;
  formatAxisDay: (date: Date) => string;
  formatAxisValue: (value: number) => string;
  yMax?: number;
}

/**
 * One series as a line over the days. Hovering a point, or moving along the days with the arrow keys once the
 * chart has the focus (Home and End for the first and last), shows the day and its value above the chart.
 */
export function TrendChart({
  points,
  label,
  hint,
  color,
  formatValue,
  formatDay,
  formatAxisDay,
  formatAxisValue,
  yMax,
}: TrendChartProps) {
  const { mode } = useThemeMode();
  const plot = useRef<HTMLDivElement>(null);
  const painter = useRef<Painter | null>(null);
  const [active, setActive] = useState<number | null>(null);
  const focused = useRef(false);
  const hintId = useId();
  const last = points.length - 1;
  const shown = active !== null && active <= last ? active : null;

  // The painter is made again for new points, another theme (its colours are read from the page) or another
  // language (its labels).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of theme is the trigger to read the colours again
  useEffect(() => {
    const el = plot.current;
    if (!el || !canPaint() || points.length === 0) return;
    let cancelled = false;
    let observer: ResizeObserver | null = null;
    void loadTrendPainter().then(({ paint }) => {
      if (cancelled) return;
      const colors: TrendColors = {
        line: colorOf(el, color),
        fill: faint(colorOf(el, color)),
        axis: colorOf(el, 'textMuted'),
        grid: colorOf(el, 'border'),
        surface: colorOf(el, 'surface'),
      };
      const p = paint(el, {
        xs: points.map((pt) => dayOf(pt.date).getTime() / 1000),
        ys: points.map((pt) => pt.value),
        width: Math.max(el.clientWidth, 1),
        height: CHART_HEIGHT,
        colors,
        formatX: (s) => formatAxisDay(new Date(s * 1000)),
        formatY: formatAxisValue,
        yMax,
        onHover: (i) => {
          if (i !== null || !focused.current) setActive(i);
        },
      });
      painter.current = p;
      observer = new ResizeObserver(() => p.resize(Math.max(el.clientWidth, 1), CHART_HEIGHT));
      observer.observe(el);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      painter.current?.destroy();
      painter.current = null;
    };
  }, [points, color, mode, formatAxisDay, formatAxisValue, yMax]);

  const moveTo = (i: number | null) => {
    setActive(i);
    painter.current?.point(i);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const to = dayAfterKey(e.key, shown ?? last, last);
    if (to === null) return;
    e.preventDefault();
    moveTo(to);
  };

  const point = shown === null ? undefined : points[shown];
  return (
    <Frame>
      <Readout aria-live="polite" aria-atomic="true" data-testid="trend-readout">
        {point && (
          <>
            {formatDay(dayOf(point.date))}: <strong>{formatValue(point.value)}</strong>
          </>
        )}
      </Readout>
      <span id={hintId} className="visually-hidden">
        {hint}
      </span>
      <PlotArea
        $height={CHART_HEIGHT}
        ref={plot}
        role="group"
        aria-roledescription="chart"
        aria-label={label}
        aria-describedby={hintId}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onFocus={() => {
          focused.current = true;
          moveTo(shown ?? last);
        }}
        onBlur={() => {
          focused.current = false;
          moveTo(null);
        }}
      />
    </Frame>
  );
}
