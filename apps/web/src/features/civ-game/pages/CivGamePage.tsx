import { useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { findCivCatalogue } from '@smm/shared/civilization/catalogue';
import { can } from '@smm/shared/groups/policy';
import type { GameDto } from '@smm/shared/civilization/games-schemas';
import { ApiError } from '../../../lib/api-client';
import { Loading } from '../../../lib/ui/Loading';
import { useToast } from '../../../lib/ui/toasts';
import { GroupGate } from '../../groups/components/area/GroupGate';
import { groupPagePath, parseGroupID, useGroupArea } from '../../groups/components/area/group-area';
import { useGame } from '../api/get-game';
import { useViewerTimeZone } from '../../events/api/time-zone';
import { DeletedGameBanner } from '../components/DeletedGameBanner';
import { GameDetailsTab } from '../components/GameDetailsTab';
import { GameHistoryTab } from '../components/GameHistoryTab';
import { GameNotesTab } from '../components/GameNotesTab';
import { GameSettingsTab } from '../components/GameSettingsTab';
import { leaderText, permissionsOf, winnerLabel } from '../game-state';
import { useDocumentTitle } from '../../../lib/use-document-title';

const TABS = ['details', 'settings', 'notes', 'history'] as const;
type TabKey = (typeof TABS)[number];

function GameState({ game }: { game: GameDto }) {
  if (!game.isFinished) {
    return (
      <p className="mb-0" data-testid="game-state">
        <Badge bg="success">Active</Badge>
      </p>
    );
  }
  return (
    <p className="mb-0" data-testid="game-state">
      <Badge bg="secondary" className="me-2">
        Finished
      </Badge>{' '}
      Winner: <span className="fw-semibold">{winnerLabel(game)}</span>
      {game.victoryType && <> · {game.victoryType} victory</>}
    </p>
  );
}

function CivGame({ gameID }: { gameID: string }) {
  const { area, group, groupID, context, viewer, user } = useGroupArea();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const toast = useToast();
  const game = useGame(groupID, gameID);
  const timeZone = useViewerTimeZone(user.id);
  const leaders = useMemo(
    () => [...(findCivCatalogue(group.gameName)?.leaders ?? [])].sort((a, b) => leaderText(a).localeCompare(leaderText(b))),
    [group.gameName],
  );
  const mainPath = groupPagePath(area, 'main', groupID);
  const tab: TabKey = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as TabKey) : 'details';

  function selectTab(key: string | null) {
    const next = new URLSearchParams(params);
    if (!key || key === 'details') next.delete('tab');
    else next.set('tab', key);
    setParams(next, { replace: true });
  }

  const back = (
    <Link to={mainPath} className="d-inline-block mb-2">
      <span aria-hidden="true">← </span>Back
    </Link>
  );

  if (game.isPending) return <Loading label="Loading game…" />;
  if (game.isError && !game.data) {
    const missing = game.error instanceof ApiError && (game.error.status === 404 || game.error.status === 400);
    return (
      <>
        {back}
        <Alert variant="danger">{missing ? 'This game does not exist, or it was deleted.' : game.error.message}</Alert>
      </>
    );
  }

  const data = game.data;
  // Comments and notes are the group's members' own; the result is the game's managers'.
  const isMember = can('editGames', context);
  const permissions = permissionsOf(data, viewer, user.id);

  function deleted() {
    toast({ title: 'Success!', body: `Deleted ${data.gameName}`, variant: 'success' });
    void navigate(mainPath, { replace: true });
  }

  return (
    <>
      {back}
      <div className="d-flex flex-wrap align-items-center column-gap-3 row-gap-1 mb-3">
        <h2 className="h3 mb-0 text-break">{data.gameName}</h2>
        <GameState game={data} />
      </div>
      {data.dateDeleted && (
        <DeletedGameBanner game={{ ...data, dateDeleted: data.dateDeleted }} canRestore={permissions.restoreGame} timeZone={timeZone} />
      )}
      {game.isError && (
        <Alert variant="warning">This game could not be reloaded ({game.error.message}); what you see may be out of date.</Alert>
      )}
      <Tabs id="civ-game-tabs" activeKey={tab} onSelect={selectTab} mountOnEnter className="mb-3 civ-game-tabs">
        <Tab eventKey="details" title="Game Details">
          <GameDetailsTab
            game={data}
            user={user}
            permissions={permissions}
            canComment={isMember && !data.dateDeleted}
            canModerateComments={can('deleteAnyComment', context)}
            leaders={leaders}
            timeZone={timeZone}
            onDeleted={deleted}
          />
        </Tab>
        <Tab eventKey="settings" title="Game Settings">
          <GameSettingsTab game={data} />
        </Tab>
        <Tab eventKey="notes" title="Game Notes">
          {isMember ? <GameNotesTab game={data} userID={user.id} /> : <p>Only members of the group keep game notes.</p>}
        </Tab>
        <Tab eventKey="history" title="History">
          <GameHistoryTab groupID={groupID} gameID={data._id} timeZone={timeZone} />
        </Tab>
      </Tabs>
    </>
  );
}

/** /civGroup/civGame?groupID=..&gameID=..: one game's details, settings, the viewer's notes and its history; members only. */
export default function CivGamePage() {
  useDocumentTitle('Game', useGroupArea().group.groupName);
  const { area, groupID } = useGroupArea();
  const [params] = useSearchParams();
  const gameID = parseGroupID(params.get('gameID'));
  return (
    <GroupGate action="viewGames">
      <section className="mt-3 civ-game" aria-label="Game">
        {gameID ? (
          <CivGame key={gameID} gameID={gameID} />
        ) : (
          <>
            <Link to={groupPagePath(area, 'main', groupID)}>Back</Link>
            <Alert variant="danger" className="mt-2">
              This link does not name a game.
            </Alert>
          </>
        )}
      </section>
    </GroupGate>
  );
}
