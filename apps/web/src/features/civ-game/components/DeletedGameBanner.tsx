import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { RESTORE_WINDOW_MS } from '@smm/shared/civilization/game-policy';
import type { GameDto } from '@smm/shared/civilization/games-schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { useToast } from '../../../lib/ui/toasts';
import { useRestoreGame } from '../api/restore-game';
import { formatInZone } from '../format';

interface Props {
  game: GameDto & { dateDeleted: string };
  canRestore: boolean;
  timeZone: string;
}

/** Only Administrators open a deleted game: it says when it went, until when it can come back, and brings it back. */
export function DeletedGameBanner({ game, canRestore, timeZone }: Props) {
  const restore = useRestoreGame(game.groupID);
  const [message, setMessage] = useState<string | null>(null);
  const toast = useToast();
  const until = new Date(Date.parse(game.dateDeleted) + RESTORE_WINDOW_MS).toISOString();
  const restorable = Date.now() < Date.parse(until);

  function restoreGame() {
    setMessage(null);
    restore.mutate(game._id, {
      onSuccess: () => toast({ title: 'Success!', body: `Restored ${game.gameName}`, variant: 'success' }),
      onError: (error) => setMessage(errorBodyOf(error).message),
    });
  }

  return (
    <Alert variant="warning" className="d-flex flex-wrap align-items-center gap-2">
      <div className="me-auto">
        <p className="mb-1 fw-semibold">
          This game was deleted on <time dateTime={game.dateDeleted}>{formatInZone(game.dateDeleted, timeZone)}</time>.
        </p>
        <p className="mb-0 small">
          It is out of the game lists and the rankings.{' '}
          {restorable ? (
            <>
              It can be restored until <time dateTime={until}>{formatInZone(until, timeZone)}</time>.
            </>
          ) : (
            'It can no longer be restored.'
          )}
        </p>
        {message && (
          <p className="mb-0 mt-2 text-danger-emphasis" role="alert">
            {message}
          </p>
        )}
      </div>
      {canRestore && restorable && (
        <Button variant="primary" onClick={restoreGame} disabled={restore.isPending}>
          {restore.isPending ? 'Restoring…' : 'Restore'}
        </Button>
      )}
    </Alert>
  );
}
