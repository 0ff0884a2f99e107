import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import type { DraftMachineView } from '@smm/shared/civilization/draft-machine-schemas';
import { civChoiceLabel } from '@smm/shared/civilization/labels';
import { useDraftAction } from '../api/draft-action';
import { playerOf } from '../draft-view';
import { ActionError } from './ActionError';

export const HIDDEN_PICK_TEXT = 'Hidden until the game ends';

interface Props {
  groupID: string;
  draftID: string;
  view: DraftMachineView;
  viewerID: string;
}

/** The viewer's own hand, one button per leader; the pick can change until everyone has picked. */
function YourHand({ groupID, draftID, view, viewerID }: Props) {
  const pick = useDraftAction(groupID, draftID);
  const me = playerOf(view, viewerID);
  if (!me) return null;
  const chosen = me.pick?.civID ?? null;
  const sending = pick.isPending ? pick.variables : null;
  return (
    <Card as="section" aria-labelledby="blind-hand-title" className="mb-3">
      <Card.Header>
        <h3 id="blind-hand-title" className="h5 mb-0">
          Your hand
        </h3>
      </Card.Header>
      <Card.Body>
        <p id="blind-hand-help" className="small text-body-secondary">
          Pick one leader. Nobody sees which until everyone has picked; you may change your pick until then.
        </p>
        <div className="civ-draft-hand" role="group" aria-labelledby="blind-hand-title" aria-describedby="blind-hand-help">
          {me.hand.map((leader) => {
            const isPick = leader.civID === chosen;
            return (
              <Button
                key={leader.civID}
                variant={isPick ? 'primary' : 'outline-primary'}
                aria-pressed={isPick}
                disabled={pick.isPending}
                onClick={() => pick.mutate({ type: 'blindPick', civID: leader.civID })}
              >
                {civChoiceLabel(leader)}
                {sending?.type === 'blindPick' && sending.civID === leader.civID && <span className="visually-hidden"> (sending)</span>}
              </Button>
            );
          })}
        </div>
        <p className="mt-3 mb-0" aria-live="polite">
          {me.pick ? (
            <>
              Your pick: <span className="fw-semibold">{civChoiceLabel(me.pick)}</span>
            </>
          ) : (
            'You have not picked yet.'
          )}
        </p>
        <ActionError error={pick.error} />
      </Card.Body>
    </Card>
  );
}

/**
 * Blind picks: the viewer's hand to pick from, then every player as picked or waiting (never which leader),
 * and once all are in (or time is up) the reveal of every pick at once, those the timer made marked.
 */
export function BlindPickPanel(props: Props) {
  const { view, viewerID } = props;
  const revealed = view.status === 'complete';
  const picked = view.players.filter((player) => player.hasPicked).length;
  return (
    <>
      {!revealed && <YourHand {...props} />}
      <Card as="section" aria-labelledby="blind-players-title" className="mb-3">
        <Card.Header className="d-flex flex-wrap align-items-baseline gap-2">
          <h3 id="blind-players-title" className="h5 mb-0 me-auto">
            {revealed ? 'Picks revealed' : 'Players'}
          </h3>
          {!revealed && (
            <span className="small text-body-secondary">
              {picked} of {view.players.length} picked
            </span>
          )}
        </Card.Header>
        <ListGroup as="ul" variant="flush" aria-labelledby="blind-players-title">
          {view.players.map((player) => (
            <ListGroup.Item as="li" key={player.userID} className="civ-draft-player" data-testid={`blind-player-${player.username}`}>
              <span className="civ-draft-player-name">
                {player.username}
                {player.userID === viewerID && <span className="text-body-secondary"> (you)</span>}
                {player.team !== null && <span className="text-body-secondary small"> · Team {player.team}</span>}
              </span>
              {revealed ? (
                <span className="civ-draft-player-state">
                  {player.pick ? (
                    <span className="fw-semibold">{civChoiceLabel(player.pick)}</span>
                  ) : (
                    <span className="text-body-secondary">{HIDDEN_PICK_TEXT}</span>
                  )}
                  {player.autoPicked && (
                    <Badge bg="warning" text="dark" className="ms-2">
                      Auto-picked
                    </Badge>
                  )}
                </span>
              ) : (
                <Badge bg={player.hasPicked ? 'success' : 'secondary'} className="civ-draft-player-state">
                  {player.hasPicked ? 'Picked' : 'Waiting'}
                </Badge>
              )}
            </ListGroup.Item>
          ))}
        </ListGroup>
        {revealed && view.players.some((player) => player.autoPicked) && (
          <Card.Footer className="small text-body-secondary">
            Auto-picked: the time ran out, so the leader was drawn from the hand.
          </Card.Footer>
        )}
      </Card>
    </>
  );
}
