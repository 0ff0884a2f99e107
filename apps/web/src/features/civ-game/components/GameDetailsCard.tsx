import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import type { GameDto } from '@smm/shared/civilization/games-schemas';
import { formatInZone } from '../format';
import { gameTypeLabel, leaderText, lobbyUrl, usernameOf } from '../game-state';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="civ-game-facts-row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const none = <span className="text-body-secondary">None</span>;

/** Host, who records the results, lobby link, map, type, dates and banned leaders; the buttons of the tab sit in its header. */
export function GameDetailsCard({ game, actions, timeZone }: { game: GameDto; actions: ReactNode; timeZone: string }) {
  const url = lobbyUrl(game.lobbyLink);
  return (
    <Card as="section" aria-labelledby="game-details-title">
      <Card.Header className="d-flex flex-wrap align-items-center gap-2">
        <h3 id="game-details-title" className="h5 mb-0 me-auto">
          Details
        </h3>
        {actions}
      </Card.Header>
      <Card.Body>
        <dl className="civ-game-facts mb-0">
          <Row term="Host">{usernameOf(game, game.host) ?? none}</Row>
          <Row term="Records the results">{usernameOf(game, game.chosenHost) ?? none}</Row>
          <Row term="Lobby Link">
            {!game.lobbyLink ? (
              none
            ) : url ? (
              <a href={url} target="_blank" rel="noopener noreferrer" className="text-break">
                {game.lobbyLink}
              </a>
            ) : (
              <span className="text-break">{game.lobbyLink}</span>
            )}
          </Row>
          <Row term="Map">{game.map ?? none}</Row>
          <Row term="Game Type">{gameTypeLabel(game)}</Row>
          <Row term="Date Created">
            <time dateTime={game.dateCreated}>{formatInZone(game.dateCreated, timeZone)}</time>
          </Row>
          {game.dateFinished && (
            <Row term="Date Finished">
              <time dateTime={game.dateFinished}>{formatInZone(game.dateFinished, timeZone)}</time>
            </Row>
          )}
          <Row term="Banned Leaders">
            {game.bannedLeaders.length === 0 ? (
              none
            ) : (
              <ul className="list-unstyled mb-0">
                {game.bannedLeaders.map((leader) => (
                  <li key={leader.civID}>{leaderText(leader)}</li>
                ))}
              </ul>
            )}
          </Row>
        </dl>
      </Card.Body>
    </Card>
  );
}
