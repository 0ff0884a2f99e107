import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link, useNavigate } from 'react-router';
import { can } from '@smm/shared/groups/policy';
import { competitionGameOf } from '@smm/shared/runescape/competition-metrics';
import type { BingoStatus, BingoSummary } from '@smm/shared/runescape/bingo-schemas';
import { Loading } from '../../../../lib/ui/Loading';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { useViewerTimeZone } from '../../../events/api/time-zone';
import { formatEventTime, zoneAbbreviation } from '../../../events/event-time';
import { GroupGate } from '../../../groups/components/area/GroupGate';
import { groupPagePath, useGroupArea } from '../../../groups/components/area/group-area';
import { CONTEST_STATUS_LABELS } from '../../contests/contest-view';
import { useBingos } from '../api/bingos';
import { bingoPath } from '../bingo-path';
import { BINGO_STATUS_ORDER } from '../bingo-view';
import { BingoFormModal } from '../components/BingoFormModal';

const EMPTY: Record<BingoStatus, string> = {
  ongoing: 'No bingo is running now.',
  upcoming: 'No bingo is planned.',
  finished: 'No bingo has finished yet.',
};

function BingoItem({ b, timeZone, groupID }: { b: BingoSummary; timeZone: string; groupID: string }) {
  return (
    <li className="list-group-item" data-bingo={b.name}>
      <div className="d-flex flex-wrap align-items-baseline gap-2">
        <Link to={bingoPath(groupID, b.bingoID)} className="fw-semibold me-auto text-break">
          {b.name}
        </Link>
        <Badge bg="secondary">
          {b.size}×{b.size}
        </Badge>
        <span className="small text-body-secondary">
          {b.teamCount} team{b.teamCount === 1 ? '' : 's'}
        </span>
      </div>
      <div className="small">
        <time dateTime={b.startsAt}>{formatEventTime(b.startsAt, timeZone)}</time> to{' '}
        <time dateTime={b.endsAt}>{formatEventTime(b.endsAt, timeZone)}</time> {zoneAbbreviation(b.endsAt, timeZone)}
      </div>
    </li>
  );
}

function Bingos() {
  const { groupID, group, context, user, area } = useGroupArea();
  const timeZone = useViewerTimeZone(user.id);
  const bingos = useBingos(groupID);
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const mayManage = can('manageBingo', context);
  useDocumentTitle('Bingo', group.groupName);

  return (
    <section aria-labelledby="bingos-title" className="mt-3">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 id="bingos-title" className="h4 mb-0 me-auto">
          Bingo
        </h2>
        {mayManage && (
          <Button size="sm" onClick={() => setCreating(true)} disabled={bingos.isPending}>
            Create bingo
          </Button>
        )}
      </div>
      <p className="small text-body-secondary">
        Times are shown in {timeZone}. <Link to="/profile">Change time zone</Link> ·{' '}
        <Link to={groupPagePath(area, 'competitions', groupID)}>Competitions</Link>
      </p>
      {bingos.isPending ? (
        <Loading label="Loading bingos…" />
      ) : bingos.isError ? (
        <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">{bingos.error.message}</span>
          <Button variant="outline-danger" size="sm" onClick={() => void bingos.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        BINGO_STATUS_ORDER.map((status) => {
          const list = bingos.data.bingos.filter((b) => b.status === status);
          return (
            <Card key={status} className="mb-3">
              <Card.Header>
                <h3 id={`bingos-${status}`} className="h5 mb-0">
                  {CONTEST_STATUS_LABELS[status]}
                </h3>
              </Card.Header>
              {list.length === 0 ? (
                <Card.Body className="text-body-secondary">{EMPTY[status]}</Card.Body>
              ) : (
                <ul className="list-group list-group-flush" aria-labelledby={`bingos-${status}`}>
                  {list.map((b) => (
                    <BingoItem key={b.bingoID} b={b} timeZone={timeZone} groupID={groupID} />
                  ))}
                </ul>
              )}
            </Card>
          );
        })
      )}
      {creating && (
        <BingoFormModal
          groupID={groupID}
          game={competitionGameOf(group.gameName)}
          timeZone={timeZone}
          detail={null}
          earlier={bingos.data?.bingos ?? []}
          onHide={() => setCreating(false)}
          onSaved={(saved) => {
            setCreating(false);
            void navigate(bingoPath(groupID, saved.bingo.bingoID));
          }}
        />
      )}
    </section>
  );
}

/** /runeScapeClan/bingos?groupID=: the clan's bingos, members only; Administrators create them. */
export default function BingosPage() {
  return (
    <GroupGate action="viewBingo">
      <Bingos />
    </GroupGate>
  );
}
