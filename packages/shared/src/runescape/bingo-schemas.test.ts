import { describe, expect, it } from 'vitest';
import { claimBingoTileFields, createBingoBody, decideBingoClaimBody, setBingoTeamsBody, updateBingoBody } from './bingo-schemas';

const id = 'a'.repeat(24);
const base = { groupID: id, name: 'Bingo', startsAt: '2026-12-01T18:00:00Z', endsAt: '2026-12-08T18:00:00Z' };
const task = { kind: 'task', title: 'Get a pet', points: 5 };
const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((i) => `${String(i.path[0])}: ${i.message}`) ?? [];

describe('createBingoBody', () => {
  it('takes a full board', () => {
    const parsed = createBingoBody.parse({ ...base, size: 3, tiles: Array(9).fill(task) });
    expect(parsed.tiles).toHaveLength(9);
    expect(parsed.tiles![0]).toMatchObject({ kind: 'task', description: '', points: 5 });
    expect(parsed.startsAt).toBe(Date.parse(base.startsAt));
  });

  it('takes a copy of an earlier board instead', () => {
    expect(createBingoBody.safeParse({ ...base, copyFromBingoID: id }).success).toBe(true);
  });

  it.each([
    [{ ...base }, 'tiles: Fill in the board or copy one from an earlier bingo'],
    [{ ...base, size: 3, tiles: Array(10).fill(task) }, 'tiles: The board needs one tile per square'],
    [{ ...base, size: 11, tiles: Array(121).fill(task) }, 'size: The board must be from 3×3 to 10×10'],
    [
      { ...base, size: 3, tiles: Array(9).fill({ kind: 'xp', title: 'XP', points: 1 }) },
      'tiles: XP and kill-count tiles need a metric and a goal',
    ],
    [{ ...base, endsAt: base.startsAt, size: 3, tiles: Array(9).fill(task) }, 'endsAt: End time must be after the start time'],
    [{ ...base, size: 3, tiles: Array(9).fill({ ...task, points: -1 }) }, 'tiles: Points must be 0 or more'],
  ])('refuses %#', (input, message) => {
    expect(messages(createBingoBody.safeParse(input))).toContain(message);
  });
});

describe('updateBingoBody', () => {
  it('needs the size and the tiles together', () => {
    expect(messages(updateBingoBody.safeParse({ groupID: id, bingoID: id, size: 3 }))).toContain(
      'tiles: Give the board size and its tiles together',
    );
  });
});

describe('setBingoTeamsBody', () => {
  it('takes teams by hand or a split, not both', () => {
    const teams = [
      { name: 'A', userIDs: [] },
      { name: 'B', userIDs: [] },
    ];
    expect(setBingoTeamsBody.safeParse({ groupID: id, bingoID: id, teams }).success).toBe(true);
    expect(setBingoTeamsBody.safeParse({ groupID: id, bingoID: id, split: { teams: 2, by: 'level' } }).success).toBe(true);
    expect(setBingoTeamsBody.safeParse({ groupID: id, bingoID: id, teams, split: { teams: 2, by: 'level' } }).success).toBe(false);
  });
});

describe('claims', () => {
  it('defaults the note and needs a reason to decline', () => {
    expect(claimBingoTileFields.parse({ groupID: id, bingoID: id, tileID: id }).note).toBe('');
    expect(messages(decideBingoClaimBody.safeParse({ groupID: id, claimID: id, decision: 'decline' }))).toContain(
      'reason: Give a reason for declining',
    );
    expect(decideBingoClaimBody.safeParse({ groupID: id, claimID: id, decision: 'hold' }).success).toBe(true);
  });
});
