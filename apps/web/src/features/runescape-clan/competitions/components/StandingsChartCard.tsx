import { lazy, Suspense, useMemo } from 'react';
import Card from 'react-bootstrap/Card';
import { COMPETITION_CHART_TOP, type CompetitionDetail } from '@smm/shared/runescape/competition-schemas';
import { Loading } from '../../../../lib/ui/Loading';
import { formatWithZone } from '../../../events/event-time';
import { chartData } from '../competition-chart';
import { formatGain } from '../competition-view';

// The chart library is fetched only when a chart is drawn, never with the rest of the app.
const StandingsChart = lazy(() => import('./StandingsChart'));

/** The top participants' totals over the competition: the lines, a legend naming them, and the numbers as a table for screen readers. */
export function StandingsChartCard({ detail, timeZone }: { detail: CompetitionDetail; timeZone: string }) {
  const data = useMemo(() => chartData(detail.chart), [detail.chart]);
  const hasPoints = data.times.length > 0;
  return (
    <Card className="mt-3">
      <Card.Header>
        <h3 id="competition-chart-title" className="h5 mb-0">
          Top {COMPETITION_CHART_TOP} over time
        </h3>
      </Card.Header>
      <Card.Body>
        {!hasPoints ? (
          <p className="text-body-secondary mb-0">
            {detail.competition.status === 'upcoming'
              ? 'The chart starts when the competition does.'
              : 'No snapshot since the start yet; the chart fills as the accounts are refreshed.'}
          </p>
        ) : (
          <figure className="mb-0" aria-labelledby="competition-chart-caption">
            <Suspense fallback={<Loading label="Loading chart…" />}>
              <StandingsChart data={data} timeZone={timeZone} />
            </Suspense>
            <figcaption id="competition-chart-caption" className="small text-body-secondary mt-1">
              Total gained by the top {data.lines.length} at each of {data.times.length} snapshot{data.times.length === 1 ? '' : 's'}.
            </figcaption>
            <ol className="list-unstyled d-flex flex-wrap gap-3 small mt-2 mb-0" aria-label="Chart legend">
              {data.lines.map((line) => (
                <li key={line.userID} className="d-flex align-items-center gap-1">
                  <svg width="14" height="4" aria-hidden="true" focusable="false">
                    <rect width="14" height="4" fill={line.color} />
                  </svg>
                  {line.label} <span className="text-body-secondary">{formatGain(line.latest)}</span>
                </li>
              ))}
            </ol>
            {/* A table keeps its content's width whatever its own, so the box around it is what is hidden. */}
            <div className="visually-hidden">
              <table>
                <caption>Total gained by snapshot</caption>
                <thead>
                  <tr>
                    <th scope="col">Participant</th>
                    <th scope="col">Snapshot</th>
                    <th scope="col">Total gained</th>
                  </tr>
                </thead>
                <tbody>
                  {detail.chart.flatMap((s) =>
                    s.points.map((p) => (
                      <tr key={`${s.userID}-${p.at}`}>
                        <th scope="row">{s.playerName ?? s.username}</th>
                        <td>{formatWithZone(p.at, timeZone)}</td>
                        <td>{formatGain(p.total)}</td>
                      </tr>
                    )),
                  )}
                </tbody>
              </table>
            </div>
          </figure>
        )}
      </Card.Body>
    </Card>
  );
}
