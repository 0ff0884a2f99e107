import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { STEAM_GAMES_PRIVATE_MESSAGE, type SteamGame } from '@smm/shared/steam/schemas';
import { errorBodyOf } from '../../../lib/api-client';
import { Loading } from '../../../lib/ui/Loading';
import { useSteamGames } from '../api/get-steam-games';

// About the rows that fit in the box's 32rem.
const SCROLL_AFTER_GAMES = 12;

function GameIcon({ game }: { game: SteamGame }) {
  // Decorative: the game's name is written next to it.
  if (!game.iconURL) return <span className="steam-game-icon steam-game-icon-empty me-2" aria-hidden="true" />;
  return <img src={game.iconURL} alt="" width={32} height={32} loading="lazy" className="steam-game-icon me-2" />;
}

/** The games of a Steam account: a table, the private-profile message, or the failure. */
export function SteamGamesCard({ steamID }: { steamID: string }) {
  const games = useSteamGames(steamID);
  const count = games.data && !games.data.isPrivate ? games.data.games.length : null;
  const scrolls = (count ?? 0) > SCROLL_AFTER_GAMES;

  let body: React.ReactNode;
  if (games.isPending || (games.isError && games.isFetching)) body = <Loading label="Loading games…" />;
  else if (games.isError) {
    body = (
      <Alert variant="danger" role="alert" className="d-flex flex-wrap align-items-center gap-2 mb-0">
        <span className="me-auto">{errorBodyOf(games.error).message}</span>
        <Button variant="outline-danger" size="sm" onClick={() => void games.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else if (games.data.isPrivate) {
    body = (
      <Alert variant="secondary" className="mb-0">
        {STEAM_GAMES_PRIVATE_MESSAGE}
      </Alert>
    );
  } else if (games.data.games.length === 0) {
    body = <p className="mb-0 text-body-secondary">This Steam account has no games.</p>;
  } else {
    // A long library scrolls inside the card; only then is the box a keyboard stop, so it can be scrolled.
    body = (
      <div
        className={scrolls ? 'steam-games-scroll' : undefined}
        tabIndex={scrolls ? 0 : undefined}
        role={scrolls ? 'region' : undefined}
        aria-labelledby={scrolls ? 'steam-games-heading' : undefined}
      >
        <Table hover size="sm" className="align-middle mb-0" aria-labelledby="steam-games-heading">
          <thead>
            <tr>
              <th scope="col">Game</th>
            </tr>
          </thead>
          <tbody>
            {games.data.games.map((game) => (
              <tr key={game.appID}>
                <td>
                  <GameIcon game={game} />
                  {game.name}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </div>
    );
  }

  return (
    <Card>
      <Card.Header className="d-flex align-items-center gap-2">
        <h2 id="steam-games-heading" className="h5 mb-0">
          Games
        </h2>
        {count !== null && (
          <Badge bg="secondary" pill>
            {count}
            <span className="visually-hidden"> games</span>
          </Badge>
        )}
      </Card.Header>
      <Card.Body>{body}</Card.Body>
    </Card>
  );
}
