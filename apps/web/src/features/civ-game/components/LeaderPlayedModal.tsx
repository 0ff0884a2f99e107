import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { FAILURE_TO_RETRIEVE_CIVS_MESSAGE } from '@smm/shared/civilization/catalogue';
import type { CivChoiceDto, GameDto, GameMemberDto } from '@smm/shared/civilization/games-schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { FieldError } from '../../../lib/ui/FieldError';
import { FormDialogFooter } from '../../../lib/ui/FormDialogFooter';
import { useToast } from '../../../lib/ui/toasts';
import { useUpdateGame } from '../api/update-game';
import { leaderOptions, leaderText } from '../game-state';

interface Props {
  game: GameDto;
  member: GameMemberDto;
  /** The game's whole list of leaders, offered when the member had no civ choices. */
  catalogue: readonly CivChoiceDto[];
  onHide: () => void;
}

/** Records which leader a member played: one of their civ choices, or any leader when they had none. */
export function LeaderPlayedModal({ game, member, catalogue, onHide }: Props) {
  const options = leaderOptions(member, catalogue);
  const [civPlayed, setCivPlayed] = useState(member.civPlayed?.civID ?? '');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const update = useUpdateGame(game.groupID);
  const toast = useToast();
  const fieldError = fields.civPlayed ?? fields['members.0.civPlayed'] ?? fields.members;

  function submit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    setFields({});
    const chosen = options.find((option) => option.civID === civPlayed);
    update.mutate(
      { gameID: game._id, members: [{ userID: member.userID, civPlayed: civPlayed || null }] },
      {
        onSuccess: () => {
          const body = chosen ? `${member.username} played ${leaderText(chosen)}` : `Cleared the leader ${member.username} played`;
          toast({ title: 'Success!', body, variant: 'success' });
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

  return (
    <Modal show onHide={onHide} backdrop="static" keyboard={false} aria-labelledby="leader-played-title">
      <Form onSubmit={submit} noValidate aria-busy={update.isPending}>
        <Modal.Header>
          <Modal.Title id="leader-played-title" className="text-break">
            Leader played by {member.username}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {message && (
            <Alert variant="danger" role="alert">
              {message}
            </Alert>
          )}
          {options.length === 0 ? (
            <Alert variant="warning" className="mb-0">
              {FAILURE_TO_RETRIEVE_CIVS_MESSAGE}
            </Alert>
          ) : (
            <Form.Group controlId="leader-played">
              <Form.Label>Leader</Form.Label>
              <Form.Select
                value={civPlayed}
                onChange={(e) => setCivPlayed(e.target.value)}
                isInvalid={Boolean(fieldError)}
                aria-describedby={fieldError ? 'leader-played-error' : 'leader-played-help'}
              >
                <option value="">Not recorded</option>
                {options.map((option) => (
                  <option key={option.civID} value={option.civID}>
                    {leaderText(option)}
                  </option>
                ))}
              </Form.Select>
              <Form.Text id="leader-played-help">
                {member.civChoices.length > 0 ? 'One of the civ choices drafted for this player.' : 'Any leader of the game.'}
              </Form.Text>
              <FieldError id="leader-played-error" message={fieldError} />
            </Form.Group>
          )}
        </Modal.Body>
        <FormDialogFooter
          onCancel={onHide}
          working={update.isPending || options.length === 0}
          label="Save"
          workingLabel={update.isPending ? 'Saving…' : 'Save'}
          cancelDisabled={update.isPending}
        />
      </Form>
    </Modal>
  );
}
