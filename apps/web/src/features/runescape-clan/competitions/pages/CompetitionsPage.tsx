import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link, useNavigate } from 'react-router';
import { can } from '@smm/shared/groups/policy';
import { competitionGameOf } from '@smm/shared/runescape/competition-metrics';
import type { CompetitionStatus, CompetitionSummary } from '@smm/shared/runescape/competition-schemas';
import { Loading } from '../../../../lib/ui/Loading';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { useViewerTimeZone } from '../../../events/api/time-zone';
import { formatEventTime, zoneAbbreviation } from '../../../events/event-time';
import { GroupGate } from '../../../groups/components/area/GroupGate';
import { groupPagePath, useGroupArea } from '../../../groups/components/area/group-area';
import { useCompetitions } from '../api/competitions';
import { competitionPath } from '../competition-path';
import { bySection, KIND_LABELS, metricLabel, STATUS_ORDER } from '../competition-view';
import { CONTEST_STATUS_LABELS } from '../../contests/contest-view';
import { CompetitionFormModal } from '../components/CompetitionFormModal';

const EMPTY: Record<CompetitionStatus, string> = {
  ongoing: 'No competition is running now.',
  upcoming: 'No competition is planned.',
  finished: 'No competition has finished yet.',
};

function CompetitionItem({ c, timeZone, groupID }: { c: CompetitionSummary; timeZone: string; groupID: string }) {
  const { group } = useGroupArea();
  const game = competitionGameOf(group.gameName);
  return (
    <li className="list-group-item" data-competition={c.name}>
      <div className="d-flex flex-wrap align-items-baseline gap-2">
        <Link to={competitionPath(groupID, c.competitionID)} className="fw-semibold me-auto">
          {c.name}
        </Link>
        <Badge bg="secondary">{KIND_LABELS[c.kind]}</Badge>
        <span className="small text-body-secondary">
          {c.participantCount} participant{c.participantCount === 1 ? '' : 's'}
          {c.kind === 'teams' ? `, ${c.teamCount} team${c.teamCount === 1 ? '' : 's'}` : ''}
        </span>
      </div>
      <div className="small">
        <time dateTime={c.startsAt}>{formatEventTime(c.startsAt, timeZone)}</time> to{' '}
        <time dateTime={c.endsAt}>{formatEventTime(c.endsAt, timeZone)}</time> {zoneAbbreviation(c.endsAt, timeZone)}
      </div>
      <div className="small text-body-secondary">{c.metrics.map((m) => metricLabel(game, m)).join(', ')}</div>
    </li>
  );
}

function Competitions() {
  const { groupID, group, context, user, area } = useGroupArea();
  const timeZone = useViewerTimeZone(user.id);
  const competitions = useCompetitions(groupID);
  const [creating, setCreating] = useState(false);
  const navigate = useNavigate();
  const mayManage = can('manageCompetitions', context);
  useDocumentTitle('Competitions', group.groupName);

  return (
    <section aria-labelledby="competitions-title" className="mt-3">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 id="competitions-title" className="h4 mb-0 me-auto">
          Competitions
        </h2>
        {mayManage && (
          <Button size="sm" onClick={() => setCreating(true)}>
            Create competition
          </Button>
        )}
      </div>
      <p className="small text-body-secondary">
        Times are shown in {timeZone}. <Link to="/profile">Change time zone</Link> ·{' '}
        <Link to={groupPagePath(area, 'stats', groupID)}>Clan Stats</Link>
      </p>
      {competitions.isPending ? (
        <Loading label="Loading competitions…" />
      ) : competitions.isError ? (
        <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">{competitions.error.message}</span>
          <Button variant="outline-danger" size="sm" onClick={() => void competitions.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        STATUS_ORDER.map((status) => {
          const list = bySection(competitions.data.competitions)[status];
          return (
            <Card key={status} className="mb-3">
              <Card.Header>
                <h3 id={`competitions-${status}`} className="h5 mb-0">
                  {CONTEST_STATUS_LABELS[status]}
                </h3>
              </Card.Header>
              {list.length === 0 ? (
                <Card.Body className="text-body-secondary">{EMPTY[status]}</Card.Body>
              ) : (
                <ul className="list-group list-group-flush" aria-labelledby={`competitions-${status}`}>
                  {list.map((c) => (
                    <CompetitionItem key={c.competitionID} c={c} timeZone={timeZone} groupID={groupID} />
                  ))}
                </ul>
              )}
            </Card>
          );
        })
      )}
      {creating && (
        <CompetitionFormModal
          groupID={groupID}
          game={competitionGameOf(group.gameName)}
          timeZone={timeZone}
          competition={null}
          onHide={() => setCreating(false)}
          onSaved={(saved) => {
            setCreating(false);
            void navigate(competitionPath(groupID, saved.competition.competitionID));
          }}
        />
      )}
    </section>
  );
}

/** /runeScapeClan/competitions?groupID=: the clan's competitions, members only; Administrators create them. */
export default function CompetitionsPage() {
  return (
    <GroupGate action="viewCompetitions">
      <Competitions />
    </GroupGate>
  );
}
