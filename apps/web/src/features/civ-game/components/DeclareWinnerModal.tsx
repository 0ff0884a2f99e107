import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { VICTORY_TYPES, type GameDto, type VictoryType } from '@smm/shared/civilization/games-schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { FieldError } from '../../../lib/ui/FieldError';
import { FormDialogFooter } from '../../../lib/ui/FormDialogFooter';
import { useToast } from '../../../lib/ui/toasts';
import { useUpdateGame } from '../api/update-game';
import { winnerCandidate } from '../game-state';
import { useOpenedResult } from '../use-opened-result';
import { ResultConflict } from './ResultConflict';

interface Props {
  game: GameDto;
  onHide: () => void;
}

/**
 * Declares the winner: the one active member left (ffa) or the one team left (team), with the
 * victory type, as the game stood when the dialog opened. If another manager changed the result
 * since, the server refuses the save (409) and Reload shows the newer result here.
 */
export function DeclareWinnerModal({ game, onHide }: Props) {
  const [victoryType, setVictoryType] = useState<VictoryType | ''>(game.victoryType ?? '');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const result = useOpenedResult(game, (fresh) => {
    setVictoryType(fresh.victoryType ?? '');
    setFields({});
    setMessage(null);
  });
  const shown = result.opened;
  const candidate = winnerCandidate(shown);
  // The game may have changed before the dialog opened, or been reloaded since: say why no winner can be declared, and stop.
  const problem = message ?? (candidate.ok ? null : candidate.reason);
  const update = useUpdateGame(game.groupID);
  const toast = useToast();
  const winnerHeading = shown.gameType === 'team' ? 'Winning team' : 'Winner';

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!candidate.ok) return;
    if (!victoryType) return setFields({ victoryType: 'Choose the victory type of the win' });
    setFields({});
    setMessage(null);
    result.clear();
    update.mutate(
      { gameID: game._id, winner: candidate.winner, victoryType, expectedResultVersion: result.expectedResultVersion },
      {
        onSuccess: () => {
          toast({ title: 'Success!', body: `${candidate.label} won a ${victoryType} victory`, variant: 'success' });
          onHide();
        },
        onError: (error) => {
          if (result.caught(error)) return;
          const body = errorBodyOf(error);
          setFields(body.fields ?? {});
          setMessage(body.message);
        },
      },
    );
  }

  return (
    <Modal show onHide={onHide} backdrop="static" keyboard={false} aria-labelledby="declare-winner-title">
      <Form onSubmit={submit} noValidate aria-busy={update.isPending}>
        <Modal.Header>
          <Modal.Title id="declare-winner-title">Declare Winner</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {problem && (
            <Alert variant="danger" role="alert">
              {problem}
            </Alert>
          )}
          <Form.Group className="mb-3" controlId="declare-winner">
            <Form.Label>{winnerHeading}</Form.Label>
            <Form.Select
              value={candidate.ok ? String(candidate.winner) : ''}
              disabled={!candidate.ok}
              isInvalid={Boolean(fields.winner)}
              aria-describedby={fields.winner ? 'declare-winner-error' : undefined}
              onChange={() => {}}
            >
              {candidate.ok && <option value={String(candidate.winner)}>{candidate.label}</option>}
            </Form.Select>
            <FieldError id="declare-winner-error" message={fields.winner} />
          </Form.Group>
          <Form.Group controlId="declare-victory-type">
            <Form.Label>Victory Type</Form.Label>
            <Form.Select
              value={victoryType}
              onChange={(e) => setVictoryType(e.target.value as VictoryType)}
              isInvalid={Boolean(fields.victoryType)}
              aria-describedby={fields.victoryType ? 'declare-victory-type-error' : undefined}
              required
            >
              {/* A prompt, not a victory type: hidden from the list, so a win is never recorded by accident. */}
              <option value="" disabled hidden>
                Choose a victory type
              </option>
              {VICTORY_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </Form.Select>
            <FieldError id="declare-victory-type-error" message={fields.victoryType} />
          </Form.Group>
        </Modal.Body>
        <FormDialogFooter
          onCancel={onHide}
          working={update.isPending || result.reloading || !candidate.ok}
          label="Declare Winner"
          workingLabel={update.isPending ? 'Saving…' : 'Declare Winner'}
          cancelDisabled={update.isPending}
          beside={<ResultConflict result={result} />}
        />
      </Form>
    </Modal>
  );
}
