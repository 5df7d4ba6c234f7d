import { useCallback, useId } from 'react';
import styled from 'styled-components';
import type { TrendPoint } from '../../api/schemas/dashboard';
import { colorOf, dayOf, PlotArea, ChartReadout as Readout } from '../ui/chart/chart';
import { useDayPlot } from '../ui/chart/useDayPlot';
import type { ColorName } from '../ui/theme';

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
  const hintId = useId();
  // Painted again for new points, another colour or language (its labels); the plot adds the theme.
  const paint = useCallback(
    (el: HTMLElement) => ({
      kind: 'line' as const,
      xs: points.map((pt) => dayOf(pt.date).getTime() / 1000),
      series: [
        { values: points.map((pt) => pt.value), color: colorOf(el, color), fill: faint(colorOf(el, color)) },
      ],
      colors: {
        axis: colorOf(el, 'textMuted'),
        grid: colorOf(el, 'border'),
        surface: colorOf(el, 'surface'),
      },
      formatX: (s: number) => formatAxisDay(new Date(s * 1000)),
      formatY: formatAxisValue,
      yMax,
    }),
    [points, color, formatAxisDay, formatAxisValue, yMax],
  );
  const { shown, plotProps } = useDayPlot(points.length, CHART_HEIGHT, paint);

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
        role="group"
        aria-roledescription="chart"
        aria-label={label}
        aria-describedby={hintId}
        {...plotProps}
      />
    </Frame>
  );
}
