import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { VICTORY_TYPES, type GameDto, type VictoryType } from '@smm/shared/civilization/games-schemas';
import { REASON_MAX, type ResultChanges } from '@smm/shared/civilization/ladder-schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { FieldError } from '../../../lib/ui/FieldError';
import { FormDialogFooter } from '../../../lib/ui/FormDialogFooter';
import { useToast } from '../../../lib/ui/toasts';
import { useProposeGameChange } from '../api/propose-game-change';
import { useUpdateGame } from '../api/update-game';
import { sidesOf } from '../game-state';
import { isResultChanged } from '../use-opened-result';
import { PlacementInputs, placementDraftOf, placementsFrom } from './PlacementInputs';
import { PLACEMENT_RULES } from './EditPlacementsModal';

export const NO_CHANGE = 'No change';
const NO_WINNER = 'none';

/** A field's server message, whether the server names it plainly or under `changes`. */
const fieldOf = (fields: Record<string, string>, name: string): string | undefined => fields[name] ?? fields[`changes.${name}`];

/**
 * A correction of the result: who is eliminated, the winner and victory type, and (once finished)
 * the placements. A player of the game proposes it, with the reason, and a manager decides; a
 * manager (`correct`) makes it at once on the result as the page shows it, recorded in the game's
 * History, and the rankings are recounted.
 */
