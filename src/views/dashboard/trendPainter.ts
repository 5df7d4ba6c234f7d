import uPlot from 'uplot';

/*
 * The canvas part of a trend chart (uPlot): it only paints. What a point says (the readout), the keyboard and
 * the table are React's (TrendChart.tsx), so the chart reads the same without a canvas (tests, screen readers).
 * Loaded on demand, in its own chunk, only where the page can paint a canvas. The few rules of uPlot's
 * stylesheet it needs are the chart's own (TrendChart.tsx), so they come with the chart, not with every page.
 */

export interface TrendColors {
  line: string;
  /** The line's colour, faint, under it. */
  fill: string;
  axis: string;
  grid: string;
  /** The page behind the chart: the ring around the point the cursor is on. */
  surface: string;
}

export interface PaintOptions {
  /** Local midnight of each day, in seconds (uPlot's time scale). */
  xs: number[];
  ys: Array<number | null>;
  width: number;
  height: number;
  colors: TrendColors;
  formatX: (seconds: number) => string;
  formatY: (value: number) => string;
  /** Largest value the y axis must show (a share goes up to 1 at most). */
  yMax?: number;
  /** The point under the mouse (null when the mouse leaves). */
  onHover: (index: number | null) => void;
}

export interface Painter {
  /** Puts the cursor on a point (the keyboard's), or takes it away. */
  point(index: number | null): void;
  resize(width: number, height: number): void;
  destroy(): void;
}

export function paint(target: HTMLElement, o: PaintOptions): Painter {
  let programmatic = false;
  const chart = new uPlot(
    {
      width: o.width,
      height: o.height,
      legend: { show: false },
      cursor: {
        drag: { x: false, y: false, setScale: false },
        y: false,
        points: { size: 9, width: 2, fill: o.colors.line, stroke: o.colors.surface },
      },
      scales: {
        x: { time: true },
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
      series: [
        {},
        {
          stroke: o.colors.line,
          fill: o.colors.fill,
          width: 2,
          spanGaps: false,
          points: { show: o.xs.length <= 31, size: 5, fill: o.colors.line },
        },
      ],
      hooks: {
        setCursor: [
          (u) => {
            if (!programmatic) o.onHover(u.cursor.idx ?? null);
          },
        ],
      },
    },
    [o.xs, o.ys],
    target,
  );
  return {
    point(index) {
      programmatic = true;
      try {
        if (index === null) chart.setCursor({ left: -10, top: -10 });
        else {
          const x = o.xs[index] ?? 0;
          const y = o.ys[index] ?? 0;
          chart.setCursor({ left: chart.valToPos(x, 'x'), top: chart.valToPos(y, 'y') });
        }
      } finally {
        programmatic = false;
      }
    },
    resize: (width, height) => chart.setSize({ width, height }),
    destroy: () => chart.destroy(),
  };
}
