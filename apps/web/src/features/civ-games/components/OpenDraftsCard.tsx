import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { Link } from 'react-router';
import type { OpenDraftDto } from '@smm/shared/civilization/draft-schemas';
import { civDraftPath } from '../../civ-draft/draft-links';
import { MODE_LABELS } from '../../civ-draft/draft-mode-labels';
import { formatWithZone } from '../../events/event-time';
import { useOpenDrafts } from '../api/get-open-drafts';

interface Props {
  groupID: string;
  viewerID: string;
  timeZone: string;
}

const HEADING_ID = 'open-drafts-title';

function OpenDraft({ draft, groupID, viewerID, timeZone }: Props & { draft: OpenDraftDto }) {
  const plays = draft.players.some((player) => player.userID === viewerID);
  return (
    <ListGroup.Item className="d-flex flex-wrap align-items-center gap-2" data-testid="open-draft">
      <div className="me-auto">
        {draft.gameName && <div className="fw-semibold text-break">{draft.gameName}</div>}
        <div className="d-flex flex-wrap align-items-center column-gap-2">
          <span>
            <strong>{MODE_LABELS[draft.mode]}</strong>
            {draft.gameType === 'team' ? ' · Teams' : ' · Free for all'}
          </span>
          {draft.status === 'complete' && <span className="badge text-bg-success">Dealt: waiting for its game</span>}
          {plays && <span className="badge text-bg-primary">You play</span>}
        </div>
        <div className="small">{draft.players.map((player) => player.username).join(', ')}</div>
        <div className="small text-body-secondary">
          Started by {draft.startedBy ?? 'a former member'},{' '}
          <time dateTime={draft.dateCreated}>{formatWithZone(draft.dateCreated, timeZone)}</time>
          {draft.deadline && (
            <>
              {' '}
              · {draft.status === 'complete' ? 'the redraft vote ends' : 'this step ends'}{' '}
              <time dateTime={draft.deadline}>{formatWithZone(draft.deadline, timeZone)}</time>
            </>
          )}
        </div>
      </div>
      <Link className={plays ? 'btn btn-primary btn-sm' : 'btn btn-outline-primary btn-sm'} to={civDraftPath(groupID, draft.draftID)}>
        {plays ? 'Open draft' : 'Watch draft'}
      </Link>
    </ListGroup.Item>
  );
}

/**
 * The group's open drafts, above the games: those still being played (blind picks, captains, majority
 * bans) and those dealt and waiting for their game, so a member dealt into one started by someone else
 * finds it and anyone can add its game; kept current by the group's live stream. Nothing shows while
 * there are none, or while they load.
 */
export function OpenDraftsCard(props: Props) {
  const drafts = useOpenDrafts(props.groupID);
  if (!drafts.data?.length) return null;
  return (
    <Card as="section" className="mb-3" aria-labelledby={HEADING_ID}>
      <Card.Header>
        <h2 id={HEADING_ID} className="h5 mb-0">
          Drafts in progress
        </h2>
      </Card.Header>
      <ListGroup variant="flush">
        {drafts.data.map((draft) => (
          <OpenDraft key={draft.draftID} draft={draft} {...props} />
        ))}
      </ListGroup>
    </Card>
  );
}
