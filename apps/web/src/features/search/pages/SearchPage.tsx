import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link, useSearchParams } from 'react-router';
import { Loading } from '../../../lib/ui/Loading';
import { useGames } from '../api/get-games';
import { useSearchGroups } from '../api/search-groups';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Public groups by game: Group Name, Game and Members; a group's name opens its Welcome page. */
export default function SearchPage() {
  useDocumentTitle('Search');
  const [params, setParams] = useSearchParams();
  const gameName = params.get('gameName') ?? '';
  const games = useGames();
  const groups = useSearchGroups(gameName);

  return (
    <>
      <h1 className="page-title">Search</h1>
      <Form.Group controlId="search-game" className="mb-3 search-game">
        <Form.Label>Game</Form.Label>
        <Form.Select value={gameName} onChange={(e) => setParams(e.target.value ? { gameName: e.target.value } : {}, { replace: true })}>
          <option value="">All games</option>
          {games.data?.map((game) => (
            <option key={game.gameName} value={game.gameName}>
              {game.gameName}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {groups.isPending ? (
        <Loading label="Searching groups…" />
      ) : groups.isError ? (
        <Alert variant="danger">{groups.error.message}</Alert>
      ) : (
        <div className="position-relative" aria-busy={groups.isFetching}>
          {groups.isPlaceholderData && (
            <div className="search-refreshing" role="status">
              <Spinner animation="border" size="sm" aria-hidden="true" className="me-2" />
              Searching groups…
            </div>
          )}
          <Table striped hover responsive className="bg-white">
            <caption className="visually-hidden">Public groups{gameName ? ` for ${gameName}` : ''}</caption>
            <thead>
              <tr>
                <th scope="col">Group Name</th>
                <th scope="col">Game</th>
                <th scope="col" className="text-end">
                  Members
                </th>
              </tr>
            </thead>
            <tbody>
              {groups.data.map((group) => (
                <tr key={group._id}>
                  <td className="text-break">
                    <Link to={`/${group.linkURL}/welcome?groupID=${encodeURIComponent(group._id)}`}>{group.groupName}</Link>
                  </td>
                  <td>{group.gameName}</td>
                  <td className="text-end">{group.memberCount}</td>
                </tr>
              ))}
              {groups.data.length === 0 && (
                <tr>
                  <td colSpan={3} className="text-center text-body-secondary py-4">
                    No public groups{gameName ? ` for ${gameName}` : ''} yet.
                  </td>
                </tr>
              )}
            </tbody>
          </Table>
        </div>
      )}
    </>
  );
}