export function ProposeChangeModal({ game, onHide, correct = false }: { game: GameDto; onHide: () => void; correct?: boolean }) {
  const sides = [...sidesOf(game)].sort((a, b) => (a.placement ?? 99) - (b.placement ?? 99));
  const statusesNow = () => Object.fromEntries(game.members.map((m) => [m.userID, m.isActive]));
  const [active, setActive] = useState<Record<string, boolean>>(statusesNow);
  const [winner, setWinner] = useState('');
  const [victoryType, setVictoryType] = useState<VictoryType | ''>('');
  const [withPlacements, setWithPlacements] = useState(false);
  const [placements, setPlacements] = useState(() => placementDraftOf(sides));
  const [reason, setReason] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const propose = useProposeGameChange(game.groupID);
  const update = useUpdateGame(game.groupID);
  const working = propose.isPending || update.isPending;
  const toast = useToast();
  const teams = game.gameType === 'team';

  /**
   * A winner is the one side that remains: choosing one marks its players active and everyone else
   * eliminated (each can still be changed); going back to no change restores the statuses as they are.
   */
  function chooseWinner(value: string) {
    setWinner(value);
    if (value === '') setActive(statusesNow());
    else if (value !== NO_WINNER) {
      const wins = (m: GameDto['members'][number]) => (teams ? String(m.team ?? 0) === value : m.userID === value);
      setActive(Object.fromEntries(game.members.map((m) => [m.userID, wins(m)])));
    }
  }

  function changes(): ResultChanges | string {
    const result: ResultChanges = {};
    const members = game.members
      .filter((m) => active[m.userID] !== m.isActive)
      .map((m) => ({ userID: m.userID, isActive: active[m.userID]! }));
    if (members.length > 0) result.members = members;
    if (winner === NO_WINNER) result.winner = null;
    else if (winner) result.winner = teams ? Number(winner) : winner;
    if (victoryType) result.victoryType = victoryType;
    if (withPlacements) {
      const placed = placementsFrom(sides, placements);
      if ('missing' in placed) return `Give ${placed.missing.label} a place from 1 to ${sides.length}`;
      result.placements = placed.placements;
    }
    return result;
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    const proposed = changes();
    const local: Record<string, string> = {};
    if (!correct && !reason.trim()) local.reason = 'Say why the result should change';
    if (winner && winner !== NO_WINNER && !game.isFinished && !victoryType) local.victoryType = 'Choose the victory type of the win';
    if (typeof proposed === 'string') local.placements = proposed;
    else if (Object.keys(proposed).length === 0) {
      local.changes = correct ? 'Change at least one thing to correct the result' : 'Change at least one thing to propose a correction';
    }
    setFields(local);
    if (Object.keys(local).length > 0 || typeof proposed === 'string') return;
    if (correct) {
      update.mutate(
        // Made on the result as this page shows it: 409 if someone changed it since.
        { gameID: game._id, ...proposed, expectedResultVersion: game.resultVersion },
        {
          onSuccess: () => {
            toast({ title: 'Success!', body: 'Corrected the result: the History tab records it', variant: 'success' });
            onHide();
          },
          onError: (error) => {
            const body = errorBodyOf(error);
            setFields(body.fields ?? {});
            setMessage(isResultChanged(error) ? `${body.message}. Close this and look at the result as it is now.` : body.message);
          },
        },
      );
      return;
    }
    propose.mutate(
      { gameID: game._id, changes: proposed, reason: reason.trim() },
      {
        onSuccess: () => {
          toast({
            title: 'Success!',
            body: 'Proposed a correction: the host, the creator or an Administrator decides',
            variant: 'success',
          });
          onHide();
        },
        onError: (error) => {
          const body = errorBodyOf(error);
          setFields(body.fields ?? {});
          setMessage(body.message);
        },
      },
    );
  }

  const reasonError = fields.reason;
  const winnerError = fieldOf(fields, 'winner');
  const victoryTypeError = fieldOf(fields, 'victoryType');
  const placementsError = fieldOf(fields, 'placements');
  const membersError = fieldOf(fields, 'members') ?? fields.changes;

  return (
    <Modal show onHide={onHide} backdrop="static" keyboard={false} aria-labelledby="propose-change-title">
      <Form onSubmit={submit} noValidate aria-busy={working}>
        <Modal.Header>
          <Modal.Title id="propose-change-title">{correct ? 'Correct the result' : 'Propose a correction'}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-body-secondary">
            {correct
              ? 'The change applies at once: placements and ratings are recounted, and the History tab records who changed what.'
              : 'The host, the creator or an Administrator accepts or rejects it; the other players can confirm or contest it.'}
          </p>
          {message && (
            <Alert variant="danger" role="alert">
              {message}
            </Alert>
          )}
          <fieldset className="mb-3" aria-describedby={membersError ? 'propose-members-error' : undefined}>
            <legend className="h6">Players</legend>
            <div className="d-grid gap-2">
              {game.members.map((member) => (
                <Form.Group key={member.userID} controlId={`propose-status-${member.userID}`} className="d-flex align-items-center gap-2">
                  <Form.Label className="mb-0 me-auto text-break">{member.username}</Form.Label>
                  <Form.Select
                    size="sm"
                    className="w-auto"
                    value={active[member.userID] ? 'active' : 'eliminated'}
                    onChange={(e) => setActive({ ...active, [member.userID]: e.target.value === 'active' })}
                  >
                    <option value="active">Active</option>
                    <option value="eliminated">Eliminated</option>
                  </Form.Select>
                </Form.Group>
              ))}
            </div>
            <FieldError id="propose-members-error" message={membersError} />
          </fieldset>
          <Form.Group className="mb-3" controlId="propose-winner">
            <Form.Label>{teams ? 'Winning team' : 'Winner'}</Form.Label>
            <Form.Select
              value={winner}
              onChange={(e) => chooseWinner(e.target.value)}
              isInvalid={Boolean(winnerError)}
              aria-describedby={winnerError ? 'propose-winner-error propose-winner-help' : 'propose-winner-help'}
            >
              <option value="">{NO_CHANGE}</option>
              {game.isFinished && <option value={NO_WINNER}>No winner: the game goes on</option>}
              {sides.map((side) => (
                <option key={side.key} value={side.team === undefined ? side.userID : String(side.team)}>
                  {side.label}
                </option>
              ))}
            </Form.Select>
            <Form.Text id="propose-winner-help">
              {teams ? 'The winning team is the one that remains:' : 'The winner is the one who remains:'} choosing one marks the other
              players eliminated above.
            </Form.Text>
            <FieldError id="propose-winner-error" message={winnerError} />
          </Form.Group>
          <Form.Group className="mb-3" controlId="propose-victory-type">
            <Form.Label>Victory Type</Form.Label>
            <Form.Select
              value={victoryType}
              onChange={(e) => setVictoryType(e.target.value as VictoryType | '')}
              isInvalid={Boolean(victoryTypeError)}
              aria-describedby={victoryTypeError ? 'propose-victory-type-error' : undefined}
            >
              <option value="">{NO_CHANGE}</option>
              {VICTORY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </Form.Select>
            <FieldError id="propose-victory-type-error" message={victoryTypeError} />
          </Form.Group>
          {game.isFinished && (
            <div className="mb-3">
              <Form.Check
                id="propose-placements"
                label={correct ? 'Set placements' : 'Propose placements'}
                checked={withPlacements}
                onChange={(e) => setWithPlacements(e.target.checked)}
              />
              {withPlacements && (
                <fieldset className="mt-2" aria-describedby="propose-placements-help">
                  <legend className="visually-hidden">Placements</legend>
                  <PlacementInputs idPrefix="propose-placement" sides={sides} draft={placements} onChange={setPlacements} />
                  <Form.Text id="propose-placements-help">{PLACEMENT_RULES}</Form.Text>
                </fieldset>
              )}
              <FieldError id="propose-placements-error" message={placementsError} />
            </div>
          )}
          {!correct && (
            <Form.Group controlId="propose-reason">
              <Form.Label>Reason</Form.Label>
              <Form.Control
                as="textarea"
                rows={3}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                maxLength={REASON_MAX}
                required
                isInvalid={Boolean(reasonError)}
                aria-describedby={reasonError ? 'propose-reason-error' : undefined}
              />
              <FieldError id="propose-reason-error" message={reasonError} />
            </Form.Group>
          )}
        </Modal.Body>
        <FormDialogFooter
          onCancel={onHide}
          working={working}
          label={correct ? 'Correct' : 'Propose'}
          workingLabel={correct ? 'Correcting…' : 'Proposing…'}
          cancelDisabled={working}
        />
      </Form>
    </Modal>
  );
}
