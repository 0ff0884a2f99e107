import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { GameDto, GamesPageDto } from '@smm/shared/civilization/games-schemas';
import { Loading } from '../../../lib/ui/Loading';
import { finishingOrder, placeText } from '../finishing-order';
import { civGamePath } from '../game-links';
import { GamesPagination } from './GamesPagination';

interface Props {
  /** id of the table's heading, which names the section, the table and its pages */
  headingID: string;
  title: string;
  /** shown beside the heading (the members' buttons) */
  actions?: ReactNode;
  children?: ReactNode;
  query: UseQueryResult<GamesPageDto>;
  page: number;
  onPage: (page: number) => void;
  /** Archived tables add Winner, Victory Type and Placements. */
  archived: boolean;
  emptyText: string;
  groupID: string;
  timeZone: string;
}

const usernameOf = (game: GameDto, userID: string | null) =>
  userID === null ? null : (game.members.find((member) => member.userID === userID)?.username ?? null);

/** ffa: the winning member; team games: the winning team. */
const winnerOf = (game: GameDto) =>
  game.winner === null ? null : game.gameType === 'team' ? `Team ${game.winner}` : usernameOf(game, String(game.winner));

const formatDate = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(iso));

const dash = (value: string | null) => value ?? <span className="text-body-secondary">—</span>;

/** The finishing order, wrapping between places and inside one only when it is longer than the column; one element, as the phone layout's cell expects. */
function Placements({ game }: { game: GameDto }) {
  const places = finishingOrder(game);
  if (places.length === 0) return dash(null);
  return (
    <span>
      {places.map((place, index) => (
        <span key={place.placement}>
          {index > 0 && ' '}
          <span className="civ-games-place">
            {placeText(place)}
            {index < places.length - 1 && ' ·'}
          </span>
        </span>
      ))}
    </span>
  );
}

const COLUMNS = ['Game Name', 'Date Created', 'Host', 'Map', 'Members', 'Type'];
const ARCHIVED_COLUMNS = [...COLUMNS, 'Winner', 'Victory Type', 'Placements'];

/** A cell that names its column, for the stacked layout on phones (the civ-games-table styles). */
export function Cell({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <td role="cell" data-label={label} className={className}>
      {children}
    </td>
  );
}

/** One games table (spec 2 and 9): 10 a page, newest first, each game name linking to its page. */
export function GamesTable({ headingID, title, actions, children, query, page, onPage, archived, emptyText, groupID, timeZone }: Props) {
  const data = query.data;
  const columns = archived ? ARCHIVED_COLUMNS : COLUMNS;
  // A page emptied by a change elsewhere (a game finished or deleted) falls back to the last page there is.
  useEffect(() => {
    if (data && data.games.length === 0 && page > 1) onPage(Math.max(1, Math.ceil(data.total / data.pageSize)));
  }, [data, page, onPage]);

  let body: ReactNode;
  if (query.isPending) body = <Loading label={`Loading ${title}…`} />;
  else if (!data)
    body = (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center gap-2">
        <span className="me-auto">{query.error?.message ?? `Could not load ${title}`}</span>
        <Button variant="outline-danger" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  else
    body = (
      <>
        {query.isError && (
          <Alert variant="warning">These games could not be reloaded ({query.error.message}); they may be out of date.</Alert>
        )}
        {/* A narrow window scrolls the table sideways; the region is focusable so keyboards can scroll it too. */}
        <div className="table-responsive civ-games-scroll" role="region" aria-label={`${title} table`} tabIndex={0}>
          {/* Phones stack each game into a card (styles.css); the explicit roles keep it a table for screen readers. */}
          <Table
            striped
            hover
            size="sm"
            role="table"
            className="civ-games-table align-middle mb-2"
            aria-labelledby={headingID}
            aria-busy={query.isFetching}
          >
            <thead role="rowgroup">
              <tr role="row">
                {columns.map((column) => (
                  <th key={column} scope="col" role="columnheader">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody role="rowgroup">
              {data.games.length === 0 ? (
                <tr role="row">
                  <td role="cell" colSpan={columns.length} className="text-body-secondary py-3">
                    {emptyText}
                  </td>
                </tr>
              ) : (
                data.games.map((game) => (
                  <tr key={game._id} role="row">
                    <th scope="row" role="rowheader" className="civ-games-name">
                      <Link to={civGamePath(groupID, game._id)}>{game.gameName}</Link>
                    </th>
                    <Cell label="Date Created" className="text-nowrap">
                      <time dateTime={game.dateCreated}>{formatDate(game.dateCreated, timeZone)}</time>
                    </Cell>
                    <Cell label="Host" className="civ-games-person">
                      {dash(usernameOf(game, game.host))}
                    </Cell>
                    <Cell label="Map">{dash(game.map)}</Cell>
                    <Cell label="Members" className="civ-games-members">
                      {game.members.map((member) => member.username).join(', ')}
                    </Cell>
                    <Cell label="Type">{game.gameType === 'team' ? 'Team' : 'FFA'}</Cell>
                    {archived && (
                      <Cell label="Winner" className="civ-games-person">
                        {dash(winnerOf(game))}
                      </Cell>
                    )}
                    {archived && <Cell label="Victory Type">{dash(game.victoryType)}</Cell>}
                    {archived && (
                      <Cell label="Placements" className="civ-games-members">
                        <Placements game={game} />
                      </Cell>
                    )}
                  </tr>
                ))
              )}
            </tbody>
          </Table>
        </div>
        <GamesPagination label={`${title} pages`} page={page} total={data.total} pageSize={data.pageSize} onPage={onPage} />
      </>
    );

  return (
    <section aria-labelledby={headingID} className="civ-games-section mb-4">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 id={headingID} className="h4 mb-0 me-auto">
          {title}
        </h2>
        {actions}
      </div>
      {children}
      {body}
    </section>
  );
}
