import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import { Link, useSearchParams } from 'react-router';
import type { GameType } from '@smm/shared/civilization/games-schemas';
import { ApiError } from '../../../lib/api-client';
import { Loading } from '../../../lib/ui/Loading';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useViewerTimeZone } from '../../events/api/time-zone';
import { GameTypeToggle } from '../../civ-rankings/components/GameTypeToggle';
import { LeadersTable } from '../../civ-rankings/components/LeadersTable';
import { GAME_TYPE_LABELS } from '../../civ-rankings/ladder-format';
import { GroupGate } from '../../groups/components/area/GroupGate';
import { groupPagePath, parseGroupID, useGroupArea } from '../../groups/components/area/group-area';
import { useMemberStats } from '../api/get-member-stats';
import { MemberSummary } from '../components/MemberSummary';
import { RatingHistory } from '../components/RatingHistory';

const NO_SUCH_MEMBER = 'This member is not in the group, or the link is wrong.';
const noSuchMember = (error: Error | null) => error instanceof ApiError && (error.status === 404 || error.status === 400);

function MemberRecord({ userID, knownName, gameType }: { userID: string; knownName: string | undefined; gameType: GameType }) {
  const { area, groupID, user } = useGroupArea();
  const stats = useMemberStats(groupID, userID, gameType);
  const timeZone = useViewerTimeZone(user.id);
  const label = GAME_TYPE_LABELS[gameType];

  if (stats.isPending) return <Loading label={`Loading ${label} record…`} />;
  if (stats.isError) return <Alert variant="danger">{noSuchMember(stats.error) ? NO_SUCH_MEMBER : stats.error.message}</Alert>;

  const { statistics, ratingHistory, leaders } = stats.data;
  const username = knownName ?? statistics.username;
  if (statistics.gamesPlayed === 0)
    return (
      <Alert variant="info">
        {username} has no counted {label} games yet. A game counts once it is finished with a winner.
      </Alert>
    );
  return (
    <>
      <MemberSummary statistics={statistics} gameTypeLabel={label} />
      <RatingHistory area={area} groupID={groupID} username={username} gameTypeLabel={label} points={ratingHistory} timeZone={timeZone} />
      <Card as="section" aria-labelledby="member-leaders-title" className="mb-4">
        <Card.Header>
          <h2 id="member-leaders-title" className="h5 mb-0">
            Leaders - {label}
          </h2>
        </Card.Header>
        {leaders.length === 0 ? (
          <p className="text-body-secondary m-3">No leaders recorded in {username}&apos;s counted games.</p>
        ) : (
          <LeadersTable leaders={leaders} labelledBy="member-leaders-title" />
        )}
      </Card>
    </>
  );
}

function Member({ userID }: { userID: string }) {
  const { group, groupID } = useGroupArea();
  const [params, setParams] = useSearchParams();
  const gameType: GameType = params.get('gameType') === 'team' ? 'team' : 'ffa';
  const record = useMemberStats(groupID, userID, gameType);
  // A member who has since left the group is named by their record.
  const knownName = group.members.find((m) => m.userID === userID)?.username ?? record.data?.statistics.username;

  function chooseGameType(next: GameType) {
    const search = new URLSearchParams(params);
    if (next === 'ffa') search.delete('gameType');
    else search.set('gameType', next);
    setParams(search, { replace: true });
  }

  const heading = (
    <h2 id="member-title" className="h3 mb-3 text-break">
      {knownName ?? 'Member'}
    </h2>
  );
  // A link to nobody in the group has no record of either type to switch between.
  if (!knownName && noSuchMember(record.error)) {
    return (
      <>
        {heading}
        <Alert variant="danger">{NO_SUCH_MEMBER}</Alert>
      </>
    );
  }
  return (
    <>
      {heading}
      <GameTypeToggle name="member-game-type" value={gameType} onChange={chooseGameType} />
      <p className="small text-body-secondary">All time: every counted game of this type, in every season.</p>
      <MemberRecord key={gameType} userID={userID} knownName={knownName} gameType={gameType} />
    </>
  );
}

/** /civGroup/member?groupID=..&userID=..: one member's statistics, rating history and leaders; members only. */
export default function MemberPage() {
  const { area, groupID, group } = useGroupArea();
  const [params] = useSearchParams();
  const userID = parseGroupID(params.get('userID'));
  const knownName = group.members.find((m) => m.userID === userID)?.username;
  useDocumentTitle(knownName ?? 'Member', group.groupName);
  return (
    <GroupGate action="viewGames">
      <section className="mt-3" aria-labelledby={userID ? 'member-title' : undefined} aria-label={userID ? undefined : 'Member'}>
        <Link to={groupPagePath(area, 'rankings', groupID)} className="d-inline-block mb-2">
          <span aria-hidden="true">← </span>Back to Rankings
        </Link>
        {userID ? (
          <Member key={userID} userID={userID} />
        ) : (
          <Alert variant="danger" className="mt-2">
            This link does not name a member.
          </Alert>
        )}
      </section>
    </GroupGate>
  );
}
