import { useState } from 'react';
import Table from 'react-bootstrap/Table';
import type { LeaderUseDto } from '@smm/shared/civilization/ladder-schemas';
import { formatAveragePlacement, formatWinRate, leaderName } from '../ladder-format';
import { nextSortState, sortRows, type SortKey, type SortState } from '../rankings-sort';
import { SortHeader } from './SortHeader';

const COLUMNS = [
  { key: 'leader', label: 'Leader — Nation' },
  { key: 'timesPlayed', label: 'Times Played' },
  { key: 'wins', label: 'Wins' },
  { key: 'winRate', label: 'Win Rate' },
  { key: 'averagePlacement', label: 'Average Placement' },
] as const;
type LeaderColumn = (typeof COLUMNS)[number]['key'];

const KEYS: Record<LeaderColumn, SortKey<LeaderUseDto>> = {
  leader: { kind: 'text', of: (row) => leaderName(row.civID, row.leader) },
  timesPlayed: { kind: 'number', of: (row) => row.timesPlayed },
  wins: { kind: 'number', of: (row) => row.wins },
  winRate: { kind: 'number', of: (row) => row.winRate },
  averagePlacement: { kind: 'number', of: (row) => row.averagePlacement },
};

// Ties read most played first, then alphabetically, so equal rows keep one order.
const tiebreak = (a: LeaderUseDto, b: LeaderUseDto) =>
  b.timesPlayed - a.timesPlayed || leaderName(a.civID, a.leader).localeCompare(leaderName(b.civID, b.leader));

/** Leaders with the times played, wins, win rate and average placement; most played first, sortable by any column. */
export function LeadersTable({ leaders, labelledBy }: { leaders: readonly LeaderUseDto[]; labelledBy: string }) {
  const [sort, setSort] = useState<SortState<LeaderColumn>>({ column: 'timesPlayed', direction: 'descending' });
  return (
    <Table responsive hover size="sm" className="mb-0 align-middle rankings-table" aria-labelledby={labelledBy}>
      <thead>
        <tr>
          {COLUMNS.map((column) => (
            <SortHeader
              key={column.key}
              column={column.key}
              label={column.label}
              sort={sort}
              onSort={(key) => setSort(nextSortState(sort, key, ['leader', 'averagePlacement']))}
              className={column.key === 'leader' ? undefined : 'text-end'}
            />
          ))}
        </tr>
      </thead>
      <tbody>
        {sortRows(leaders, KEYS[sort.column], sort.direction, tiebreak).map((row) => (
          <tr key={row.civID}>
            <th scope="row" className="fw-semibold">
              {leaderName(row.civID, row.leader)}
            </th>
            <td className="text-end">{row.timesPlayed}</td>
            <td className="text-end">{row.wins}</td>
            <td className="text-end">{formatWinRate(row.winRate)}</td>
            <td className="text-end">{formatAveragePlacement(row.averagePlacement)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
