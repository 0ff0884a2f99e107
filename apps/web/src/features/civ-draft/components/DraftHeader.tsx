import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import type { DraftDto } from '@smm/shared/civilization/draft-schemas';
import { useToast } from '../../../lib/ui/toasts';
import { formatWithZone } from '../../events/event-time';
import { civDraftPath } from '../draft-links';
import { MODE_LABELS } from '../draft-mode-labels';
import { Countdown } from './Countdown';

interface Props {
  draft: DraftDto;
  /** The viewer's own zone (their profile's, else the browser's). */
  timeZone: string;
}

/** The draft's mode, round and status, and while a step runs the time left and when it ends in the viewer's zone. */
export function DraftHeader({ draft, timeZone }: Props) {
  const toast = useToast();
  const { view } = draft;
  const running = view.status === 'running';

  /** The page's address, to paste where the players talk (Discord): each opens the draft in their own browser. */
  async function copyLink() {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}${civDraftPath(draft.groupID, draft.draftID)}`);
      toast({ title: 'Copied!', body: 'The link to this draft is on your clipboard.', variant: 'success' });
    } catch {
      toast({ title: 'Error', body: 'The link could not be copied to the clipboard.', variant: 'danger' });
    }
  }
  return (
    <header className="civ-draft-header border rounded p-3 mb-3">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <h2 id="draft-title" className="h4 mb-0 me-auto">
          {MODE_LABELS[view.mode]}
        </h2>
        <Badge bg="secondary" pill>
          Round {view.round}
        </Badge>
        <Badge bg={running ? 'primary' : 'success'} pill>
          {running ? 'Running' : 'Complete'}
        </Badge>
        <Button variant="outline-primary" size="sm" onClick={() => void copyLink()}>
          Copy link
        </Button>
      </div>
      <dl className="civ-draft-facts mt-2 mb-0">
        <div>
          <dt>Game type</dt>
          <dd>{view.gameType === 'team' ? 'Team' : 'FFA'}</dd>
        </div>
        <div>
          <dt>Players</dt>
          <dd>{view.players.length}</dd>
        </div>
        {view.map && (
          <div>
            <dt>Map</dt>
            <dd>{view.map.name}</dd>
          </div>
        )}
        {running && view.deadline && (
          <>
            <div>
              <dt>Time left</dt>
              <dd>
                <Countdown deadline={view.deadline} expiredText="Time is up; the server is finishing this step…" className="fw-semibold" />
              </dd>
            </div>
            <div>
              <dt>This step ends</dt>
              <dd>
                <time dateTime={view.deadline}>{formatWithZone(view.deadline, timeZone)}</time>{' '}
                <span className="text-body-secondary">(your time zone, {timeZone})</span>
              </dd>
            </div>
          </>
        )}
      </dl>
    </header>
  );
}
