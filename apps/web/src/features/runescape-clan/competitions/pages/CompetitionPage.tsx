import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { competitionGameOf } from '@smm/shared/runescape/competition-metrics';
import type { CompetitionDetail } from '@smm/shared/runescape/competition-schemas';
import { ApiError, errorBodyOf } from '../../../../lib/api-client';
import { ConfirmDialog } from '../../../../lib/ui/ConfirmDialog';
import { Loading } from '../../../../lib/ui/Loading';
import { useErrorToast } from '../../../../lib/ui/use-error-toast';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { useViewerTimeZone } from '../../../events/api/time-zone';
import { zoneAbbreviation } from '../../../events/event-time';
import { GroupGate } from '../../../groups/components/area/GroupGate';
import { parseGroupID, useGroupArea } from '../../../groups/components/area/group-area';
import { useCompetition, useDeleteCompetition, useJoinCompetition } from '../api/competitions';
import { competitionsPath } from '../competition-path';
import { DELETE_COMPETITION_QUESTION, KIND_LABELS, metricLabel, PARTICIPATION_LABELS, STATUS_LABELS } from '../competition-view';
import { formatInstant } from '../../contests/contest-view';
import { CompetitionFormModal } from '../components/CompetitionFormModal';
import { StandingsChartCard } from '../components/StandingsChartCard';
import { StandingsTable, TeamTotalsTable } from '../components/StandingsTable';
import { TeamsModal } from '../components/TeamsModal';

const STATUS_BADGES = { upcoming: 'info', ongoing: 'success', finished: 'secondary' } as const;

function Standings({ detail }: { detail: CompetitionDetail }) {
  const { groupID, group, user } = useGroupArea();
  const timeZone = useViewerTimeZone(user.id);
  const game = competitionGameOf(group.gameName);
  const { competition, viewer } = detail;
  const [dialog, setDialog] = useState<'edit' | 'delete' | 'teams' | null>(null);
  const join = useJoinCompetition(groupID);
  const remove = useDeleteCompetition(groupID);
  const showError = useErrorToast();
  const navigate = useNavigate();
  useDocumentTitle(competition.name, 'Competitions', group.groupName);

  const setJoined = (joined: boolean) =>
    join.mutate({ competitionID: competition.competitionID, join: joined }, { onError: (error) => showError(error) });

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2 mt-1">
        <h2 id="competition-title" className="h4 mb-0 me-auto text-break">
          {competition.name}
        </h2>
        <Badge bg={STATUS_BADGES[competition.status]} text={competition.status === 'upcoming' ? 'dark' : undefined}>
          {STATUS_LABELS[competition.status]}
        </Badge>
        {viewer.mayJoin && (
          <Button size="sm" onClick={() => setJoined(true)} disabled={join.isPending}>
            {join.isPending ? 'Joining…' : 'Join'}
          </Button>
        )}
        {viewer.mayLeave && (
          <Button size="sm" variant="outline-secondary" onClick={() => setJoined(false)} disabled={join.isPending}>
            {join.isPending ? 'Leaving…' : 'Leave'}
          </Button>
        )}
        {viewer.mayManage && competition.kind === 'teams' && competition.status === 'upcoming' && (
          <Button size="sm" variant="outline-primary" onClick={() => setDialog('teams')}>
            Teams
          </Button>
        )}
        {viewer.mayManage && competition.status !== 'finished' && (
          <Button size="sm" variant="outline-primary" onClick={() => setDialog('edit')}>
            Edit
          </Button>
        )}
        {viewer.mayManage && (
          <Button size="sm" variant="danger" onClick={() => setDialog('delete')}>
            Delete
          </Button>
        )}
      </div>
      <dl className="row small mb-3">
        <dt className="col-sm-3 col-lg-2">Runs</dt>
        <dd className="col-sm-9 col-lg-10">
          <time dateTime={competition.startsAt}>{formatInstant(competition.startsAt, timeZone)}</time> to{' '}
          <time dateTime={competition.endsAt}>{formatInstant(competition.endsAt, timeZone)}</time> ({timeZone},{' '}
          {zoneAbbreviation(competition.endsAt, timeZone)})
        </dd>
        <dt className="col-sm-3 col-lg-2">Metrics</dt>
        <dd className="col-sm-9 col-lg-10">{competition.metrics.map((m) => metricLabel(game, m)).join(', ')}</dd>
        <dt className="col-sm-3 col-lg-2">Kind</dt>
        <dd className="col-sm-9 col-lg-10">{KIND_LABELS[competition.kind]}</dd>
        <dt className="col-sm-3 col-lg-2">Who takes part</dt>
        <dd className="col-sm-9 col-lg-10">
          {PARTICIPATION_LABELS[competition.participation]}
          {viewer.takesPart ? ' (you take part)' : ''}
        </dd>
      </dl>
      {competition.status === 'finished' && <p className="small">Final standings: this competition has ended.</p>}
      <Card>
        <Card.Header className="d-flex flex-wrap align-items-baseline gap-2">
          <h3 id="standings-title" className="h5 mb-0 me-auto">
            Standings
          </h3>
          {detail.participants.length > 0 && (
            <span className="small text-body-secondary d-lg-none">Scroll the table sideways for every column.</span>
          )}
        </Card.Header>
        {detail.participants.length === 0 ? (
          <Card.Body className="text-body-secondary">
            {competition.participation === 'join'
              ? 'Nobody has joined yet.'
              : 'No participant yet: members take part once they link an account.'}
          </Card.Body>
        ) : (
          <StandingsTable detail={detail} game={game} userID={user.id} />
        )}
      </Card>
      {competition.kind === 'teams' && detail.teams.length > 0 && (
        <Card className="mt-3">
          <Card.Header>
            <h3 id="team-totals-title" className="h5 mb-0">
              Team totals
            </h3>
          </Card.Header>
          <TeamTotalsTable detail={detail} game={game} />
        </Card>
      )}
      {competition.kind === 'teams' && detail.teams.length === 0 && (
        <p className="small text-body-secondary mt-3">No teams yet{viewer.mayManage ? ': set them with Teams before the start.' : '.'}</p>
      )}
      <StandingsChartCard detail={detail} timeZone={timeZone} />
      {dialog === 'edit' && (
        <CompetitionFormModal
          groupID={groupID}
          game={game}
          timeZone={timeZone}
          competition={competition}
          onHide={() => setDialog(null)}
          onSaved={() => setDialog(null)}
        />
      )}
      {dialog === 'teams' && <TeamsModal groupID={groupID} detail={detail} onHide={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={`Delete ${competition.name}`}
          question={DELETE_COMPETITION_QUESTION}
          working={remove.isPending}
          workingLabel="Deleting…"
          confirmLabel="Delete"
          closeButton={false}
          cancelDisabled={remove.isPending}
          onHide={() => setDialog(null)}
          onConfirm={() =>
            remove.mutate(competition.competitionID, {
              onSuccess: () => void navigate(competitionsPath(groupID)),
              onError: (error) => {
                showError(error);
                setDialog(null);
              },
            })
          }
        />
      )}
    </>
  );
}

