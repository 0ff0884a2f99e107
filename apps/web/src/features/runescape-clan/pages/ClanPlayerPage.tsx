import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link, useSearchParams } from 'react-router';
import { CLAN_GAME_LABELS, CLAN_GAME_MODE_IDS, hiscoresModeById, type ClanGameMode } from '@smm/shared/runescape/rs3';
import { errorBodyOf } from '../../../lib/api-client';
import { Loading } from '../../../lib/ui/Loading';
import { useExactDocumentTitle } from '../../../lib/use-document-title';
import { GroupGate } from '../../groups/components/area/GroupGate';
import { groupPagePath, parseGroupID, useGroupArea } from '../../groups/components/area/group-area';
import { useOsrsDetails } from '../../runescape/api/get-osrs-details';
import { MoreStats } from '../../runescape/components/MoreStats';
import { PlayerProgress } from '../../runescape/components/PlayerProgress';
import { SkillsTable } from '../../runescape/components/SkillsTable';
import { usePlayerHistory } from '../api/clan-stats';
import { LatestActivitiesCard, LatestSkillsCard } from '../components/LatestSkillsCard';

const NAME = /^[A-Za-z0-9 _-]{1,12}$/;

/** The member, name and mode the Clan Stats page linked to, or null when the address is not one of its links. */
function playerOf(search: URLSearchParams): { userID: string; playerName: string; gameMode: ClanGameMode } | null {
  const userID = parseGroupID(search.get('userID'));
  const playerName = (search.get('playerName') ?? '').trim();
  const gameMode = search.get('gameMode') ?? '';
  if (!userID || !NAME.test(playerName) || !(CLAN_GAME_MODE_IDS as readonly string[]).includes(gameMode)) return null;
  return { userID, playerName, gameMode: gameMode as ClanGameMode };
}

function ClanPlayer() {
  const { groupID, area } = useGroupArea();
  const [search] = useSearchParams();
  const player = playerOf(search);
  const mode = player ? hiscoresModeById(player.gameMode) : null;
  // An Old School account is looked up on its hiscores now; a RuneScape 3 account shows the clan's
  // latest snapshot of RuneScape 3's own skills (the same query as its chart, asked once).
  const stats = useOsrsDetails(player && mode?.game === 'osrs' ? { playerName: player.playerName, gameMode: mode.id } : null);
  const history = usePlayerHistory(player && mode?.game === 'rs3' ? { groupID, userID: player.userID } : null);
  const gameLabel = CLAN_GAME_LABELS[mode?.game ?? 'osrs'];
  useExactDocumentTitle(player ? `${gameLabel} Stats - ${player.playerName}` : `${gameLabel} Stats`);
  const back = (
    <Link to={groupPagePath(area, 'stats', groupID)} className="small">
      ← Back to Clan Stats
    </Link>
  );

  if (!player) {
    return (
      <section className="mt-3">
        <Alert variant="warning">This link does not name a clan member&apos;s account. Open one from the Clan Stats page.</Alert>
        {back}
      </section>
    );
  }
  return (
    <section aria-labelledby="clan-player-title" className="mt-3 osrs-page">
      {back}
      <div className="d-flex flex-wrap align-items-baseline gap-2 mb-3 mt-1">
        <h2 id="clan-player-title" className="h4 mb-0 me-auto">
          {player.playerName}
        </h2>
        <span className="text-body-secondary small">{mode?.label} hiscores</span>
      </div>
      {mode?.game === 'osrs' && stats.isPending && <Loading label={`Loading stats for ${player.playerName}…`} />}
      {stats.isError && (
        <Alert variant="warning" role="alert" className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">{errorBodyOf(stats.error).message}</span>
          <Button variant="outline-secondary" size="sm" onClick={() => void stats.refetch()} disabled={stats.isFetching}>
            Try again
          </Button>
        </Alert>
      )}
      {stats.isSuccess && (
        <>
          <Card>
            <Card.Header>
              <h3 id="skills-heading" className="h5 mb-0">
                Skills
              </h3>
            </Card.Header>
            <SkillsTable details={stats.data} />
          </Card>
          <MoreStats details={stats.data} />
        </>
      )}
      {history.isSuccess && (
        <>
          <LatestSkillsCard history={history.data} />
          <LatestActivitiesCard history={history.data} />
        </>
      )}
      {/* The clan's history of the account shows even when the hiscores are slow right now. */}
      <PlayerProgress groupID={groupID} userID={player.userID} />
    </section>
  );
}

/** /runeScapeClan/player?groupID=&userID=&playerName=&gameMode=: a member's account inside the clan's area, members only. */
export default function ClanPlayerPage() {
  return (
    <GroupGate action="viewClanStats">
      <ClanPlayer />
    </GroupGate>
  );
}
