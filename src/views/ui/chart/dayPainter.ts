import uPlot from 'uplot';

/*
 * The canvas part of the product's day-by-day charts (uPlot), one builder for both: the dashboard's trends (a
 * line) and the usage's tokens per day (bars, one series per colour). It only paints. What a day says (the
 * readout), the keyboard and the table are React's (useDayPlot and the charts), so a chart reads the same
 * without a canvas (tests, screen readers). Loaded on demand, in its own chunk, only where the page can paint.
 */

export interface DaySeries {
  /** One value per day; null where the series has none (a gap, or a day of another colour group). */
  values: Array<number | null>;
  color: string;
  /** Under a line: its colour, faint. */
  fill?: string;
}

export interface DayPaintOptions {
  kind: 'line' | 'bars';
  /** Local midnight of each day, in seconds (uPlot's time scale). */
  xs: number[];
  series: DaySeries[];
  width: number;
  height: number;
  colors: {
    axis: string;
    grid: string;
    /** The page behind the chart: the ring around the point the cursor is on. */
    surface: string;
  };
  formatX: (seconds: number) => string;
  formatY: (value: number) => string;
  /** Largest value the y axis must show (a share goes up to 1 at most). */
  yMax?: number;
  /** The day under the mouse (null when the mouse leaves). */
  onHover: (index: number | null) => void;
}

export interface DayPainter {
  /** Puts the cursor on a day (the keyboard's), or takes it away. */
  point(index: number | null): void;
  resize(width: number, height: number): void;
  destroy(): void;
}

const HALF_DAY = 43_200;

function seriesOf(o: DayPaintOptions): uPlot.Series[] {
  if (o.kind === 'bars') {
    const bars = uPlot.paths.bars?.({ size: [0.7, 28], gap: 1 });
    return o.series.map((s) => ({
      stroke: s.color,
      fill: s.color,
      width: 0,
      paths: bars,
      points: { show: false },
    }));
  }
  return o.series.map((s) => ({
    stroke: s.color,
    fill: s.fill,
    width: 2,
    spanGaps: false,
    points: { show: o.xs.length <= 31, size: 5, fill: s.color },
  }));
}

export function paintDays(target: HTMLElement, o: DayPaintOptions): DayPainter {
  let programmatic = false;
  const line = o.kind === 'line';
  const first = o.series[0];
  const chart = new uPlot(
    {
      width: o.width,
      height: o.height,
      legend: { show: false },
      cursor: {
        drag: { x: false, y: false, setScale: false },
        y: false,
        points: line
          ? { size: 9, width: 2, fill: first?.color ?? o.colors.axis, stroke: o.colors.surface }
          : { show: false },
      },
      scales: {
        // Bars get half a day either side, so the first and last are whole.
        x: line
          ? { time: true }
          : { time: true, range: (_u, min, max) => [(min ?? 0) - HALF_DAY, (max ?? 0) + HALF_DAY] },
        y: {
          range: (_u, _min, max) => {
            const top = Math.max(max ?? 0, 0);
            return [0, o.yMax !== undefined ? Math.min(o.yMax, top * 1.15 || o.yMax) : top * 1.15 || 1];
          },
        },
      },
      axes: [
        {
          stroke: o.colors.axis,
          grid: { show: false },
          ticks: { stroke: o.colors.grid, width: 1, size: 4 },
          size: 32,
          values: (_u, splits) => splits.map((s) => o.formatX(s)),
        },
        {
          stroke: o.colors.axis,
          grid: { stroke: o.colors.grid, width: 1 },
          ticks: { show: false },
          size: 56,
          values: (_u, splits) => splits.map((v) => o.formatY(v)),
        },
      ],
      series: [{}, ...seriesOf(o)],
      hooks: {
        setCursor: [
          (u) => {
            if (!programmatic) o.onHover(u.cursor.idx ?? null);
          },
        ],
      },
    },
    [o.xs, ...o.series.map((s) => s.values)],
    target,
  );
  return {
    point(index) {
      programmatic = true;
      try {
        if (index === null) chart.setCursor({ left: -10, top: -10 });
        else {
          const left = chart.valToPos(o.xs[index] ?? 0, 'x');
          // A line's cursor sits on its point; a bar's only marks the day.
          const top = line ? chart.valToPos(first?.values[index] ?? 0, 'y') : 0;
          chart.setCursor({ left, top });
        }
      } finally {
        programmatic = false;
      }
    },
    resize: (width, height) => chart.setSize({ width, height }),
    destroy: () => chart.destroy(),
  };
}
