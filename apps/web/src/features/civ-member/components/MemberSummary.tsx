import Card from 'react-bootstrap/Card';
import type { MemberStatisticsDto } from '@smm/shared/civilization/ladder-schemas';
import { formatAveragePlacement, formatRating, formatWinRate } from '../../civ-rankings/ladder-format';

/** The member's totals for one game type: games, wins, average placement, current and best rating. */
export function MemberSummary({ statistics, gameTypeLabel }: { statistics: MemberStatisticsDto; gameTypeLabel: string }) {
  const facts: [string, string][] = [
    ['Games', String(statistics.gamesPlayed)],
    ['Wins', statistics.gamesPlayed ? `${statistics.wins} (${formatWinRate(statistics.wins / statistics.gamesPlayed)})` : '0'],
    ['Average Placement', formatAveragePlacement(statistics.averagePlacement)],
    ['Current Rating', formatRating(statistics.rating)],
    ['Best Rating', formatRating(statistics.bestRating)],
  ];
  return (
    <Card as="section" aria-labelledby="member-statistics-title" className="mb-4">
      <Card.Header>
        <h2 id="member-statistics-title" className="h5 mb-0">
          Statistics - {gameTypeLabel}
        </h2>
      </Card.Header>
      <Card.Body>
        <dl className="row row-cols-2 row-cols-md-3 row-cols-lg-5 g-3 mb-0" data-testid="member-statistics">
          {facts.map(([label, value]) => (
            <div key={label} className="col">
              <dt className="small text-body-secondary fw-normal">{label}</dt>
              <dd className="fs-5 fw-semibold mb-0">{value}</dd>
            </div>
          ))}
        </dl>
      </Card.Body>
    </Card>
  );
}
