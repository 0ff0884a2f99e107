import Alert from 'react-bootstrap/Alert';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { GameDto } from '@smm/shared/civilization/games-schemas';
import { Loading } from '../../../lib/ui/Loading';
import { useUserNotes } from '../api/get-notes';
import { NotesCard } from './NotesCard';
import { PlayerRelationshipsCard } from './PlayerRelationshipsCard';

/** Game Notes: the viewer's private notes and their relationships with the other players. */
export function GameNotesTab({ game, userID }: { game: GameDto; userID: string }) {
  const target = { groupID: game.groupID, gameID: game._id, userID };
  const notes = useUserNotes(game.groupID, game._id, userID);
  if (notes.isPending) return <Loading label="Loading your notes…" />;
  if (notes.isError) return <Alert variant="danger">{notes.error.message}</Alert>;
  const others = game.members.filter((member) => member.userID !== userID);
  return (
    <Row className="g-3">
      <Col lg={7}>
        <NotesCard
          target={target}
          notes={notes.data.notes}
          updatedAt={notes.data.updatedAt}
          onReload={async () => {
            const fresh = await notes.refetch({ throwOnError: true });
            return fresh.data;
          }}
        />
      </Col>
      <Col lg={5}>
        <PlayerRelationshipsCard target={target} players={others} relationships={notes.data.playerRelationships} />
      </Col>
    </Row>
  );
}
