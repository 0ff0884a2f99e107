import type { CompetitionChartSeries } from '@smm/shared/runescape/competition-schemas';

/** Ten colours told apart on white (and by most colour-blind readers in the legend's order). */
export const CHART_COLORS = ['#0a58ca', '#d63384', '#198754', '#fd7e14', '#6f42c1', '#20c997', '#dc3545', '#795548', '#0dcaf0', '#495057'];

export interface ChartLine {
  userID: string;
  label: string;
  color: string;
  /** The total gained at each of the chart's times; null before the participant's first point. */
  values: (number | null)[];
  /** The latest total, for the legend. */
  latest: number;
}

export interface ChartData {
  /** Epoch seconds, oldest first: every instant any leader has a point at. */
  times: number[];
  lines: ChartLine[];
}

/**
 * The leaders' totals on one time axis. A participant's total holds between their own snapshots,
 * so each line carries its last value forward to the others' instants.
 */
export function chartData(series: readonly CompetitionChartSeries[]): ChartData {
  const times = [...new Set(series.flatMap((s) => s.points.map((p) => Date.parse(p.at) / 1000)))].sort((a, b) => a - b);
  const lines = series.map((s, index) => {
    const points = s.points.map((p) => ({ t: Date.parse(p.at) / 1000, total: p.total })).sort((a, b) => a.t - b.t);
    let next = 0;
    let current: number | null = null;
    const values = times.map((t) => {
      while (next < points.length && points[next]!.t <= t) current = points[next++]!.total;
      return current;
    });
    return {
      userID: s.userID,
      label: s.playerName ?? s.username,
      color: CHART_COLORS[index % CHART_COLORS.length]!,
      values,
      latest: points.at(-1)?.total ?? 0,
    };
  });
  return { times, lines };
}
