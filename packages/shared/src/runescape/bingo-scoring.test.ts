import { describe, expect, it } from 'vitest';
import { scoreBingo } from './bingo-scoring';

const bonuses = { row: 10, column: 20, diagonal: 40, board: 1000 };
/** A board from rows of 'x' (done) and '.' (open). */
const board = (...rows: string[]) => rows.flatMap((row) => [...row].map((c) => c === 'x'));

describe('scoreBingo', () => {
  it('scores nothing on an empty board', () => {
    expect(scoreBingo(3, Array(9).fill(5), board('...', '...', '...'), bonuses)).toMatchObject({
      points: 0,
      rows: 0,
      columns: 0,
      diagonals: 0,
    });
  });

  it('adds each done tile and a complete row', () => {
    const points = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    expect(scoreBingo(3, points, board('xxx', 'x..', '...'), bonuses)).toEqual({
      tilePoints: 1 + 2 + 3 + 4,
      doneTiles: 4,
      rows: 1,
      columns: 0,
      diagonals: 0,
      board: false,
      bonusPoints: 10,
      points: 20,
    });
  });

  it('counts a column and both diagonals', () => {
    const score = scoreBingo(3, Array(9).fill(1), board('x.x', 'xx.', 'x.x'), bonuses);
    expect(score).toMatchObject({ rows: 0, columns: 1, diagonals: 2, bonusPoints: 20 + 80, points: 6 + 100 });
  });

  it('adds every line and the board bonus when the whole board is done', () => {
    const score = scoreBingo(4, Array(16).fill(2), Array(16).fill(true), bonuses);
    expect(score).toMatchObject({ rows: 4, columns: 4, diagonals: 2, board: true, bonusPoints: 40 + 80 + 80 + 1000, points: 32 + 1200 });
  });
});
