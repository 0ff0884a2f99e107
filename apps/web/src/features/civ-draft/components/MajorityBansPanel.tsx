import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import type { CivLeader } from '@smm/shared/civilization/catalogue-types';
import { uniqueLeaders } from '@smm/shared/civilization/draft';
import { DRAFT_MACHINE_LIMITS, type DraftMachineView } from '@smm/shared/civilization/draft-machine-schemas';
import { civChoiceLabel } from '@smm/shared/civilization/labels';
import { useDraftAction } from '../api/draft-action';
import { playerOf, plural } from '../draft-view';
import { ActionError } from './ActionError';
import { LeaderChooser } from './LeaderChooser';

interface Props {
  groupID: string;
  draftID: string;
  view: DraftMachineView;
  viewerID: string;
  catalogue: readonly CivLeader[];
}

const leadersText = (leaders: readonly { leader: string; nation: string }[]) =>
  leaders.length === 0 ? 'None' : leaders.map(civChoiceLabel).join(', ');

/** The viewer's proposals: chosen from the catalogue and sent; they can be changed until everyone has sent theirs. */
function YourProposals({ groupID, draftID, view, viewerID, catalogue }: Props) {
  const propose = useDraftAction(groupID, draftID);
  const me = playerOf(view, viewerID);
  const sent = me?.proposedBans.map((leader) => leader.civID) ?? [];
  const [editing, setEditing] = useState(false);
  const [chosen, setChosen] = useState<string[]>(sent);
  if (!me) return null;
  const max = view.majorityBansPerPlayer ?? DRAFT_MACHINE_LIMITS.majorityBansMax;
  const open = editing || !me.bansSubmitted;

  function send() {
    propose.mutate({ type: 'proposeBans', civIDs: chosen }, { onSuccess: () => setEditing(false) });
  }

  return (
    <Card as="section" aria-labelledby="proposals-title" className="mb-3">
      <Card.Header>
        <h3 id="proposals-title" className="h5 mb-0">
          Your ban proposals
        </h3>
      </Card.Header>
      <Card.Body>
        <p className="small text-body-secondary">
          A leader is banned when more than half of the players propose it. Proposals stay secret until everyone has sent theirs.
        </p>
        {open ? (
          <>
            <LeaderChooser
              legend={`Leaders to propose (up to ${max})`}
              leaders={uniqueLeaders(catalogue)}
              type="checkbox"
              selected={chosen}
              onChange={setChosen}
              max={max}
              disabled={propose.isPending}
            />
            <p className="small mt-2 mb-2" aria-live="polite">
              {chosen.length === 0
                ? 'No leaders chosen: you propose no bans.'
                : `Chosen: ${chosen.length} (${leadersText(uniqueLeaders(catalogue).filter((leader) => chosen.includes(leader.civID)))})`}
            </p>
            <div className="d-flex flex-wrap gap-2">
              <Button disabled={propose.isPending} onClick={send}>
                {propose.isPending ? 'Sending…' : 'Submit proposals'}
              </Button>
              {me.bansSubmitted && (
                <Button variant="outline-secondary" disabled={propose.isPending} onClick={() => setEditing(false)}>
                  Keep my earlier proposals
                </Button>
              )}
            </div>
          </>
        ) : (
          <>
            <p className="mb-2">
              <span className="fw-semibold">You proposed:</span> {leadersText(me.proposedBans)}
            </p>
            <Button
              variant="outline-primary"
              size="sm"
              onClick={() => {
                setChosen(sent);
                setEditing(true);
              }}
            >
              Change proposals
            </Button>
          </>
        )}
        <ActionError error={propose.error} />
      </Card.Body>
    </Card>
  );
}

/**
 * Majority bans: the viewer's proposals, each player as submitted or waiting; once every proposal is in (or time
 * is up) the leaders banned, those kept so the deal stays possible, and everyone's proposals.
 */
export function MajorityBansPanel(props: Props) {
  const { view, viewerID } = props;
  const decided = view.status === 'complete';
  const submitted = view.players.filter((player) => player.bansSubmitted).length;
  return (
    <>
      {!decided && <YourProposals {...props} />}
      {decided && (
        <Card as="section" aria-labelledby="majority-result-title" className="mb-3">
          <Card.Header>
            <h3 id="majority-result-title" className="h5 mb-0">
              Bans decided
            </h3>
          </Card.Header>
          <Card.Body>
            <p className="mb-2">
              <span className="fw-semibold">Banned:</span> {leadersText(view.bannedLeaders)}
            </p>
            {view.keptLeaders.length > 0 && (
              <p className="mb-0">
                <span className="fw-semibold">Kept in the pool:</span> {leadersText(view.keptLeaders)}{' '}
                <span className="text-body-secondary small">
                  (a majority proposed them, but banning them would leave too few leaders to deal)
                </span>
              </p>
            )}
          </Card.Body>
        </Card>
      )}
      <Card as="section" aria-labelledby="majority-players-title" className="mb-3">
        <Card.Header className="d-flex flex-wrap align-items-baseline gap-2">
          <h3 id="majority-players-title" className="h5 mb-0 me-auto">
            {decided ? 'Everyone’s proposals' : 'Players'}
          </h3>
          {!decided && (
            <span className="small text-body-secondary">
              {submitted} of {plural(view.players.length, 'player')} submitted
            </span>
          )}
        </Card.Header>
        <ListGroup as="ul" variant="flush" aria-labelledby="majority-players-title">
          {view.players.map((player) => (
            <ListGroup.Item as="li" key={player.userID} className="civ-draft-player">
              <span className="civ-draft-player-name">
                {player.username}
                {player.userID === viewerID && <span className="text-body-secondary"> (you)</span>}
              </span>
              {decided ? (
                <span className="civ-draft-player-state">
                  {player.proposedBansHidden ? <span className="text-body-secondary">Hidden</span> : leadersText(player.proposedBans)}
                </span>
              ) : (
                <Badge bg={player.bansSubmitted ? 'success' : 'secondary'} className="civ-draft-player-state">
                  {player.bansSubmitted ? 'Submitted' : 'Waiting'}
                </Badge>
              )}
            </ListGroup.Item>
          ))}
        </ListGroup>
      </Card>
    </>
  );
}
