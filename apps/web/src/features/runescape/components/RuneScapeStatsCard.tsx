import Card from 'react-bootstrap/Card';
import { Link, useNavigate } from 'react-router';
import type { OsrsDetailsParams } from '@smm/shared/runescape/schemas';
import { OsrsLookupForm } from './OsrsLookupForm';

/** `/osrsStats` address of one lookup; also what clan pages link to. */
export const osrsStatsPath = ({ playerName, gameMode }: OsrsDetailsParams) => `/osrsStats?${new URLSearchParams({ playerName, gameMode })}`;

/** A 'RuneScape Stats' lookup that opens the stats page. */
export function RuneScapeStatsCard({ className }: { className?: string }) {
  const navigate = useNavigate();
  return (
    <Card className={className}>
      <Card.Body>
        <h2 className="h5">RuneScape Stats</h2>
        <p className="text-body-secondary">
          Look up an Old School RuneScape player&apos;s skills on the official hiscores, or open the{' '}
          <Link to="/osrsStats">Old School RuneScape Stats</Link> page.
        </p>
        <OsrsLookupForm idPrefix="profile-osrs" onLookup={(params) => navigate(osrsStatsPath(params))} />
      </Card.Body>
    </Card>
  );
}
