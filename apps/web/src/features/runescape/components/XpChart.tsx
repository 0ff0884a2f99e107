import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatStat } from '../skill-format';

export interface XpSeries {
  label: string;
  /** Epoch seconds, oldest first. */
  times: number[];
  values: (number | null)[];
}

const HEIGHT = 260;

/** Experience over time as a line (uPlot). The page gives the same data as a table for screen readers. */
export default function XpChart({ series }: { series: XpSeries }) {
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
        axes: [{ stroke: '#495057', space: 80 }, { stroke: '#495057', size: 96, values: (_u, ticks) => ticks.map((t) => formatStat(t)) }],
        series: [{}, { label: `${series.label} XP`, stroke: '#0a58ca', width: 2, fill: 'rgba(10, 88, 202, 0.08)', points: { show: true, size: 5 } }],
      },
      [series.times, series.values],
      element,
    );
    const resize = new ResizeObserver(() => chart.setSize({ width: Math.max(280, element.clientWidth), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [series]);

  return <div ref={box} className="xp-chart" aria-hidden="true" data-testid="xp-chart" />;
}
