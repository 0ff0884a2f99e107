import { lazy, Suspense, useMemo } from 'react';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { MemberStatsDto } from '@smm/shared/civilization/ladder-schemas';
import type { LinkUrl } from '@smm/shared/games/catalogue';
import { Loading } from '../../../lib/ui/Loading';
import { formatPlacement, formatRating, formatRatingChange } from '../../civ-rankings/ladder-format';
import { groupPagePath } from '../../groups/components/area/group-area';

// The chart library is fetched only when a member's chart is drawn, never with the rest of the app.
const RatingChart = lazy(() => import('./RatingChart'));

type RatingPoint = MemberStatsDto['ratingHistory'][number];

const changeClass = (delta: number) => {
  const text = formatRatingChange(delta);
  if (text.startsWith('+')) return 'text-end text-success fw-semibold';
  if (text.startsWith('-')) return 'text-end text-danger fw-semibold';
  return 'text-end';
};

interface Props {
  area: LinkUrl;
  groupID: string;
  username: string;
  /** "FFA" or "Teams". */
  gameTypeLabel: string;
  points: readonly RatingPoint[];
  /** The viewer's zone: the one chosen on their profile, else the browser's. */
  timeZone: string;
}

/** The rating after each counted game: a chart for the eye and, for everyone, the same points as a table linking to each game. */
export function RatingHistory({ area, groupID, username, gameTypeLabel, points, timeZone: zone }: Props) {
  const dateTime = useMemo(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: zone }), [zone]);
  const series = useMemo(() => ({ times: points.map((p) => Date.parse(p.date) / 1000), ratings: points.map((p) => p.rating) }), [points]);
  const gamePath = (gameID: string) => `${groupPagePath(area, 'civGame', groupID)}&gameID=${encodeURIComponent(gameID)}`;
  const first = points[0];
  const last = points.at(-1);
  const best = Math.max(...points.map((p) => p.rating));

  return (
    <Card as="section" aria-labelledby="rating-history-title" className="mb-4">
      <Card.Header>
        <h2 id="rating-history-title" className="h5 mb-0">
          Rating History - {gameTypeLabel}
        </h2>
      </Card.Header>
      <Card.Body>
        {points.length < 2 || !first || !last ? (
          <p className="text-body-secondary mb-0">The chart appears once {username} has two counted games.</p>
        ) : (
          <figure className="mb-0" aria-labelledby="rating-chart-caption">
            <Suspense fallback={<Loading label="Loading chart…" />}>
              <RatingChart series={series} timeZone={zone} />
            </Suspense>
            <figcaption id="rating-chart-caption" className="small text-body-secondary mt-1">
              Rating of {username} after each of {points.length} counted games, from {formatRating(first.rating)} to{' '}
              {formatRating(last.rating)} (best {formatRating(best)}).
            </figcaption>
          </figure>
        )}
        <p id="rating-history-note" className="small text-body-secondary mt-3 mb-0">
          Each counted game, newest first; times in your time zone ({zone}).
        </p>
      </Card.Body>
      <Table
        responsive
        hover
        size="sm"
        className="mb-0 align-middle rankings-table"
        aria-labelledby="rating-history-title"
        aria-describedby="rating-history-note"
      >
        <thead>
          <tr>
            <th scope="col">Game</th>
            <th scope="col">Date</th>
            <th scope="col" className="text-end">
              Placement
            </th>
            <th scope="col" className="text-end">
              Rating
            </th>
            <th scope="col" className="text-end">
              Change
            </th>
          </tr>
        </thead>
        <tbody>
          {[...points].reverse().map((point) => (
            <tr key={point.gameID}>
              <th scope="row" className="fw-semibold">
                <Link to={gamePath(point.gameID)}>{point.gameName}</Link>
              </th>
              <td className="text-nowrap">
                <time dateTime={point.date}>{dateTime.format(new Date(point.date))}</time>
              </td>
              <td className="text-end">{formatPlacement(point.placement)}</td>
              <td className="text-end">{formatRating(point.rating)}</td>
              <td className={changeClass(point.delta)}>{formatRatingChange(point.delta)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
