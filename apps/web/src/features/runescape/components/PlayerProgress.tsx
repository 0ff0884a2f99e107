import { lazy, Suspense, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import type { PlayerHistory } from '@smm/shared/runescape/clan-schemas';
import { OVERALL, skillsOfGame, type ClanGame, type ClanStatKey } from '@smm/shared/runescape/tracked-skills';
import { Loading } from '../../../lib/ui/Loading';
import { usePlayerHistory } from '../../runescape-clan/api/clan-stats';
import { useReaderTimeZone, useReadTime } from '../read-time';
import { formatStat } from '../skill-format';
import { HiscoresTable } from './HiscoresTable';
import { StatsCard } from './StatsCard';

// The chart library is fetched only when a chart is drawn, never with the rest of the app.
const XpChart = lazy(() => import('./XpChart'));

/** The total, then each skill of the account's game under that game's names. */
const statsOf = (game: ClanGame): { id: ClanStatKey; label: string }[] => [
  { id: OVERALL, label: 'Total' },
  ...skillsOfGame(game).map((s) => ({ id: s.id, label: s.label })),
];
/** A record: the gain and the day it ended (in the reader's zone), or '-' when there is none yet. */
const gain = (record: { gained: number; endedAt: string } | null | undefined, day: Intl.DateTimeFormat) =>
  record ? `+${formatStat(record.gained)} (${day.format(new Date(record.endedAt))})` : '-';

function valueOf(point: PlayerHistory['points'][number], stat: ClanStatKey) {
  return stat === OVERALL ? point.overall : (point.skills[stat] ?? null);
}

function Progress({ history }: { history: PlayerHistory }) {
  const [stat, setStat] = useState<ClanStatKey>(OVERALL);
  const readTime = useReadTime();
  const timeZone = useReaderTimeZone();
  const day = useMemo(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone }), [timeZone]);
  const stats = useMemo(() => statsOf(history.game), [history.game]);
  const label = stats.find((s) => s.id === stat)?.label ?? 'Total';
  const series = useMemo(() => {
    const times = history.points.map((p) => Date.parse(p.takenAt) / 1000);
    const values = history.points.map((p) => valueOf(p, stat));
    // A new link has one snapshot: the line runs from it to now at that value, so the chart starts at the link.
    if (times.length === 1) {
      times.push(Math.max(times[0]! + 60, Date.now() / 1000));
      values.push(values[0]!);
    }
    return { label, times, values };
  }, [history, stat, label]);
  const records = history.records.filter((r) => r.day || r.week);

  return (
    <>
      <Card className="mt-3">
        <Card.Header className="d-flex flex-wrap align-items-center gap-2">
          <h2 id="xp-chart-heading" className="h5 mb-0 me-auto">
            Experience over time
          </h2>
          <Form.Group controlId="xp-chart-stat" className="d-flex align-items-center gap-2">
            <Form.Label className="mb-0">Skill</Form.Label>
            <Form.Select size="sm" value={stat} onChange={(e) => setStat(e.target.value as ClanStatKey)}>
              {stats.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </Card.Header>
        <Card.Body>
          {history.points.length === 0 ? (
            <p className="text-body-secondary mb-0">
              No snapshot of {history.playerName} yet; the clan refreshes linked accounts every six hours.
            </p>
          ) : (
            <figure className="mb-0" aria-labelledby="xp-chart-caption">
              <Suspense fallback={<Loading label="Loading chart…" />}>
                <XpChart series={series} />
              </Suspense>
              <figcaption id="xp-chart-caption" className="small text-body-secondary mt-1">
                {history.points.length === 1
                  ? `${label} experience of ${history.playerName} since the link: ${formatStat(series.values[0] ?? null)}; the next refresh (every six hours) adds a point.`
                  : `${label} experience of ${history.playerName} at each of ${history.points.length} snapshots, from ${formatStat(series.values.find((v) => v !== null))} to ${formatStat(series.values.findLast((v) => v !== null))}.`}
              </figcaption>
              <table className="visually-hidden">
                <caption>{label} experience by date</caption>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">{label} XP</th>
                  </tr>
                </thead>
                <tbody>
                  {history.points.map((p) => (
                    <tr key={p.takenAt}>
                      <td>{readTime(p.takenAt)}</td>
                      <td>{formatStat(valueOf(p, stat))}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </figure>
          )}
        </Card.Body>
      </Card>
      <StatsCard headingId="records-heading" title="Records" empty="No gains recorded yet.">
        {records.length > 0 ? (
          <HiscoresTable
            labelledBy="records-heading"
            columns={['Skill', 'Best day', 'Best week']}
            rows={records.map((r) => ({
              key: r.stat,
              name: stats.find((s) => s.id === r.stat)?.label ?? r.stat,
              values: [gain(r.day, day), gain(r.week, day)],
            }))}
          />
        ) : undefined}
      </StatsCard>
    </>
  );
}

/** For a clan member's linked account: the XP chart per skill and for the total, and their records. */
export function PlayerProgress({ groupID, userID }: { groupID: string; userID: string }) {
  const history = usePlayerHistory({ groupID, userID });
  if (history.isPending) return <Loading label="Loading progress…" />;
  if (history.isError)
    return (
      <Alert variant="warning" className="mt-3">
        {history.error.message}
      </Alert>
    );
  return <Progress history={history.data} />;
}
