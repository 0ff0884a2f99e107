import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { REDRAFT_VOTE_SECONDS, type DraftMachineView } from '@smm/shared/civilization/draft-machine-schemas';
import { useDraftAction } from '../api/draft-action';
import { nameOf, namesOf, playerOf } from '../draft-view';
import { ActionError } from './ActionError';
import { Countdown } from './Countdown';

interface Props {
  groupID: string;
  draftID: string;
  view: DraftMachineView;
  viewerID: string;
  /** A game was recorded from this draft: it can no longer be redrafted. */
  gameRecorded: boolean;
}

/**
 * The redraft vote: any player may call one (calling counts as yes); it passes when more than half of the
 * players vote yes within the time, and the server deals a new round. Shows the open vote's counts and
 * time left, the viewer's own vote, and how the last vote went.
 */
export function RedraftVotePanel({ groupID, draftID, view, viewerID, gameRecorded }: Props) {
  const act = useDraftAction(groupID, draftID);
  const names = namesOf(view);
  const isPlayer = playerOf(view, viewerID) !== undefined;
  const { vote, lastVote } = view;
  const myVote = vote ? (vote.yes.includes(viewerID) ? 'yes' : vote.no.includes(viewerID) ? 'no' : null) : null;

  return (
    <Card as="section" aria-labelledby="redraft-title" className="mb-3">
      <Card.Header>
        <h3 id="redraft-title" className="h5 mb-0">
          Redraft vote
        </h3>
      </Card.Header>
      <Card.Body>
        {vote ? (
          <>
            <p className="mb-2">
              {nameOf(names, vote.calledBy)} called a redraft vote. It passes with {vote.needed} yes votes of {view.players.length} players.
            </p>
            <dl className="civ-draft-facts mb-2">
              <div>
                <dt>Yes</dt>
                <dd data-testid="vote-yes">{vote.yes.length}</dd>
              </div>
              <div>
                <dt>No</dt>
                <dd data-testid="vote-no">{vote.no.length}</dd>
              </div>
              <div>
                <dt>Needed</dt>
                <dd>{vote.needed}</dd>
              </div>
              <div>
                <dt>Closes in</dt>
                <dd>
                  <Countdown deadline={vote.deadline} expiredText="Closing…" className="fw-semibold" />
                </dd>
              </div>
            </dl>
            {isPlayer &&
              (myVote ? (
                <p className="mb-0">You voted {myVote}.</p>
              ) : (
                <div className="d-flex flex-wrap gap-2" role="group" aria-label="Your vote">
                  <Button variant="success" disabled={act.isPending} onClick={() => act.mutate({ type: 'vote', yes: true })}>
                    Vote yes
                  </Button>
                  <Button variant="outline-danger" disabled={act.isPending} onClick={() => act.mutate({ type: 'vote', yes: false })}>
                    Vote no
                  </Button>
                </div>
              ))}
          </>
        ) : gameRecorded ? (
          <p className="mb-0 text-body-secondary">A game has been recorded from this draft, so it can no longer be redrafted.</p>
        ) : (
          <>
            <p className="small text-body-secondary" id="redraft-help">
              Not happy with the draft? If more than half of the players vote yes within {REDRAFT_VOTE_SECONDS} seconds, a new draft is
              dealt.
            </p>
            {isPlayer && (
              <Button
                variant="outline-primary"
                aria-describedby="redraft-help"
                disabled={act.isPending}
                onClick={() => act.mutate({ type: 'callVote' })}
              >
                Call a redraft vote
              </Button>
            )}
          </>
        )}
        <ActionError error={act.error} />
        {lastVote && (
          <p className="small text-body-secondary mt-3 mb-0" data-testid="last-vote">
            Last vote, called by {nameOf(names, lastVote.calledBy)}: {lastVote.outcome} ({lastVote.yes} yes, {lastVote.no} no).
          </p>
        )}
      </Card.Body>
    </Card>
  );
}
