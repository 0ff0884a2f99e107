import { describe, expect, it } from 'vitest';
import { iconForGame, isSupportedGame, linkUrlForGame, SUPPORTED_GAME_NAMES } from './catalogue';

describe('game catalogue', () => {
  it('supports the spec games', () => {
    expect([...SUPPORTED_GAME_NAMES].sort()).toEqual(
      ['Civilization 4', 'Civilization 5', 'Civilization 6', 'Dota 2', 'Old School RuneScape', 'RuneScape'].sort(),
    );
  });

  it.each([1, 2, 3, 4, 5, 6])('recognises Civilization %i as a civGroup', (n) => {
    expect(linkUrlForGame(`Civilization ${n}`)).toBe('civGroup');
  });

  it.each([
    ['RuneScape', 'runeScapeClan'],
    ['Old School RuneScape', 'runeScapeClan'],
    ['Dota 2', 'dotaGroup'],
    ['Civilization 7', undefined],
    ['civilization 6', undefined],
  ])('%s -> %s', (name, linkURL) => {
    expect(linkUrlForGame(name)).toBe(linkURL);
  });

  it('offers only the supported games for new groups, and has an icon for each', () => {
    expect(isSupportedGame('Civilization 1')).toBe(false);
    expect(isSupportedGame('Civilization 6')).toBe(true);
    for (const name of SUPPORTED_GAME_NAMES) expect(iconForGame(name)).toMatch(/^\/games\/[a-z0-9]+\.svg$/);
  });
});
