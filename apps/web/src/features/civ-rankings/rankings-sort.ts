import type { RankingRowDto } from '@smm/shared/civilization/games-schemas';

export type SortDirection = 'ascending' | 'descending';
export interface SortState<K extends string> {
  column: K;
  direction: SortDirection;
}

/** How a column orders its rows: by text (A→Z first) or by a number that may be missing. */
export type SortKey<T> = { kind: 'text'; of: (row: T) => string } | { kind: 'number'; of: (row: T) => number | null };

const compareText = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'base' });

/**
 * Rows in the chosen order without changing the array given. A missing number (no placement yet)
 * goes last whichever way the column runs; equal rows fall back to `tiebreak` so the order is stable.
 */
export function sortRows<T>(rows: readonly T[], key: SortKey<T>, direction: SortDirection, tiebreak: (a: T, b: T) => number): T[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    let primary: number;
    if (key.kind === 'text') primary = sign * compareText(key.of(a), key.of(b));
    else {
      const x = key.of(a);
      const y = key.of(b);
      primary = x === null || y === null ? (x === y ? 0 : x === null ? 1 : -1) : sign * (x - y);
    }
    return primary || tiebreak(a, b);
  });
}

/**
 * A click on a header: the same column flips; a new one starts the way that reads best: names A→Z,
 * placements lowest (best) first, every other number highest first.
 */
export function nextSortState<K extends string>(current: SortState<K>, column: K, ascendingFirst: readonly K[]): SortState<K> {
  if (current.column === column) return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  return { column, direction: ascendingFirst.includes(column) ? 'ascending' : 'descending' };
}

/** The columns of a rankings table, in order; every one sorts. */
export const RANKING_COLUMNS = [
  { key: 'member', label: 'Member' },
  { key: 'rating', label: 'Rating' },
  { key: 'averagePlacement', label: 'Average Placement' },
  { key: 'gamesPlayed', label: 'Games Played' },
  { key: 'score', label: 'Score' },
  { key: 'science', label: 'Science' },
  { key: 'diplomatic', label: 'Diplomatic' },
  { key: 'domination', label: 'Domination' },
  { key: 'religion', label: 'Religion' },
  { key: 'culture', label: 'Culture' },
  { key: 'territorial', label: 'Territorial' },
  { key: 'total', label: 'Total' },
] as const;
export type RankingColumn = (typeof RANKING_COLUMNS)[number]['key'];
export type RankingSort = SortState<RankingColumn>;

export const DEFAULT_RANKING_SORT: RankingSort = { column: 'rating', direction: 'descending' };

const rankingKey = (column: RankingColumn): SortKey<RankingRowDto> => {
  if (column === 'member') return { kind: 'text', of: (row) => row.username };
  if (column === 'rating') return { kind: 'number', of: (row) => row.rating.ordinal };
  if (column === 'averagePlacement') return { kind: 'number', of: (row) => row.averagePlacement ?? null };
  return { kind: 'number', of: (row) => row[column] };
};

/** Rows in the chosen order; ties fall back to the best rating, then the name, so the order is stable. */
export const sortRankings = (rows: readonly RankingRowDto[], { column, direction }: RankingSort): RankingRowDto[] =>
  sortRows(rows, rankingKey(column), direction, (a, b) => b.rating.ordinal - a.rating.ordinal || compareText(a.username, b.username));

/** A click on a rankings header (see nextSortState). */
export const nextSort = (current: RankingSort, column: RankingColumn): RankingSort =>
  nextSortState(current, column, ['member', 'averagePlacement']);
