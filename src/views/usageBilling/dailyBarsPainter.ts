import uPlot from 'uplot';

/*
 * The canvas part of the tokens-per-day chart (uPlot bars): it only paints. What a day says (the readout), the
 * keyboard, the legend and the table are React's (DailyTokensChart.tsx), so the chart reads the same without a
 * canvas. Loaded on demand, in its own chunk, only where the page can paint.
 */

export interface BarColors {
  /** One colour per group of bars (the levels, or one for an unlimited plan). */
  groups: string[];
  axis: string;
  grid: string;
  cursor: string;
}

export interface BarPaintOptions {
  /** Local midnight of each day, in seconds (uPlot's time scale). */
  xs: number[];
  /** One series per colour group: a day's tokens in the group it belongs to, null in the others. */
  groups: Array<Array<number | null>>;
  width: number;
  height: number;
  colors: BarColors;
  formatX: (seconds: number) => string;
  formatY: (value: number) => string;
  /** The day under the mouse (null when the mouse leaves). */
  onHover: (index: number | null) => void;
}

export interface BarPainter {
  /** Puts the cursor on a day (the keyboard's), or takes it away. */
  point(index: number | null): void;
  resize(width: number, height: number): void;
  destroy(): void;
}

export function paintBars(target: HTMLElement, o: BarPaintOptions): BarPainter {
  let programmatic = false;
  const bars = uPlot.paths.bars?.({ size: [0.7, 28], gap: 1 });
  const top = Math.max(0, ...o.groups.flat().map((v) => v ?? 0));
  const chart = new uPlot(
    {
      width: o.width,
      height: o.height,
      legend: { show: false },
      cursor: {
        drag: { x: false, y: false, setScale: false },
        y: false,
        points: { show: false },
      },
      scales: {
        x: {
          time: true,
          // Half a day either side, so the first and last bars are whole.
          range: (_u, min, max) => [(min ?? 0) - 43_200, (max ?? 0) + 43_200],
        },
        y: { range: () => [0, top * 1.15 || 1] },
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
        ...o.groups.map((_, i) => ({
          stroke: o.colors.groups[i],
          fill: o.colors.groups[i],
          width: 0,
          paths: bars,
          points: { show: false },
        })),
      ],
      hooks: {
        setCursor: [
          (u) => {
            if (!programmatic) o.onHover(u.cursor.idx ?? null);
          },
        ],
      },
    },
    [o.xs, ...o.groups],
    target,
  );
  return {
    point(index) {
      programmatic = true;
      try {
        if (index === null) chart.setCursor({ left: -10, top: -10 });
        else chart.setCursor({ left: chart.valToPos(o.xs[index] ?? 0, 'x'), top: 0 });
      } finally {
        programmatic = false;
      }
    },
    resize: (width, height) => chart.setSize({ width, height }),
    destroy: () => chart.destroy(),
  };
}
