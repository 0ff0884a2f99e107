import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import type { CivLeader } from '@smm/shared/civilization/catalogue-types';
import type { DraftMachineView } from '@smm/shared/civilization/draft-machine-schemas';
import { civChoiceLabel } from '@smm/shared/civilization/labels';
import { useDraftAction } from '../api/draft-action';
import { captainCandidates, nameOf, namesOf, stepLabel } from '../draft-view';
import { ActionError } from './ActionError';
import { LeaderChooser } from './LeaderChooser';

interface Props {
  groupID: string;
  draftID: string;
  view: DraftMachineView;
  viewerID: string;
  /** The group's game's leaders (the catalogue); the server decides what a team may really take. */
  catalogue: readonly CivLeader[];
  allowDuplicates: boolean;
}

const leadersText = (leaders: readonly { leader: string; nation: string }[]) =>
  leaders.length === 0 ? 'None yet' : leaders.map(civChoiceLabel).join(', ');

function Teams({ view, viewerID }: Pick<Props, 'view' | 'viewerID'>) {
  const names = namesOf(view);
  const onTurn = view.turn?.team ?? null;
  return (
    <div className="civ-draft-teams mb-3">
      {view.teams.map((team) => (
        <Card
          as="section"
          key={team.team}
          aria-labelledby={`team-${team.team}-title`}
          border={onTurn === team.team ? 'primary' : undefined}
          className="civ-draft-team"
        >
          <Card.Header className="d-flex align-items-center gap-2">
            <h3 id={`team-${team.team}-title`} className="h5 mb-0 me-auto">
              Team {team.team}
            </h3>
            {onTurn === team.team && <Badge bg="primary">On turn</Badge>}
          </Card.Header>
          <Card.Body>
            <dl className="civ-draft-team-facts mb-0">
              <div>
                <dt>Captain</dt>
                <dd>
                  {nameOf(names, team.captainID)}
                  {team.captainID === viewerID && <span className="text-body-secondary"> (you)</span>}
                </dd>
              </div>
              <div>
                <dt>Members</dt>
                <dd>{team.memberIDs.map((userID) => nameOf(names, userID)).join(', ')}</dd>
              </div>
              <div>
                <dt>Bans</dt>
                <dd>{leadersText(team.bans)}</dd>
              </div>
              <div>
                <dt>Picks</dt>
                <dd>{leadersText(team.picks)}</dd>
              </div>
            </dl>
          </Card.Body>
        </Card>
      ))}
    </div>
  );
}

/** Every turn in order: those played with the leader taken, the one being played marked. */
function StepOrder({ view }: Pick<Props, 'view'>) {
  return (
    <Card as="section" aria-labelledby="captain-steps-title" className="mb-3">
      <Card.Header>
        <h3 id="captain-steps-title" className="h5 mb-0">
          Turn order
        </h3>
      </Card.Header>
      <Card.Body>
        <ol className="civ-draft-steps list-unstyled mb-0">
          {view.steps.map((step, index) => {
            const played = view.history[index];
            const current = index === view.stepIndex;
            return (
              <li
                // Steps never move: the index is the step's identity.
                key={index}
                aria-current={current ? 'step' : undefined}
                className={`civ-draft-step ${current ? 'is-current' : ''} ${played ? 'is-played' : ''}`}
              >
                <span className="civ-draft-step-number">{index + 1}.</span> {stepLabel(step)}
                {played && (
                  <>
                    : <span className="fw-semibold">{civChoiceLabel(played.leader)}</span>
                    {played.userID === null && <span className="text-body-secondary"> (timer)</span>}
                  </>
                )}
                {current && <span className="visually-hidden"> (now)</span>}
              </li>
            );
          })}
        </ol>
      </Card.Body>
    </Card>
  );
}

/** The captain on turn chooses one leader and confirms; a refusal (a team-mate lacks the leader) shows below. */
function CaptainTurn({ groupID, draftID, view, catalogue, allowDuplicates }: Omit<Props, 'viewerID'>) {
  const act = useDraftAction(groupID, draftID);
  const [choice, setChoice] = useState<string | null>(null);
  const turn = view.turn;
  if (!turn) return null;
  const verb = turn.kind === 'ban' ? 'Ban' : 'Pick';
  const candidates = captainCandidates(catalogue, view, allowDuplicates);
  const chosen = candidates.find((leader) => leader.civID === choice) ?? null;

  function send() {
    if (!chosen || !turn) return;
    act.mutate({ type: turn.kind, civID: chosen.civID }, { onSuccess: () => setChoice(null) });
  }

  return (
    <Card as="section" aria-labelledby="captain-turn-title" border="primary" className="mb-3">
      <Card.Header>
        <h3 id="captain-turn-title" className="h5 mb-0">
          {turn.kind === 'ban' ? 'Your ban' : 'Your pick'} for Team {turn.team}
        </h3>
      </Card.Header>
      <Card.Body>
        <LeaderChooser
          legend={turn.kind === 'ban' ? 'Leaders you may ban' : 'Leaders you may pick'}
          leaders={candidates}
          type="radio"
          selected={choice ? [choice] : []}
          onChange={([civID]) => setChoice(civID ?? null)}
          disabled={act.isPending}
        />
        <Button className="mt-3" disabled={!chosen || act.isPending} onClick={send}>
          {chosen ? `${verb} ${civChoiceLabel(chosen)}` : `Choose a leader to ${turn.kind}`}
        </Button>
        <ActionError error={act.error} />
      </Card.Body>
    </Card>
  );
}

/**
 * Captains: the teams with their captains, members, bans and picks; whose turn it is; the whole turn order with
 * the current turn marked; and for the captain on turn, the leaders to choose from.
 */
export function CaptainsPanel(props: Props) {
  const { view, viewerID } = props;
  const myTurn = view.status === 'running' && view.turn?.captainID === viewerID;
  const captainBans = new Set(view.teams.flatMap((team) => team.bans).map((leader) => leader.civID));
  const storedBans = view.bannedLeaders.filter((leader) => !captainBans.has(leader.civID));
  return (
    <>
      {/* Keyed by the step, so a choice made for an earlier turn never carries over. */}
      {myTurn && <CaptainTurn key={view.stepIndex ?? -1} {...props} />}
      <Teams view={view} viewerID={viewerID} />
      <p className="small mb-3">
        <span className="fw-semibold">Banned by the players’ preferences:</span>{' '}
        {storedBans.length === 0 ? 'None' : storedBans.map(civChoiceLabel).join(', ')}
      </p>
      <StepOrder view={view} />
    </>
  );
}
