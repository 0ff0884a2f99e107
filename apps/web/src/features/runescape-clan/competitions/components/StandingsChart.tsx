import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { zonedTimeAxis } from '../../../../lib/charts/zoned-time-axis';
import { formatStat } from '../../../runescape/skill-format';
import type { ChartData } from '../competition-chart';

const HEIGHT = 280;

/**
 * The leaders' gains over time, one line each (uPlot). The page names the lines in its own legend
 * and gives the same numbers as a table, so the canvas is hidden from screen readers.
 */
export default function StandingsChart({ data, timeZone }: { data: ChartData; timeZone: string }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const chart = new uPlot(
      {
        width: Math.max(280, element.clientWidth),
        height: HEIGHT,
        legend: { show: false },
        scales: { x: { time: true } },
        // The time axis reads on the viewer's clock, like every time on the page.
        tzDate: zonedTimeAxis(timeZone),
        axes: [
          { stroke: '#495057', space: 80 },
          { stroke: '#495057', size: 80, values: (_u, ticks) => ticks.map((t) => formatStat(t)) },
        ],
        series: [
          {},
          ...data.lines.map((line) => ({
            label: line.label,
            stroke: line.color,
            width: 2,
            spanGaps: true,
            points: { show: true, size: 5 },
          })),
        ],
      },
      [data.times, ...data.lines.map((line) => line.values)],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(280, element.clientWidth), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [data, timeZone]);

  return <div ref={box} className="xp-chart" aria-hidden="true" data-testid="competition-chart" data-points={data.times.length} />;
}
