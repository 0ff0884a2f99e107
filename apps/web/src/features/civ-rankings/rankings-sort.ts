import type { RankingRowDto } from '@smm/shared/civilization/games-schemas';

/** The columns of a rankings table, in order; every one sorts. */
export const RANKING_COLUMNS = [
  { key: 'member', label: 'Member' },
  { key: 'rating', label: 'Rating' },
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
export type SortDirection = 'ascending' | 'descending';
export interface RankingSort {
  column: RankingColumn;
  direction: SortDirection;
}

export const DEFAULT_RANKING_SORT: RankingSort = { column: 'rating', direction: 'descending' };

const valueOf = (row: RankingRowDto, column: Exclude<RankingColumn, 'member'>): number =>
  column === 'rating' ? row.rating.ordinal : row[column];

/** Rows in the chosen order; ties fall back to the best rating, then the name, so the order is stable. */
export function sortRankings(rows: readonly RankingRowDto[], { column, direction }: RankingSort): RankingRowDto[] {
  const sign = direction === 'ascending' ? 1 : -1;
  const byName = (a: RankingRowDto, b: RankingRowDto) => a.username.localeCompare(b.username, undefined, { sensitivity: 'base' });
  return [...rows].sort((a, b) => {
    const primary = column === 'member' ? byName(a, b) : valueOf(a, column) - valueOf(b, column);
    return sign * primary || b.rating.ordinal - a.rating.ordinal || byName(a, b);
  });
}

/** A click on a header: the same column flips; a new one starts with names A→Z and numbers highest first. */
export const nextSort = (current: RankingSort, column: RankingColumn): RankingSort =>
  current.column === column
    ? { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
    : { column, direction: column === 'member' ? 'ascending' : 'descending' };
