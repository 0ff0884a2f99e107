import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useSearchParams } from 'react-router';
import { competitionGameOf } from '@smm/shared/runescape/competition-metrics';
import { BINGO_REVIEW_HOURS, type BingoDetail, type BingoSummary, type BingoTile } from '@smm/shared/runescape/bingo-schemas';
import { Loading } from '../../../../lib/ui/Loading';
import { useToast } from '../../../../lib/ui/toasts';
import { useDocumentTitle } from '../../../../lib/use-document-title';
import { useViewerTimeZone } from '../../../events/api/time-zone';
import { GroupGate } from '../../../groups/components/area/GroupGate';
import { parseGroupID, useGroupArea } from '../../../groups/components/area/group-area';
import { ContestFrame, ContestLoadError } from '../../contests/ContestFrame';
import { ContestHeading } from '../../contests/ContestHeading';
import { ContestRuns } from '../../contests/ContestRuns';
import { DeleteContestDialog } from '../../contests/DeleteContestDialog';
import { useBingo, useDeleteBingo } from '../api/bingos';
import { bingosPath } from '../bingo-path';
import { DELETE_BINGO_QUESTION } from '../bingo-view';
import { BingoBoard } from '../components/BingoBoard';
import { BingoFormModal } from '../components/BingoFormModal';
import { BingoTeamsModal } from '../components/BingoTeamsModal';
import { ClaimModal } from '../components/ClaimModal';
import { ClaimsCard } from '../components/ClaimsCard';
import { ModeratorsModal } from '../components/ModeratorsModal';
import { PointsTable } from '../components/PointsTable';

function Board({ detail }: { detail: BingoDetail }) {
  const { groupID, group, user } = useGroupArea();
  const timeZone = useViewerTimeZone(user.id);
  const game = competitionGameOf(group.gameName);
  const { bingo, viewer, teams } = detail;
  const [dialog, setDialog] = useState<'edit' | 'delete' | 'teams' | 'moderators' | null>(null);
  const [claiming, setClaiming] = useState<BingoTile | null>(null);
  const remove = useDeleteBingo(groupID);
  const toast = useToast();
  useDocumentTitle(bingo.name, 'Bingo', group.groupName);

  const myTeam = teams.find((t) => t.teamID === viewer.teamID) ?? null;
  const teamNames = new Map(teams.map((t) => [t.teamID, t.name]));
  const admins = new Set(group.admins);
  const members = group.members.filter((m) => m.isActive);

  return (
    <>
      <ContestHeading
        titleID="bingo-title"
        name={bingo.name}
        status={bingo.status}
        mayManage={viewer.mayManage}
        onEdit={() => setDialog('edit')}
        onDelete={() => setDialog('delete')}
      >
        {viewer.mayManage && bingo.status === 'upcoming' && (
          <Button size="sm" variant="outline-primary" onClick={() => setDialog('teams')}>
            Teams
          </Button>
        )}
        {viewer.mayManage && bingo.status !== 'finished' && (
          <Button size="sm" variant="outline-primary" onClick={() => setDialog('moderators')}>
            Moderators
          </Button>
        )}
      </ContestHeading>
      <dl className="row small mb-3">
        <ContestRuns startsAt={bingo.startsAt} endsAt={bingo.endsAt} timeZone={timeZone} />
        <dt className="col-sm-3 col-lg-2">Bonus points</dt>
        <dd className="col-sm-9 col-lg-10">
          row {bingo.bonuses.row}, column {bingo.bonuses.column}, diagonal {bingo.bonuses.diagonal}, whole board {bingo.bonuses.board}
        </dd>
        <dt className="col-sm-3 col-lg-2">Your team</dt>
        <dd className="col-sm-9 col-lg-10" data-testid="my-team">
          {myTeam ? (
            <>
              <span className="fw-semibold">{myTeam.name}</span>: {myTeam.members.map((m) => m.username).join(', ')}
              {bingo.status === 'upcoming' ? ' (set by the Administrators until the start)' : ''}
            </>
          ) : (
            'You are on no team.'
          )}
        </dd>
        <dt className="col-sm-3 col-lg-2">Moderators</dt>
        <dd className="col-sm-9 col-lg-10">
          The Administrators{detail.moderators.length > 0 ? `, ${detail.moderators.map((m) => m.username).join(', ')}` : ''}
          {viewer.isModerator ? ' (you decide claims)' : ''}
        </dd>
      </dl>
      {bingo.status === 'upcoming' && (
        <p className="small">Claims open at the start. XP and kill-count tiles complete themselves from the hiscores.</p>
      )}
      {bingo.status === 'finished' && (
        <p className="small" data-testid="bingo-end">
          {bingo.finalAt === null
            ? `This bingo has ended. Claims sent before the end may still be decided until the final table is posted: once none is waiting, or at the latest ${BINGO_REVIEW_HOURS} hours after the end.`
            : 'Final board: this bingo has ended and its final table has been posted, so its claims can no longer be decided.'}
        </p>
      )}
      <Card>
        <Card.Header>
          <h3 id="board-title" className="h5 mb-0">
            {myTeam ? `Board of ${myTeam.name}` : 'Board'}
          </h3>
        </Card.Header>
        <Card.Body className="p-2">
          <BingoBoard
            game={game}
            bingo={bingo}
            size={bingo.size}
            tiles={detail.tiles}
            teamNames={teamNames}
            teamID={viewer.teamID}
            label={myTeam ? `Board of ${myTeam.name}` : 'Board'}
            onClaim={viewer.mayClaim ? setClaiming : undefined}
          />
        </Card.Body>
      </Card>
      <Card className="mt-3">
        <Card.Header>
          <h3 id="points-title" className="h5 mb-0">
            Points
          </h3>
        </Card.Header>
        {teams.length === 0 ? (
          <Card.Body className="text-body-secondary">
            No teams yet{viewer.mayManage ? ': set them with Teams before the start.' : '.'}
          </Card.Body>
        ) : (
          <PointsTable teams={teams} teamID={viewer.teamID} labelledBy="points-title" />
        )}
      </Card>
      <ClaimsCard groupID={groupID} detail={detail} timeZone={timeZone} />
      {claiming && (
        <ClaimModal
          groupID={groupID}
          bingoID={bingo.bingoID}
          tile={claiming}
          onHide={() => setClaiming(null)}
          onClaimed={() => {
            setClaiming(null);
            toast({ title: 'Success!', body: `Claim sent for ${claiming.title}. A moderator will decide.`, variant: 'success' });
          }}
        />
      )}
      {dialog === 'edit' && (
        <BingoFormModal
          groupID={groupID}
          game={game}
          timeZone={timeZone}
          detail={detail}
          earlier={[]}
          onHide={() => setDialog(null)}
          onSaved={() => setDialog(null)}
        />
      )}
      {dialog === 'teams' && <BingoTeamsModal groupID={groupID} detail={detail} members={members} onHide={() => setDialog(null)} />}
      {dialog === 'moderators' && (
        <ModeratorsModal
          groupID={groupID}
          detail={detail}
          candidates={members.filter((m) => !admins.has(m.userID))}
          onHide={() => setDialog(null)}
        />
      )}
      {dialog === 'delete' && (
        <DeleteContestDialog
          contestID={bingo.bingoID}
          name={bingo.name}
          question={DELETE_BINGO_QUESTION}
          remove={remove}
          listPath={bingosPath(groupID)}
          onHide={() => setDialog(null)}
        />
      )}
    </>
  );
}

