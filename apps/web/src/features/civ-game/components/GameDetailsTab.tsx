import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { GameDto, GameMemberDto } from '@smm/shared/civilization/games-schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { useUpdateGame } from '../api/update-game';
import { winnerCandidate } from '../game-state';
import { CommentsSection } from './CommentsSection';
import { DeclareWinnerModal } from './DeclareWinnerModal';
import { DeleteGameDialog } from './DeleteGameDialog';
import { EditGameModal } from './EditGameModal';
import { GameDetailsCard } from './GameDetailsCard';
import { GameMembersTable } from './GameMembersTable';

interface Props {
  game: GameDto;
  user: { id: string; username: string };
  /** Members may edit games, declare winners and comment. */
  canEdit: boolean;
  /** The game's creator, its host or an Administrator. */
  canDelete: boolean;
  onDeleted: () => void;
}

type Dialog = 'none' | 'edit' | 'winner' | 'delete';

/** Game Details: the facts, the players with Eliminate/Reactivate, Edit, Declare Winner, Delete, and Comments. */
export function GameDetailsTab({ game, user, canEdit, canDelete, onDeleted }: Props) {
  const [dialog, setDialog] = useState<Dialog>('none');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateGame(game.groupID);
  const candidate = winnerCandidate(game);
  const open = !game.isFinished;

  function toggle(member: GameMemberDto) {
    setError(null);
    update.mutate(
      { gameID: game._id, members: [{ userID: member.userID, isActive: !member.isActive }] },
      { onError: (failure) => setError(errorBodyOf(failure).message) },
    );
  }
  const pendingUserID = update.isPending ? (update.variables?.members?.[0]?.userID ?? null) : null;

  const actions = (
    <div className="d-flex flex-wrap gap-2">
      {canEdit && (
        <Button size="sm" variant="outline-primary" onClick={() => setDialog('edit')}>
          Edit
        </Button>
      )}
      {canEdit && open && (
        <Button
          size="sm"
          variant="primary"
          onClick={() => setDialog('winner')}
          disabled={!candidate.ok}
          aria-describedby={candidate.ok ? undefined : 'declare-winner-why'}
        >
          Declare Winner
        </Button>
      )}
      {canDelete && (
        <Button size="sm" variant="outline-danger" onClick={() => setDialog('delete')}>
          Delete
        </Button>
      )}
    </div>
  );

  return (
    <>
      {error && (
        <Alert variant="danger" dismissible onClose={() => setError(null)} closeLabel="Dismiss">
          {error}
        </Alert>
      )}
      <Row className="g-3">
        <Col lg={5}>
          <GameDetailsCard game={game} actions={actions} />
          {canEdit && open && !candidate.ok && (
            <p id="declare-winner-why" className="small text-body-secondary mt-2 mb-0">
              {candidate.reason}
            </p>
          )}
        </Col>
        <Col lg={7}>
          <Card as="section" aria-labelledby="game-members-title">
            <Card.Header>
              <h3 id="game-members-title" className="h5 mb-0">
                Members
              </h3>
            </Card.Header>
            <Card.Body className="p-0 p-sm-2">
              <GameMembersTable game={game} onToggle={canEdit && open ? toggle : null} pendingUserID={pendingUserID} />
            </Card.Body>
          </Card>
        </Col>
      </Row>
      {canEdit && <CommentsSection groupID={game.groupID} gameID={game._id} user={user} />}

      {dialog === 'edit' && <EditGameModal game={game} onHide={() => setDialog('none')} />}
      {dialog === 'winner' && <DeclareWinnerModal game={game} onHide={() => setDialog('none')} />}
      {dialog === 'delete' && <DeleteGameDialog game={game} onHide={() => setDialog('none')} onDeleted={onDeleted} />}
    </>
  );
}
