import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { GamePermissions } from '@smm/shared/civilization/game-policy';
import type { CivChoiceDto, GameDto, GameMemberDto } from '@smm/shared/civilization/games-schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { useUpdateGame } from '../api/update-game';
import { winnerCandidate } from '../game-state';
import { isResultChanged, useReloadGame } from '../use-opened-result';
import { CommentsSection } from './CommentsSection';
import { DeclareWinnerModal } from './DeclareWinnerModal';
import { DeleteGameDialog } from './DeleteGameDialog';
import { EditGameModal } from './EditGameModal';
import { EditPlacementsModal } from './EditPlacementsModal';
import { GameDetailsCard } from './GameDetailsCard';
import { GameMembersTable } from './GameMembersTable';
import { LeaderPlayedModal } from './LeaderPlayedModal';
import { ProposalsPanel } from './ProposalsPanel';
import { ProposeChangeModal } from './ProposeChangeModal';

interface Props {
  game: GameDto;
  user: { id: string; username: string };
  /** What the viewer may do to this game (the shared game policy). */
  permissions: GamePermissions;
  /** Members of the group comment on games. */
  canComment: boolean;
  /** Administrators delete anyone's comment. */
  canModerateComments?: boolean;
  /** The game's whole list of leaders, for a player who had no civ choices. */
  leaders: readonly CivChoiceDto[];
  timeZone: string;
  onDeleted: () => void;
}

type Dialog =
  | { kind: 'none' }
  | { kind: 'edit' }
  | { kind: 'winner' }
  | { kind: 'placements' }
  | { kind: 'propose' }
  | { kind: 'correct' }
  | { kind: 'delete' }
  | { kind: 'leader'; member: GameMemberDto };

/**
 * Game Details: the facts, the players and the proposed corrections, with only what the viewer may
 * do: managers edit, eliminate, declare the winner, correct a finished result, set placements and
 * delete; players propose a correction, edit the name and lobby link and say which leader they
 * played; others read.
 */
export function GameDetailsTab({ game, user, permissions, canComment, canModerateComments = false, leaders, timeZone, onDeleted }: Props) {
  const [dialog, setDialog] = useState<Dialog>({ kind: 'none' });
  // `stale`: refused because someone changed the result since this page read it; Reload shows theirs.
  const [error, setError] = useState<{ message: string; stale: boolean } | null>(null);
  const update = useUpdateGame(game.groupID);
  const { reload, reloading } = useReloadGame(game);
  const candidate = winnerCandidate(game);
  const open = !game.isFinished;
  const manager = permissions.changeResult;
  const hide = () => setDialog({ kind: 'none' });

  function toggle(member: GameMemberDto) {
    setError(null);
    update.mutate(
      // An elimination moves the finishing order: it is made on the result as this page shows it.
      { gameID: game._id, members: [{ userID: member.userID, isActive: !member.isActive }], expectedResultVersion: game.resultVersion },
      { onError: (failure) => setError({ message: errorBodyOf(failure).message, stale: isResultChanged(failure) }) },
    );
  }

  async function reloadGame() {
    try {
      await reload();
      setError(null);
    } catch (failure) {
      setError({ message: errorBodyOf(failure).message, stale: true });
    }
  }
  const pendingUserID = update.isPending ? (update.variables?.members?.[0]?.userID ?? null) : null;
  // Managers set anyone's leader; a player only their own (managers edit details too, so editDetails alone is not enough).
  const canSetLeader = (member: GameMemberDto) =>
    !member.civChoicesHidden && (manager || (permissions.editDetails && member.userID === user.id));

  const actions = (
    <div className="d-flex flex-wrap gap-2">
      {manager && (
        <Button size="sm" variant="outline-primary" onClick={() => setDialog({ kind: 'edit' })}>
          Edit
        </Button>
      )}
      {!manager && permissions.editDetails && (
        <Button size="sm" variant="outline-primary" onClick={() => setDialog({ kind: 'edit' })}>
          Edit name and link
        </Button>
      )}
      {manager && open && (
        <Button
          size="sm"
          variant="primary"
          onClick={() => setDialog({ kind: 'winner' })}
          disabled={!candidate.ok}
          aria-describedby={candidate.ok ? undefined : 'declare-winner-why'}
        >
          Declare Winner
        </Button>
      )}
      {manager && !open && (
        <Button size="sm" variant="primary" onClick={() => setDialog({ kind: 'correct' })}>
          Correct the result
        </Button>
      )}
      {manager && !open && (
        <Button size="sm" variant="outline-primary" onClick={() => setDialog({ kind: 'placements' })}>
          Edit placements
        </Button>
      )}
      {permissions.proposeChange && (
        <Button size="sm" variant="primary" onClick={() => setDialog({ kind: 'propose' })}>
          Propose a correction
        </Button>
      )}
      {permissions.deleteGame && (
        <Button size="sm" variant="outline-danger" onClick={() => setDialog({ kind: 'delete' })}>
          Delete
        </Button>
      )}
    </div>
  );

  return (
    <>
      {error && (
        <Alert variant="danger" dismissible onClose={() => setError(null)} closeLabel="Dismiss">
          <div className="d-flex flex-wrap align-items-center gap-2">
            <span className="me-auto">{error.message}</span>
            {error.stale && (
              <Button size="sm" variant="outline-danger" onClick={() => void reloadGame()} disabled={reloading}>
                {reloading ? 'Reloading…' : 'Reload'}
              </Button>
            )}
          </div>
        </Alert>
      )}
      <ProposalsPanel game={game} permissions={permissions} userID={user.id} timeZone={timeZone} />
      <Row className="g-3">
        <Col lg={5}>
          <GameDetailsCard game={game} actions={actions} timeZone={timeZone} />
          {manager && open && !candidate.ok && (
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
              <GameMembersTable
                game={game}
                onToggle={manager && open ? toggle : null}
                pendingUserID={pendingUserID}
                onSetLeader={(member) => setDialog({ kind: 'leader', member })}
                canSetLeader={canSetLeader}
              />
            </Card.Body>
          </Card>
        </Col>
      </Row>
      {canComment && <CommentsSection groupID={game.groupID} gameID={game._id} user={user} canModerate={canModerateComments} />}

      {dialog.kind === 'edit' && <EditGameModal game={game} canChangeHost={manager} onHide={hide} />}
      {dialog.kind === 'winner' && <DeclareWinnerModal game={game} onHide={hide} />}
      {dialog.kind === 'placements' && <EditPlacementsModal game={game} onHide={hide} />}
      {dialog.kind === 'propose' && <ProposeChangeModal game={game} onHide={hide} />}
      {dialog.kind === 'correct' && <ProposeChangeModal game={game} onHide={hide} correct />}
      {dialog.kind === 'delete' && <DeleteGameDialog game={game} onHide={hide} onDeleted={onDeleted} />}
      {dialog.kind === 'leader' && <LeaderPlayedModal game={game} member={dialog.member} catalogue={leaders} onHide={hide} />}
    </>
  );
}
