import { expect, it } from 'vitest';
import { osrsDetailsParams } from './schemas';
import { normaliseGameMode, OSRS_GAME_MODE_IDS } from './game-modes';

it.each([
  ['normal', 'normal'],
  ['main', 'normal'],
  ['Ironman', 'ironman'],
  ['hardcore_ironman', 'hardcore'],
  ['HCIM', 'hardcore'],
  ['ultimate', 'ultimate'],
  ['deadman', 'deadman'],
  ['leagues', 'seasonal'],
  ['tournament', 'tournament'],
  ['fresh_start', 'freshStart'],
  ['freshStart', 'freshStart'],
  ['1_defence', 'oneDefence'],
  ['level_3_skiller', 'skiller'],
])('%s means %s', (name, mode) => {
  expect(normaliseGameMode(name)).toBe(mode);
  expect(osrsDetailsParams.parse({ playerName: 'Zezima', gameMode: name }).gameMode).toBe(mode);
});

it('keeps every canonical id and refuses unknown modes', () => {
  for (const id of OSRS_GAME_MODE_IDS) expect(normaliseGameMode(id)).toBe(id);
  expect(osrsDetailsParams.safeParse({ playerName: 'Zezima', gameMode: 'group_ironman' }).success).toBe(false);
});
