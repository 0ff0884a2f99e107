import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import type { SeasonDto } from '@smm/shared/civilization/ladder-schemas';
import { Loading } from '../../../lib/ui/Loading';
import { useCurrentUser } from '../../auth/app-state';
import { useViewerTimeZone } from '../../events/api/time-zone';
import { formatWithZone } from '../../events/event-time';
import { useSeasons } from '../api/get-seasons';
import { StartSeasonForm } from './StartSeasonForm';

function When({ iso, timeZone }: { iso: string; timeZone: string }) {
  return <time dateTime={iso}>{formatWithZone(iso, timeZone)}</time>;
}

function SeasonItem({ season, timeZone }: { season: SeasonDto; timeZone: string }) {
  return (
    <ListGroup.Item as="li">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="fw-semibold">{season.name}</span>
        {season.isCurrent && <Badge bg="success">Current</Badge>}
      </div>
      <dl className="civ-settings-list small mb-0">
        <div className="civ-settings-list-row">
          <dt>Started</dt>
          <dd className="text-wrap text-end">
            <When iso={season.dateStarted} timeZone={timeZone} />
          </dd>
        </div>
        <div className="civ-settings-list-row">
          <dt>Ended</dt>
          <dd className="text-wrap text-end">
            {season.dateEnded === null ? 'current' : <When iso={season.dateEnded} timeZone={timeZone} />}
          </dd>
        </div>
        <div className="civ-settings-list-row">
          <dt>Minimum games</dt>
          <dd>{season.minGames}</dd>
        </div>
      </dl>
    </ListGroup.Item>
  );
}

/**
 * The Seasons card of a Civilization group's settings (Administrators): the group's seasons and the
 * form that ends the current one and starts the next. Rankings show the current season by default.
 */
export function SeasonsCard({ groupID }: { groupID: string }) {
  const seasons = useSeasons(groupID);
  const timeZone = useViewerTimeZone(useCurrentUser().id);

  let list;
  if (seasons.isPending) list = <Loading label="Loading seasons…" />;
  else if (seasons.isError)
    list = (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2">
        <span className="me-auto">{seasons.error.message}</span>
        <Button variant="outline-danger" size="sm" onClick={() => void seasons.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  else if (seasons.data.length === 0)
    list = (
      <p className="text-body-secondary">
        No seasons yet: the rankings count every game. A season ranks the games finished in it on their own.
      </p>
    );
  else
    list = (
      <ListGroup as="ul" className="mb-3" aria-label="Seasons">
        {seasons.data.map((season) => (
          <SeasonItem key={season._id} season={season} timeZone={timeZone} />
        ))}
      </ListGroup>
    );

  return (
    <Card>
      <Card.Header>
        <h3 className="h5 mb-0">Seasons</h3>
      </Card.Header>
      <Card.Body>
        <p className="small text-body-secondary">Times are in {timeZone}.</p>
        {list}
        <StartSeasonForm groupID={groupID} current={seasons.data?.find((season) => season.isCurrent) ?? null} />
      </Card.Body>
    </Card>
  );
}
