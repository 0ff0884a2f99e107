import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link, useLocation, useSearchParams } from 'react-router';
import { findCivCatalogue } from '@smm/shared/civilization/catalogue';
import type { DraftDto } from '@smm/shared/civilization/draft-schemas';
import { can } from '@smm/shared/groups/policy';
import { ApiError } from '../../../lib/api-client';
import { Loading } from '../../../lib/ui/Loading';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DraftResultView } from '../../civ-games/components/DraftResultView';
import { civGamePath } from '../../civ-games/game-links';
import { useViewerTimeZone } from '../../events/api/time-zone';
import { useFullGroup } from '../../groups/api/get-full-group';
import { GroupGate } from '../../groups/components/area/GroupGate';
import { groupPagePath, parseGroupID, useGroupArea } from '../../groups/components/area/group-area';
import { useDraft } from '../api/get-draft';
import { civDraftPath } from '../draft-links';
import { AddDraftedGame } from '../components/AddDraftedGame';
import { BlindPickPanel } from '../components/BlindPickPanel';
import { CaptainsPanel } from '../components/CaptainsPanel';
import { DraftHeader } from '../components/DraftHeader';
import { MajorityBansPanel } from '../components/MajorityBansPanel';
import { RedealNotice } from '../components/RedealNotice';
import { RedraftVotePanel } from '../components/RedraftVotePanel';
import { standingText } from '../draft-view';

/** How long after a deadline to ask again, should the live stream's word of the timeout not have come. */
const AFTER_DEADLINE_MS = 2000;

/** What the New Game form hands over when it opens this page after starting a draft. */
interface DraftPageState {
  gameName?: string;
  host?: string | null;
}

/** Once a step's or a vote's time is up the server moves the draft on; this asks for the result shortly after. */
function useRefetchAfterDeadlines(draft: DraftDto | undefined, refetch: () => unknown) {
  const deadlines = [draft?.view.deadline, draft?.view.vote?.deadline].filter((time): time is string => Boolean(time));
  const key = deadlines.join('|');
  useEffect(() => {
    if (!key) return;
    const timers = key
      .split('|')
      .map((time) => setTimeout(() => void refetch(), Math.max(0, Date.parse(time) - Date.now()) + AFTER_DEADLINE_MS));
    return () => timers.forEach(clearTimeout);
  }, [key, refetch]);
}

function Result({ draft, prefill }: { draft: DraftDto; prefill: DraftPageState }) {
  const { groupID, context, user } = useGroupArea();
  return (
    <section aria-label="Result" className="mb-3">
      <DraftResultView draft={draft} />
      {draft.gameID ? (
        <p className="mt-3 mb-0">
          A game was made from this draft. <Link to={civGamePath(groupID, draft.gameID)}>Open the game</Link>
        </p>
      ) : (
        can('editGames', context) && <AddDraftedGame groupID={groupID} draft={draft} viewerID={user.id} prefill={prefill} />
      )}
    </section>
  );
}

function LiveDraft({ draftID }: { draftID: string }) {
  const { groupID, group, user } = useGroupArea();
  const location = useLocation();
  const prefill = (location.state ?? {}) as DraftPageState;
  const query = useDraft(groupID, draftID);
  const full = useFullGroup(groupID);
  const timeZone = useViewerTimeZone(user.id);
  useRefetchAfterDeadlines(query.data, query.refetch);

  if (query.isPending) return <Loading label="Loading the draft…" />;
  if (query.isError) {
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2">
        <span className="me-auto">{missing ? 'This draft was not found, or the link is wrong.' : query.error.message}</span>
        {!missing && (
          <Button variant="outline-danger" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        )}
      </Alert>
    );
  }

  const draft = query.data;
  const { view } = draft;
  const catalogue = findCivCatalogue(group.gameName)?.leaders ?? [];
  const common = { groupID, draftID, view, viewerID: user.id };
  // A new round is a new draft to pick in: the panels' choices and refusals start afresh.
  const round = `round-${view.round}`;
  if (draft.replacedBy) {
    // A newer deal for these players stands for this one: nothing here counts any more.
    return (
      <>
        <DraftHeader draft={draft} timeZone={timeZone} />
        <Alert variant="warning" className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">A newer deal for these players replaced this draft: it can no longer make a game.</span>
          <Link className="btn btn-primary btn-sm" to={civDraftPath(groupID, draft.replacedBy)}>
            Open the newer draft
          </Link>
        </Alert>
      </>
    );
  }
  return (
    <>
      <DraftHeader draft={draft} timeZone={timeZone} />
      <RedealNotice draft={draft} timeZone={timeZone} />
      <p role="status" className="civ-draft-standing fw-semibold">
        {standingText(view, user.id)}
      </p>
      {view.mode === 'blind' && <BlindPickPanel key={round} {...common} />}
      {view.mode === 'captains' && (
        <CaptainsPanel key={round} {...common} catalogue={catalogue} allowDuplicates={full.data?.settings.allowDuplicateCivs === true} />
      )}
      {view.mode === 'majorityBans' && <MajorityBansPanel key={round} {...common} catalogue={catalogue} />}
      {view.status === 'complete' && <Result draft={draft} prefill={prefill} />}
      <RedraftVotePanel key={`vote-${round}`} {...common} gameRecorded={draft.gameID !== null} />
    </>
  );
}

/**
 * /civGroup/draft?groupID=..&draftID=..: a live draft for every member, kept current by the group's live stream:
 * blind picks, captains' bans and picks, majority bans and redraft votes, then the result to make the game from.
 */
export default function DraftPage() {
  const { area, groupID, group } = useGroupArea();
  const [params] = useSearchParams();
  const draftID = parseGroupID(params.get('draftID'));
  useDocumentTitle('Draft', group.groupName);
  return (
    <GroupGate action="viewGames">
      <section className="civ-draft-page mt-3" aria-label="Live draft">
        <Link to={groupPagePath(area, 'main', groupID)} className="d-inline-block mb-2">
          <span aria-hidden="true">← </span>Back to Games
        </Link>
        {draftID ? (
          <LiveDraft key={draftID} draftID={draftID} />
        ) : (
          <Alert variant="danger" className="mt-2">
            This link does not name a draft.
          </Alert>
        )}
      </section>
    </GroupGate>
  );
}