/**
 * An open board reads itself again when the bingo starts (claims open) and when it ends, so nobody
 * has to reload; if the server does not see the boundary yet, it asks again a second later.
 */
function useRefetchAtBoundary(bingo: BingoSummary | undefined, readAt: number, refetch: () => unknown) {
  const boundary = bingo?.status === 'upcoming' ? bingo.startsAt : bingo?.status === 'ongoing' ? bingo.endsAt : null;
  useEffect(() => {
    if (!boundary) return;
    const wait = Date.parse(boundary) - Date.now();
    // Past the boundary by more than a minute the server's answer stands; too far ahead, a timer would overflow.
    if (wait < -60_000 || wait > 2_000_000_000) return;
    const timer = setTimeout(() => void refetch(), Math.max(wait + 500, 1000));
    return () => clearTimeout(timer);
  }, [boundary, readAt, refetch]);
}

function Bingo() {
  const { groupID } = useGroupArea();
  const [search] = useSearchParams();
  return (
    <ContestFrame
      titleID="bingo-title"
      noun="bingo"
      listName="Bingo"
      listPath={bingosPath(groupID)}
      contestID={parseGroupID(search.get('bingoID'))}
    >
      {(bingoID) => <BingoLoader groupID={groupID} bingoID={bingoID} />}
    </ContestFrame>
  );
}

function BingoLoader({ groupID, bingoID }: { groupID: string; bingoID: string }) {
  const detail = useBingo(groupID, bingoID);
  useRefetchAtBoundary(detail.data?.bingo, detail.dataUpdatedAt, detail.refetch);
  if (detail.isPending) return <Loading label="Loading the board…" />;
  if (detail.isError)
    return (
      <ContestLoadError
        titleID="bingo-title"
        noun="bingo"
        error={detail.error}
        retrying={detail.isFetching}
        onRetry={() => void detail.refetch()}
      />
    );
  return <Board detail={detail.data} />;
}

/** /runeScapeClan/bingo?groupID=&bingoID=: the board of the viewer's team, the points table, claims and moderation, live. */
export default function BingoPage() {
  return (
    <GroupGate action="viewBingo">
      <Bingo />
    </GroupGate>
  );
}
