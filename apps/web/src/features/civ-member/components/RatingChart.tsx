import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { zonedTimeAxis } from '../../../lib/charts/zoned-time-axis';

export interface RatingSeries {
  /** Epoch seconds of each counted game, oldest first. */
  times: number[];
  /** The rating after each of those games. */
  ratings: number[];
}

const HEIGHT = 260;

/**
 * A member's rating after each counted game, as a line (uPlot), its time axis on the viewer's clock.
 * The page gives the same points as a table.
 */
export default function RatingChart({ series, timeZone }: { series: RatingSeries; timeZone: string }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const width = () => Math.max(280, element.clientWidth);
    const chart = new uPlot(
      {
        width: width(),
        height: HEIGHT,
        legend: { show: false },
        scales: { x: { time: true } },
        tzDate: zonedTimeAxis(timeZone),
        axes: [
          { stroke: '#495057', space: 80 },
          { stroke: '#495057', size: 56, values: (_u, ticks) => ticks.map((t) => t.toFixed(1)) },
        ],
        series: [{}, { label: 'Rating', stroke: '#0a58ca', width: 2, fill: 'rgba(10, 88, 202, 0.08)', points: { show: true, size: 6 } }],
      },
      [series.times, series.ratings],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: width(), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [series, timeZone]);

  return <div ref={box} style={{ width: '100%', minHeight: HEIGHT }} aria-hidden="true" data-testid="rating-chart" />;
}
