import { useState } from 'react';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import type { GameType } from '@smm/shared/civilization/games-schemas';
import type { LeaderUseDto, MemberStatisticsDto } from '@smm/shared/civilization/ladder-schemas';
import type { LinkUrl } from '@smm/shared/games/catalogue';
import { formatAveragePlacement, formatRating, formatWinRate, leaderName, memberPagePath, plural } from '../ladder-format';
import { nextSortState, sortRows, type SortKey, type SortState } from '../rankings-sort';
import { SortHeader } from './SortHeader';

const SORTABLE = [
  { key: 'member', label: 'Member' },
  { key: 'gamesPlayed', label: 'Games' },
  { key: 'wins', label: 'Wins' },
  { key: 'averagePlacement', label: 'Average Placement' },
  { key: 'rating', label: 'Rating' },
  { key: 'bestRating', label: 'Best Rating' },
] as const;
type MemberColumn = (typeof SORTABLE)[number]['key'];

const KEYS: Record<MemberColumn, SortKey<MemberStatisticsDto>> = {
  member: { kind: 'text', of: (row) => row.username },
  gamesPlayed: { kind: 'number', of: (row) => row.gamesPlayed },
  wins: { kind: 'number', of: (row) => row.wins },
  averagePlacement: { kind: 'number', of: (row) => row.averagePlacement },
  rating: { kind: 'number', of: (row) => row.rating },
  bestRating: { kind: 'number', of: (row) => row.bestRating },
};

const tiebreak = (a: MemberStatisticsDto, b: MemberStatisticsDto) =>
  b.rating - a.rating || a.username.localeCompare(b.username, undefined, { sensitivity: 'base' });

/** A short list of leaders, each with what it is listed for ("5 games", "60% wins"). */
function LeaderList({ leaders, detail }: { leaders: readonly LeaderUseDto[]; detail: (leader: LeaderUseDto) => string }) {
  if (leaders.length === 0) return <span className="text-body-secondary">None recorded</span>;
  return (
    <ul className="list-unstyled mb-0">
      {leaders.map((leader) => (
        <li key={leader.civID} className="text-nowrap">
          {leaderName(leader.civID, leader.leader)} <small className="text-body-secondary">({detail(leader)})</small>
        </li>
      ))}
    </ul>
  );
}

interface Props {
  area: LinkUrl;
  groupID: string;
  gameType: GameType;
  members: readonly MemberStatisticsDto[];
  labelledBy: string;
  /** The viewer's row is marked. */
  userID: string;
}

/** Each member's games, wins, average placement, ratings and leaders; rating highest first, sortable by the number columns. */
export function MemberStatisticsTable({ area, groupID, gameType, members, labelledBy, userID }: Props) {
  const [sort, setSort] = useState<SortState<MemberColumn>>({ column: 'rating', direction: 'descending' });
  return (
    <Table responsive hover size="sm" className="mb-0 align-middle rankings-table" aria-labelledby={labelledBy}>
      <thead>
        <tr>
          {SORTABLE.map((column) => (
            <SortHeader
              key={column.key}
              column={column.key}
              label={column.label}
              sort={sort}
              onSort={(key) => setSort(nextSortState(sort, key, ['member', 'averagePlacement']))}
              className={column.key === 'member' ? undefined : 'text-end'}
            />
          ))}
          <th scope="col">Most-played Leaders</th>
          <th scope="col">Best Leaders</th>
        </tr>
      </thead>
      <tbody>
        {sortRows(members, KEYS[sort.column], sort.direction, tiebreak).map((row) => (
          <tr key={row.userID} className={row.userID === userID ? 'table-primary' : undefined}>
            <th scope="row" className="fw-semibold text-break">
              <Link to={memberPagePath(area, groupID, row.userID, gameType)}>{row.username}</Link>
            </th>
            <td className="text-end">{row.gamesPlayed}</td>
            <td className="text-end">{row.wins}</td>
            <td className="text-end">{formatAveragePlacement(row.averagePlacement)}</td>
            <td className="text-end fw-semibold">{formatRating(row.rating)}</td>
            <td className="text-end">{formatRating(row.bestRating)}</td>
            <td>
              <LeaderList leaders={row.mostPlayedLeaders} detail={(l) => plural(l.timesPlayed, 'game')} />
            </td>
            <td>
              <LeaderList leaders={row.bestLeaders} detail={(l) => `${formatWinRate(l.winRate)} wins`} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
