import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { PLAYER_RELATIONSHIPS, type GameMemberDto, type NotesDto, type PlayerRelationship } from '@smm/shared/civilization/games-schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { useToast } from '../../../lib/ui/toasts';
import { useSavePlayerRelationship } from '../api/save-notes';

interface Props {
  target: { groupID: string; gameID: string; userID: string };
  /** The game's players other than the viewer. */
  players: readonly GameMemberDto[];
  relationships: NotesDto['playerRelationships'];
}

/** How the viewer feels about each other player, saved as soon as it is picked. */
export function PlayerRelationshipsCard({ target, players, relationships }: Props) {
  const save = useSavePlayerRelationship(target);
  const toast = useToast();
  const current = new Map(relationships.map((r) => [r.userID, r.relationship]));
  const savingUserID = save.isPending ? (save.variables?.userID ?? null) : null;

  function pick(player: GameMemberDto, relationship: PlayerRelationship) {
    save.mutate(
      { userID: player.userID, username: player.username, relationship },
      {
        onSuccess: () =>
          toast({ title: 'Success!', body: `Saved your relationship with ${player.username}: ${relationship}`, variant: 'success' }),
        onError: (error) => toast({ title: 'Error!', body: errorBodyOf(error).message, variant: 'danger' }),
      },
    );
  }

  return (
    <Card as="section" aria-labelledby="player-relationships-title">
      <Card.Header>
        <h3 id="player-relationships-title" className="h5 mb-0">
          Player Relationships
        </h3>
      </Card.Header>
      <Card.Body>
        {players.length === 0 ? (
          <p className="mb-0 text-body-secondary">There are no other players in this game.</p>
        ) : (
          <div className="civ-relationships">
            {players.map((player) => {
              const id = `relationship-${player.userID}`;
              const value = savingUserID === player.userID ? save.variables?.relationship : current.get(player.userID);
              return (
                <Form.Group key={player.userID} controlId={id} className="civ-relationship">
                  <Form.Label className="text-break">{player.username}</Form.Label>
                  <Form.Select
                    value={value ?? ''}
                    onChange={(e) => pick(player, e.target.value as PlayerRelationship)}
                    disabled={savingUserID === player.userID}
                  >
                    {!value && (
                      <option value="" disabled>
                        Not set
                      </option>
                    )}
                    {PLAYER_RELATIONSHIPS.map((relationship) => (
                      <option key={relationship} value={relationship}>
                        {relationship}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
              );
            })}
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
