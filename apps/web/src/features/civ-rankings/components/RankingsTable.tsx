import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import type { GameType } from '@smm/shared/civilization/games-schemas';
import { Loading } from '../../../lib/ui/Loading';
import { useRankings } from '../api/get-rankings';
import { DEFAULT_RANKING_SORT, nextSort, RANKING_COLUMNS, sortRankings, type RankingSort } from '../rankings-sort';

const WIN_COLUMNS = ['gamesPlayed', 'score', 'science', 'diplomatic', 'domination', 'religion', 'culture', 'territorial', 'total'] as const;

interface Props {
  groupID: string;
  gameType: GameType;
  title: string;
  /** The viewer's row is marked. */
  userID: string;
}

/** One rankings table (FFA or Teams), sortable by any column, rating highest first to begin with. */
export function RankingsTable({ groupID, gameType, title, userID }: Props) {
  const rankings = useRankings(groupID, gameType);
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
            {RANKING_COLUMNS.map((column) => {
              const active = sort.column === column.key;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={active ? sort.direction : 'none'}
                  className={column.key === 'member' ? undefined : 'text-end'}
                >
                  <button type="button" className="rankings-sort" onClick={() => setSort(nextSort(sort, column.key))}>
                    <span>{column.label}</span>
                    <span className="rankings-sort-arrow" aria-hidden="true">
                      {active ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
                    </span>
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {sortRankings(rankings.data, sort).map((row) => (
            <tr key={row.userID} className={row.userID === userID ? 'table-primary' : undefined}>
              <th scope="row" className="fw-semibold text-break">
                {row.username}
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
              {WIN_COLUMNS.map((key) => (
                <td key={key} className={key === 'total' ? 'text-end fw-semibold' : 'text-end'}>
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
