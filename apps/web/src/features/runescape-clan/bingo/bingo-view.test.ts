import { describe, expect, it } from 'vitest';
import { emptyTile, resizeTiles, tileGoal, tileInputs, tileProblem, type TileDraft } from './bingo-view';
import {
  BINGO_PROOF_MAX_BYTES as PROOF_MAX_BYTES,
  BINGO_PROOF_NOT_IMAGE_MESSAGE as PROOF_TYPE_MESSAGE,
  BINGO_PROOF_TOO_LARGE_MESSAGE as PROOF_SIZE_MESSAGE,
} from '@smm/shared/runescape/bingo-schemas';
import { PROOF_MISSING_MESSAGE, proofProblem } from './proof-file';

describe('proofProblem', () => {
  it.each([
    [{ type: 'image/png', size: 1000 }, null],
    [{ type: 'image/jpeg', size: PROOF_MAX_BYTES }, null],
    [{ type: 'image/webp', size: 1 }, null],
    [{ type: 'image/png', size: PROOF_MAX_BYTES + 1 }, PROOF_SIZE_MESSAGE],
    [{ type: 'image/gif', size: 1000 }, PROOF_TYPE_MESSAGE],
    [{ type: '', size: 1000 }, PROOF_TYPE_MESSAGE],
    [{ type: 'application/pdf', size: PROOF_MAX_BYTES + 1 }, PROOF_TYPE_MESSAGE],
    [null, PROOF_MISSING_MESSAGE],
  ])('%o -> %s', (file, problem) => {
    expect(proofProblem(file)).toBe(problem);
  });
});

const tile = (over: Partial<TileDraft>): TileDraft => ({ ...emptyTile(), title: 'Catch a shark', ...over });

describe('tiles as written', () => {
  it('says the first thing wrong with a tile', () => {
    expect(tileProblem(tile({}))).toBeNull();
    expect(tileProblem(tile({ title: '  ' }))).toBe('Each tile needs a title');
    expect(tileProblem(tile({ points: '-1' }))).toBe('Points must be a whole number');
    expect(tileProblem(tile({ kind: 'xp' }))).toBe('Pick a skill');
    expect(tileProblem(tile({ kind: 'kc' }))).toBe('Pick a boss or activity');
    expect(tileProblem(tile({ kind: 'kc', metric: 'zulrah', goal: '0' }))).toBe('Goal must be a whole number of at least 1');
    expect(tileProblem(tile({ kind: 'kc', metric: 'zulrah', goal: '25' }))).toBeNull();
  });

  it('sends task tiles without metric or goal, and XP and kill-count tiles with them', () => {
    expect(
      tileInputs([tile({ points: '5' }), tile({ kind: 'xp', title: 'Slay', metric: 'slayer', goal: '100000', points: '20' })]),
    ).toEqual([
      { kind: 'task', title: 'Catch a shark', points: 5 },
      { kind: 'xp', title: 'Slay', metric: 'slayer', goal: 100_000, points: 20 },
    ]);
  });

  it('keeps the squares that stay when the board is resized', () => {
    const three = Array.from({ length: 9 }, (_, i) => tile({ title: `T${i}` }));
    const four = resizeTiles(three, 3, 4);
    expect(four).toHaveLength(16);
    expect(four.map((t) => t.title)).toEqual(['T0', 'T1', 'T2', '', 'T3', 'T4', 'T5', '', 'T6', 'T7', 'T8', '', '', '', '', '']);
    expect(resizeTiles(four, 4, 3).map((t) => t.title)).toEqual(three.map((t) => t.title));
  });

  it('says an XP or kill-count goal in the game’s words', () => {
    expect(tileGoal('osrs', { kind: 'xp', metric: 'slayer', goal: 100_000 })).toBe('Slayer: 100,000 XP');
    expect(tileGoal('osrs', { kind: 'kc', metric: 'zulrah', goal: 25 })).toBe('Zulrah: 25 kills');
    expect(tileGoal('osrs', { kind: 'kc', metric: 'clue_scrolls_all', goal: 5 })).toBe('Clue Scrolls (all): 5 score');
    expect(tileGoal('osrs', { kind: 'task', metric: null, goal: null })).toBeNull();
  });
});
