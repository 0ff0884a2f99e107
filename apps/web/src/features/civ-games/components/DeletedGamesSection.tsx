import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { RESTORE_DAYS } from '@smm/shared/civilization/game-policy';
import type { DeletedGameDto } from '@smm/shared/civilization/ladder-schemas';
import { Loading } from '../../../lib/ui/Loading';
import { useToast } from '../../../lib/ui/toasts';
import { useErrorToast } from '../../../lib/ui/use-error-toast';
import { formatWithZone } from '../../events/event-time';
import { useDeletedGames } from '../api/get-deleted-games';
import { useRestoreGame } from '../api/restore-game';
import { civGamePath } from '../game-links';
import { Cell } from './GamesTable';

interface Props {
  groupID: string;
  timeZone: string;
}

const HEADING_ID = 'deleted-games-title';
const COLUMNS = ['Game Name', 'Type', 'Deleted by', 'Deleted', 'Restorable until', 'Comments'];

function When({ iso, timeZone }: { iso: string; timeZone: string }) {
  return <time dateTime={iso}>{formatWithZone(iso, timeZone)}</time>;
}

/**
 * Administrators: the group's deleted games, each restorable for RESTORE_DAYS days with its
 * comments, notes and audit trail; restoring puts it back in the tables and the rankings.
 */
export function DeletedGamesSection({ groupID, timeZone }: Props) {
  const deleted = useDeletedGames(groupID);
  const restore = useRestoreGame(groupID);
  const toast = useToast();
  const errorToast = useErrorToast();

  function restoreGame(game: DeletedGameDto) {
    restore.mutate(game._id, {
      onSuccess: () => toast({ title: 'Success!', body: `Restored ${game.gameName}`, variant: 'success' }),
      onError: (error) => errorToast(error),
    });
  }

  let body;
  if (deleted.isPending) body = <Loading label="Loading deleted games…" />;
  else if (deleted.isError)
    body = (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2">
        <span className="me-auto">{deleted.error.message}</span>
        <Button variant="outline-danger" size="sm" onClick={() => void deleted.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  else if (deleted.data.length === 0) body = <p className="text-body-secondary mb-0">No deleted games to restore.</p>;
  else
    body = (
      <div className="table-responsive civ-games-scroll" role="region" aria-label="Deleted games table" tabIndex={0}>
        <Table
          striped
          size="sm"
          role="table"
          className="civ-games-table align-middle mb-0"
          aria-labelledby={HEADING_ID}
          aria-busy={deleted.isFetching}
        >
          <thead role="rowgroup">
            <tr role="row">
              {COLUMNS.map((column) => (
                <th key={column} scope="col" role="columnheader">
                  {column}
                </th>
              ))}
              <th scope="col" role="columnheader">
                <span className="visually-hidden">Restore</span>
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {deleted.data.map((game) => {
              const restoring = restore.isPending && restore.variables === game._id;
              return (
                <tr key={game._id} role="row">
                  <th scope="row" role="rowheader" className="civ-games-name">
                    <Link to={civGamePath(groupID, game._id)}>{game.gameName}</Link>
                  </th>
                  <Cell label="Type">
                    {game.gameType === 'team' ? 'Team' : 'FFA'}
                    {game.isFinished ? ', finished' : ', active'}
                  </Cell>
                  <Cell label="Deleted by">{game.deletedByName}</Cell>
                  <Cell label="Deleted">
                    <When iso={game.dateDeleted} timeZone={timeZone} />
                  </Cell>
                  <Cell label="Restorable until">
                    <When iso={game.restorableUntil} timeZone={timeZone} />
                  </Cell>
                  <Cell label="Comments">{game.comments}</Cell>
                  <td role="cell">
                    <Button size="sm" variant="outline-primary" disabled={restore.isPending} onClick={() => restoreGame(game)}>
                      {restoring && <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-1" />}
                      {restoring ? 'Restoring…' : 'Restore'}
                      <span className="visually-hidden"> {game.gameName}</span>
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </div>
    );

  return (
    <section aria-labelledby={HEADING_ID} className="civ-games-section mb-4">
      <h2 id={HEADING_ID} className="h4 mb-1">
        Deleted games
      </h2>
      <p className="small text-body-secondary mb-2">
        Only Administrators see this. A deleted game can be restored for {RESTORE_DAYS} days with its comments, notes and history; times are
        in {timeZone}.
      </p>
      {body}
    </section>
  );
}
