import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import type { ClanStats } from '@smm/shared/runescape/clan-schemas';
import { formatGain } from '../format';
import { playerPagePath } from '../player-path';

const PERIOD_TEXT = { day: 'today', week: 'this week', month: 'this month' } as const;

/** The clan's top gainers of total experience in the period. */
export function TopGainers({ stats }: { stats: ClanStats }) {
  const byUser = new Map(stats.members.map((m) => [m.userID, m]));
  return (
    <Card className="mb-3">
      <Card.Body>
        <h3 className="h6">Top gainers {PERIOD_TEXT[stats.period]}</h3>
        {stats.topGainers.length === 0 ? (
          <p className="text-body-secondary mb-0">No experience gained in this period yet.</p>
        ) : (
          <ol className="mb-0 top-gainers">
            {stats.topGainers.map((g) => {
              const member = byUser.get(g.userID);
              return (
                <li key={g.userID}>
                  {member ? <Link to={playerPagePath(stats.groupID, member)}>{g.playerName}</Link> : g.playerName}{' '}
                  <span className="text-body-secondary">({g.username})</span> <strong>{formatGain(g.gained)} XP</strong>
                </li>
              );
            })}
          </ol>
        )}
      </Card.Body>
    </Card>
  );
}
