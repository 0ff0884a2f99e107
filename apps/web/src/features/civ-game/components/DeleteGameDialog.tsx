import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { RESTORE_DAYS } from '@smm/shared/civilization/game-policy';
import type { GameDto } from '@smm/shared/civilization/games-schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { ConfirmDialog } from '../../../lib/ui/ConfirmDialog';
import { useDeleteGame } from '../api/delete-game';

export const DELETE_GAME_QUESTION = 'Are you sure you wish to delete this game?';
/** What goes with a deleted game, and what stays. */
export const DELETE_GAME_CONSEQUENCES = [
  'It leaves the game lists and the rankings at once.',
  'Its comments, notes and history are kept with it.',
  `An Administrator can restore it within ${RESTORE_DAYS} days.`,
];

interface Props {
  game: GameDto;
  onHide: () => void;
  onDeleted: () => void;
}

/** Asks before deleting a game, naming what goes with it; a refusal (403) is shown in the dialog. */
export function DeleteGameDialog({ game, onHide, onDeleted }: Props) {
  const remove = useDeleteGame(game.groupID);
  const [message, setMessage] = useState<string | null>(null);

  function confirm() {
    setMessage(null);
    remove.mutate(game._id, { onSuccess: onDeleted, onError: (error) => setMessage(errorBodyOf(error).message) });
  }

  return (
    <ConfirmDialog
      title="Delete Game"
      question={DELETE_GAME_QUESTION}
      working={remove.isPending}
      workingLabel="Deleting…"
      confirmLabel="Delete"
      closeButton={false}
      cancelDisabled={remove.isPending}
      onConfirm={confirm}
      onHide={onHide}
    >
      <p className="fw-semibold text-break">{game.gameName}</p>
      <ul className="mb-0">
        {DELETE_GAME_CONSEQUENCES.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {message && (
        <Alert variant="danger" className="mt-3 mb-0" role="alert">
          {message}
        </Alert>
      )}
    </ConfirmDialog>
  );
}
