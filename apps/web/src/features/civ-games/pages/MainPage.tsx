import { lazy, Suspense, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { can } from '@smm/shared/groups/policy';
import { Loading } from '../../../lib/ui/Loading';
import { readUnsavedDraft } from '../../../lib/unsaved-drafts';
import { newGameDraftKey } from '../new-game-draft-key';
import { useViewerTimeZone } from '../../events/api/time-zone';
import { GroupGate } from '../../groups/components/area/GroupGate';
import { useGroupArea } from '../../groups/components/area/group-area';
import { useActiveGames } from '../api/get-active-games';
import { useFinishedGames } from '../api/get-finished-games';
import { DeletedGamesSection } from '../components/DeletedGamesSection';
import { FilterGamesModal } from '../components/FilterGamesModal';
import { GamesTable } from '../components/GamesTable';
import { OpenDraftsCard } from '../components/OpenDraftsCard';
import { describeFilter, type GamesFilter } from '../games-filter';
import { useDocumentTitle } from '../../../lib/use-document-title';

// The form brings the leader catalogue and the draft; it loads when Add is first pressed, not with the tables.
const NewGameModal = lazy(() => import('../components/NewGameModal').then((module) => ({ default: module.NewGameModal })));

type Table = 'active' | 'ffa' | 'team';
const FIRST_PAGES: Record<Table, number> = { active: 1, ffa: 1, team: 1 };

function Games() {
  const { groupID, group, context, user, viewer } = useGroupArea();
  const timeZone = useViewerTimeZone(user.id);
  const [filter, setFilter] = useState<GamesFilter | null>(null);
  const [pages, setPages] = useState(FIRST_PAGES);
  // A New Game form left half-filled by a reload opens again, restored.
  const [dialog, setDialog] = useState<'none' | 'filter' | 'add'>(() =>
    readUnsavedDraft(newGameDraftKey(user.id, groupID)) !== null ? 'add' : 'none',
  );
  const active = useActiveGames(groupID, pages.active, filter);
  const ffa = useFinishedGames(groupID, 'ffa', pages.ffa, filter);
  const team = useFinishedGames(groupID, 'team', pages.team, filter);
  const canEdit = can('editGames', context);
  // The shared game policy: listing and restoring deleted games is for the group's Administrators (the owner is one).
  const isAdministrator = viewer === 'administrator' || viewer === 'owner';

  const [onActivePage, onFfaPage, onTeamPage] = useMemo(() => {
    const pageSetter = (table: Table) => (page: number) => setPages((current) => ({ ...current, [table]: page }));
    return [pageSetter('active'), pageSetter('ffa'), pageSetter('team')];
  }, []);
  const applyFilter = (next: GamesFilter | null) => {
    setFilter(next);
    setPages(FIRST_PAGES);
    setDialog('none');
  };

  const actions = canEdit && (
    <div className="d-flex gap-2" role="group" aria-label="Games actions">
      <Button onClick={() => setDialog('add')}>Add</Button>
      <Button variant="outline-primary" onClick={() => setDialog('filter')}>
        Filter
      </Button>
      <Button variant="outline-primary" onClick={() => applyFilter(null)} disabled={!filter}>
        Clear
      </Button>
    </div>
  );
  const shared = { groupID, timeZone };

  return (
    <>
      <OpenDraftsCard groupID={groupID} viewerID={user.id} timeZone={timeZone} />
      <GamesTable
        {...shared}
        headingID="active-games-title"
        title="Active Games"
        actions={actions}
        query={active}
        page={pages.active}
        onPage={onActivePage}
        archived={false}
        emptyText="No active games"
      >
        {filter && (
          <p className="civ-games-filter small mb-2" role="status">
            Showing games where {describeFilter(filter)}.
          </p>
        )}
      </GamesTable>
      <GamesTable
        {...shared}
        headingID="archived-ffa-title"
        title="Archived Games - FFA"
        query={ffa}
        page={pages.ffa}
        onPage={onFfaPage}
        archived
        emptyText="No archived FFA games"
      />
      <GamesTable
        {...shared}
        headingID="archived-teams-title"
        title="Archived Games - Teams"
        query={team}
        page={pages.team}
        onPage={onTeamPage}
        archived
        emptyText="No archived team games"
      />
      {isAdministrator && <DeletedGamesSection {...shared} />}

      {dialog === 'filter' && <FilterGamesModal filter={filter} onApply={applyFilter} onHide={() => setDialog('none')} />}
      {dialog === 'add' && (
        <Suspense fallback={<Loading label="Opening the form…" />}>
          <NewGameModal
            groupID={groupID}
            groupGameName={group.gameName}
            members={group.members}
            viewerID={user.id}
            canEditDraftPresets={can('editDraftPresets', context)}
            onHide={() => setDialog('none')}
          />
        </Suspense>
      )}
    </>
  );
}

/**
 * /civGroup/main, for members: Active Games, Archived Games - FFA and Archived Games - Teams (spec 2),
 * and for Administrators the deleted games they can restore.
 */
export default function MainPage() {
  useDocumentTitle('Active Games', useGroupArea().group.groupName);
  return (
    <GroupGate action="viewGames">
      <div className="mt-3">
        <Games />
      </div>
    </GroupGate>
  );
}
