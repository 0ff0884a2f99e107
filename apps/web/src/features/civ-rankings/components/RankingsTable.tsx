import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { GameType } from '@smm/shared/civilization/games-schemas';
import type { LinkUrl } from '@smm/shared/games/catalogue';
import { Loading } from '../../../lib/ui/Loading';
import { useRankings } from '../api/get-rankings';
import { formatAveragePlacement, memberPagePath } from '../ladder-format';
import { DEFAULT_RANKING_SORT, nextSort, RANKING_COLUMNS, sortRankings, type RankingSort } from '../rankings-sort';
import { SortHeader } from './SortHeader';

const WIN_COLUMNS = ['gamesPlayed', 'score', 'science', 'diplomatic', 'domination', 'religion', 'culture', 'territorial', 'total'] as const;
/** Wins by victory type: their own columns from a laptop's width up; on a phone or a tablet, a line under the member's name. */
const VICTORY_TYPES = ['score', 'science', 'diplomatic', 'domination', 'religion', 'culture', 'territorial'] as const;
const isVictoryType = (key: string): boolean => (VICTORY_TYPES as readonly string[]).includes(key);
const PHONE_HIDDEN = 'rankings-victory-column';
const labelOf = (key: string) => RANKING_COLUMNS.find((column) => column.key === key)?.label ?? key;

/** "Science 2 · Culture 1", or that there are no wins yet. */
const victoriesText = (row: Record<(typeof VICTORY_TYPES)[number], number>): string => {
  const won = VICTORY_TYPES.filter((key) => row[key] > 0).map((key) => `${labelOf(key)} ${row[key]}`);
  return won.length ? won.join(' · ') : 'No wins yet';
};

interface Props {
  area: LinkUrl;
  groupID: string;
  gameType: GameType;
  /** A season's id or 'all'; undefined lets the server choose. */
  season: string | undefined;
  title: string;
  /** The viewer's row is marked. */
  userID: string;
}

/** One rankings table (FFA or Teams), sortable by any column, rating highest first to begin with. */
export function RankingsTable({ area, groupID, gameType, season, title, userID }: Props) {
  const rankings = useRankings(groupID, gameType, season);
  const [sort, setSort] = useState<RankingSort>(DEFAULT_RANKING_SORT);
  const titleID = `rankings-${gameType}-title`;

  let body;
  if (rankings.isPending) body = <Loading label={`Loading ${title}…`} />;
  else if (rankings.isError)
    body = (
      <Alert variant="danger" className="m-3">
        {rankings.error.message}
      </Alert>
    );
  else if (rankings.data.length === 0) body = <p className="text-body-secondary m-3">No finished games yet</p>;
  else
    body = (
      <Table responsive hover size="sm" className="mb-0 align-middle rankings-table" aria-labelledby={titleID}>
        <thead>
          <tr>
            {RANKING_COLUMNS.map((column) => (
              <SortHeader
                key={column.key}
                column={column.key}
                label={column.label}
                sort={sort}
                onSort={(key) => setSort(nextSort(sort, key))}
                className={column.key === 'member' ? undefined : isVictoryType(column.key) ? `text-end ${PHONE_HIDDEN}` : 'text-end'}
              />
            ))}
          </tr>
        </thead>
        <tbody>
          {sortRankings(rankings.data, sort).map((row) => (
            <tr key={row.userID} className={row.userID === userID ? 'table-primary' : undefined}>
              {/* On a phone or a tablet the wins by victory type show under the name (pages.css), outside the cell's text and name. */}
              <th scope="row" className="fw-semibold text-break" data-victories={victoriesText(row)} aria-label={row.username}>
                <Link to={memberPagePath(area, groupID, row.userID, gameType)}>{row.username}</Link>
              </th>
              <td className="text-end text-nowrap">
                <span className="fw-semibold" data-testid="rating-ordinal">
                  {row.rating.ordinal.toFixed(1)}
                </span>
                <small className="d-block text-body-secondary">
                  <abbr title="skill estimate (mu) ± uncertainty (sigma)">μ</abbr> {row.rating.mu.toFixed(1)} ±{' '}
                  {row.rating.sigma.toFixed(1)}
                </small>
              </td>
              <td className="text-end">{formatAveragePlacement(row.averagePlacement)}</td>
              {WIN_COLUMNS.map((key) => (
                <td
                  key={key}
                  className={key === 'total' ? 'text-end fw-semibold' : isVictoryType(key) ? `text-end ${PHONE_HIDDEN}` : 'text-end'}
                >
                  {row[key]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    );

  return (
    <Card as="section" aria-labelledby={titleID} className="mb-4">
      <Card.Header>
        <h2 id={titleID} className="h5 mb-0">
          {title}
        </h2>
      </Card.Header>
      {body}
    </Card>
  );
}
