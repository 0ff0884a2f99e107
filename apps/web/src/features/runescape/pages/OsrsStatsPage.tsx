import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useSearchParams } from 'react-router';
import { DEFAULT_OSRS_GAME_MODE, OSRS_GAME_MODES } from '@smm/shared/runescape/game-modes';
import type { OsrsDetailsParams } from '@smm/shared/runescape/schemas';
import { ApiError, errorBodyOf } from '../../../lib/api-client';
import { Loading } from '../../../lib/ui/Loading';
import { useExactDocumentTitle } from '../../../lib/use-document-title';
import { useOsrsDetails } from '../api/get-osrs-details';
import { OsrsLookupForm, validateLookup, type LookupErrors } from '../components/OsrsLookupForm';
import { MoreStats } from '../components/MoreStats';
import { PlayerProgress } from '../components/PlayerProgress';
import { SkillsTable } from '../components/SkillsTable';

const PAGE_TITLE = 'Old School RuneScape Stats';

function LookupFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const status = error instanceof ApiError ? error.status : 0;
  const { message } = errorBodyOf(error);
  if (status === 404) {
    return (
      <Alert variant="warning" role="alert">
        {message}
      </Alert>
    );
  }
  return (
    <Alert variant="danger" role="alert" className="d-flex flex-wrap align-items-center gap-2">
      <span className="me-auto">{message}</span>
      <Button variant="outline-danger" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The clan and member a clan page linked from (groupID and userID in the address), if any. */
function clanMemberOf(search: URLSearchParams): { groupID: string; userID: string } | null {
  const groupID = search.get('groupID') ?? '';
  const userID = search.get('userID') ?? '';
  return ID.test(groupID) && ID.test(userID) ? { groupID, userID } : null;
}

/** /osrsStats?playerName=…&gameMode=…: a player's hiscores, bosses and activities, a clan member's progress, and a form to look up another. */
export default function OsrsStatsPage() {
  const [search, setSearch] = useSearchParams();
  const playerName = (search.get('playerName') ?? '').trim();
  const gameMode = search.get('gameMode') || DEFAULT_OSRS_GAME_MODE;
  const checked = playerName ? validateLookup({ playerName, gameMode }) : null;
  const lookup = checked && 'params' in checked ? checked.params : null;
  const linkErrors: LookupErrors = checked && 'errors' in checked ? { ...checked.errors } : {};
  // The list cannot show a mode it does not have, so say which one the address asked for.
  if (linkErrors.gameMode) linkErrors.gameMode = `"${gameMode}" is not a game mode the hiscores offer. Pick one from the list.`;
  const stats = useOsrsDetails(lookup);
  const serverFields = stats.error instanceof ApiError && stats.error.status === 400 ? (stats.error.body.fields ?? {}) : {};
  const modeLabel = OSRS_GAME_MODES.find((mode) => mode.id === lookup?.gameMode)?.label;
  // Opened from a clan's stats: the member's linked account also has a history there.
  const clanMember = clanMemberOf(search);

  const onLookup = (next: OsrsDetailsParams) => {
    const same = lookup && next.playerName === lookup.playerName && next.gameMode === lookup.gameMode;
    // The same lookup again is a retry; a new one gets its own history entry so Back returns to it.
    if (same) void stats.refetch();
    else setSearch({ playerName: next.playerName, gameMode: next.gameMode });
  };

  const title = playerName ? `${PAGE_TITLE} - ${playerName}` : PAGE_TITLE;
  // The specification names this page's title exactly.
  useExactDocumentTitle(title);
  return (
    <>
      <h1 className="page-title">{title}</h1>
      <div className="osrs-page">
        <Card className="mb-3">
          <Card.Body>
            <OsrsLookupForm
              // A new address (Back, a link) starts the form from its values.
              key={search.toString()}
              idPrefix="osrs"
              initialPlayerName={playerName}
              initialGameMode={gameMode}
              errors={{ ...linkErrors, ...serverFields }}
              onLookup={onLookup}
            />
          </Card.Body>
        </Card>

        {!playerName && <p className="text-body-secondary">Enter a player name to see their Old School RuneScape skills.</p>}
        {lookup && (stats.isPending || (stats.isError && stats.isFetching)) && (
          <Loading label={`Loading stats for ${lookup.playerName}…`} />
        )}
        {lookup && stats.isError && !stats.isFetching && !serverFields.playerName && !serverFields.gameMode && (
          <LookupFailure error={stats.error} onRetry={() => void stats.refetch()} />
        )}
        {lookup && stats.isSuccess && (
          <Card>
            <Card.Header className="d-flex flex-wrap justify-content-between align-items-baseline gap-2">
              <h2 id="skills-heading" className="h5 mb-0">
                Skills
              </h2>
              <span className="text-body-secondary small">{modeLabel} hiscores</span>
            </Card.Header>
            {stats.isFetching && <Loading label="Refreshing…" />}
            {stats.data.missingSkills.length > 0 && (
              <Alert variant="warning" className="m-2 mb-0 py-2" role="status">
                The hiscores answer did not include {stats.data.missingSkills.length === 1 ? 'one skill' : `${stats.data.missingSkills.length} skills`}{' '}
                (marked below); everything else was read.
              </Alert>
            )}
            <SkillsTable details={stats.data} />
          </Card>
        )}
        {lookup && stats.isSuccess && <MoreStats details={stats.data} />}
        {lookup && clanMember && <PlayerProgress groupID={clanMember.groupID} userID={clanMember.userID} />}
      </div>
    </>
  );
}
