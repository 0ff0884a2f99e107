import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useSearchParams } from 'react-router';
import { competitionGameOf } from '@smm/shared/runescape/competition-metrics';
import type { CompetitionDetail } from '@smm/shared/runescape/competition-schemas';
import { Loading } from '../../../../lib/ui/Loading';
import { useErrorToast } from '../../../../lib/ui/use-error-toast';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { eventsQueryOptions } from '../../../events/api/get-events';
import { useViewerTimeZone } from '../../../events/api/time-zone';
import { GroupGate } from '../../../groups/components/area/GroupGate';
import { parseGroupID, useGroupArea } from '../../../groups/components/area/group-area';
import { ContestFrame, ContestLoadError } from '../../contests/ContestFrame';
import { ContestHeading } from '../../contests/ContestHeading';
import { ContestRuns } from '../../contests/ContestRuns';
import { DeleteContestDialog } from '../../contests/DeleteContestDialog';
import { useCompetition, useDeleteCompetition, useJoinCompetition } from '../api/competitions';
import { competitionsPath } from '../competition-path';
import { DELETE_COMPETITION_QUESTION, KIND_LABELS, metricLabel, PARTICIPATION_LABELS } from '../competition-view';
import { CompetitionFormModal } from '../components/CompetitionFormModal';
import { CompetitionHistory } from '../components/CompetitionHistory';
import { StandingsChartCard } from '../components/StandingsChartCard';
import { StandingsTable, TeamTotalsTable } from '../components/StandingsTable';
import { TeamsModal } from '../components/TeamsModal';

/** "The attendees of “Raid night”" once the group's events are in; the plain label meanwhile, or when the event is gone. */
function WhoTakesPart({ groupID, competition }: { groupID: string; competition: CompetitionDetail['competition'] }) {
  const byEvent = competition.participation === 'event' && competition.eventID !== null;
  const events = useQuery({ ...eventsQueryOptions(groupID), enabled: byEvent });
  const event = byEvent ? events.data?.find((e) => e._id === competition.eventID) : undefined;
  return <>{event ? `The attendees of “${event.eventName}”` : PARTICIPATION_LABELS[competition.participation]}</>;
}

function Standings({ detail }: { detail: CompetitionDetail }) {
  const { groupID, group, user } = useGroupArea();
  const timeZone = useViewerTimeZone(user.id);
  const game = competitionGameOf(group.gameName);
  const { competition, viewer } = detail;
  const [dialog, setDialog] = useState<'edit' | 'delete' | 'teams' | null>(null);
  const join = useJoinCompetition(groupID);
  const remove = useDeleteCompetition(groupID);
  const showError = useErrorToast();
  useDocumentTitle(competition.name, 'Competitions', group.groupName);

  const setJoined = (joined: boolean) =>
    join.mutate({ competitionID: competition.competitionID, join: joined }, { onError: (error) => showError(error) });

  return (
    <>
      <ContestHeading
        titleID="competition-title"
        name={competition.name}
        status={competition.status}
        mayManage={viewer.mayManage}
        onEdit={() => setDialog('edit')}
        onDelete={() => setDialog('delete')}
      >
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
      </ContestHeading>
      <dl className="row small mb-3">
        <ContestRuns startsAt={competition.startsAt} endsAt={competition.endsAt} timeZone={timeZone} />
        <dt className="col-sm-3 col-lg-2">Metrics</dt>
        <dd className="col-sm-9 col-lg-10">{competition.metrics.map((m) => metricLabel(game, m)).join(', ')}</dd>
        <dt className="col-sm-3 col-lg-2">Kind</dt>
        <dd className="col-sm-9 col-lg-10">{KIND_LABELS[competition.kind]}</dd>
        <dt className="col-sm-3 col-lg-2">Who takes part</dt>
        <dd className="col-sm-9 col-lg-10">
          <WhoTakesPart groupID={groupID} competition={competition} />
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
      <CompetitionHistory history={detail.history} game={game} timeZone={timeZone} />
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
        <DeleteContestDialog
          contestID={competition.competitionID}
          name={competition.name}
          question={DELETE_COMPETITION_QUESTION}
          remove={remove}
          listPath={competitionsPath(groupID)}
          onHide={() => setDialog(null)}
        />
      )}
    </>
  );
}

function Competition() {
  const { groupID } = useGroupArea();
  const [search] = useSearchParams();
  return (
    <ContestFrame
      titleID="competition-title"
      noun="competition"
      listName="Competitions"
      listPath={competitionsPath(groupID)}
      contestID={parseGroupID(search.get('competitionID'))}
    >
      {(competitionID) => <CompetitionLoader groupID={groupID} competitionID={competitionID} />}
    </ContestFrame>
  );
}

function CompetitionLoader({ groupID, competitionID }: { groupID: string; competitionID: string }) {
  const detail = useCompetition(groupID, competitionID);
  if (detail.isPending) return <Loading label="Loading standings…" />;
  if (detail.isError)
    return (
      <ContestLoadError
        titleID="competition-title"
        noun="competition"
        error={detail.error}
        retrying={detail.isFetching}
        onRetry={() => void detail.refetch()}
      />
    );
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