function Competition() {
  const { groupID } = useGroupArea();
  const [search] = useSearchParams();
  const competitionID = parseGroupID(search.get('competitionID'));
  const back = (
    <Link to={competitionsPath(groupID)} className="small">
      ← Back to Competitions
    </Link>
  );
  return (
    <section aria-labelledby="competition-title" className="mt-3">
      {back}
      {competitionID ? (
        <CompetitionLoader groupID={groupID} competitionID={competitionID} />
      ) : (
        <Alert variant="warning" className="mt-2">
          <h2 id="competition-title" className="h5">
            No such competition
          </h2>
          This link does not name a competition. Open one from the Competitions page.
        </Alert>
      )}
    </section>
  );
}

function CompetitionLoader({ groupID, competitionID }: { groupID: string; competitionID: string }) {
  const detail = useCompetition(groupID, competitionID);
  if (detail.isPending) return <Loading label="Loading standings…" />;
  if (detail.isError) {
    const gone = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <Alert variant={gone ? 'warning' : 'danger'} className="mt-2">
        <h2 id="competition-title" className="h5">
          {gone ? 'Competition not found' : 'The competition could not be loaded'}
        </h2>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">{gone ? 'It may have been deleted.' : errorBodyOf(detail.error).message}</span>
          {!gone && (
            <Button variant="outline-danger" size="sm" onClick={() => void detail.refetch()} disabled={detail.isFetching}>
              Try again
            </Button>
          )}
        </div>
      </Alert>
    );
  }
  return <Standings detail={detail.data} />;
}

/** /runeScapeClan/competition?groupID=&competitionID=: one competition's standings, team totals and chart, live. */
export default function CompetitionPage() {
  return (
    <GroupGate action="viewCompetitions">
      <Competition />
    </GroupGate>
  );
}
