import type { BingoBonuses } from './bingo-schemas';

export interface BingoScore {
  tilePoints: number;
  doneTiles: number;
  rows: number;
  columns: number;
  diagonals: number;
  board: boolean;
  bonusPoints: number;
  points: number;
}

/**
 * A team's points on a size × size board: the points of each done tile, plus the row bonus for each
 * complete row, the column bonus for each complete column, the diagonal bonus for each complete
 * diagonal (both corners to corners) and the board bonus when every tile is done. `done[i]` and
 * `points[i]` are the tile at row floor(i / size), column i % size.
 */
export function scoreBingo(size: number, points: readonly number[], done: readonly boolean[], bonuses: BingoBonuses): BingoScore {
  const at = (row: number, column: number) => done[row * size + column] === true;
  const range = Array.from({ length: size }, (_, i) => i);
  let tilePoints = 0;
  let doneTiles = 0;
  for (let i = 0; i < size * size; i += 1) {
    if (done[i] !== true) continue;
    tilePoints += points[i] ?? 0;
    doneTiles += 1;
  }
  const rows = range.filter((row) => range.every((column) => at(row, column))).length;
  const columns = range.filter((column) => range.every((row) => at(row, column))).length;
  const diagonals = (range.every((i) => at(i, i)) ? 1 : 0) + (range.every((i) => at(i, size - 1 - i)) ? 1 : 0);
  const board = doneTiles === size * size;
  const bonusPoints = rows * bonuses.row + columns * bonuses.column + diagonals * bonuses.diagonal + (board ? bonuses.board : 0);
  return { tilePoints, doneTiles, rows, columns, diagonals, board, bonusPoints, points: tilePoints + bonusPoints };
}
