import { describe, expect, it } from 'vitest';
import { isPackOwned, ownedDlcPacks, withPackToggled } from './owned-packs';

const packs = ['Base Game', 'Warlords', 'Beyond the Sword'];

describe('ownedDlcPacks', () => {
  it.each([
    [null, null],
    [undefined, null],
    [[], []],
    [['Base Game'], []],
    // Catalogue order, packs the game does not have left out.
    [
      ['Beyond the Sword', 'Base Game', 'Warlords', 'Gods & Kings'],
      ['Warlords', 'Beyond the Sword'],
    ],
  ])('%j -> %j', (saved, shown) => expect(ownedDlcPacks(saved, packs)).toEqual(shown));
});

describe('isPackOwned', () => {
  it.each([
    [null, 'Warlords', true],
    [[], 'Base Game', true],
    [[], 'Warlords', false],
    [['Warlords'], 'Warlords', true],
    [['Warlords'], 'Beyond the Sword', false],
  ] as const)('%j owns %s: %s', (owned, pack, expected) => expect(isPackOwned(owned, pack)).toBe(expected));
});

describe('withPackToggled', () => {
  it.each([
    [null, 'Warlords', false, ['Beyond the Sword']],
    [null, 'Warlords', true, ['Warlords', 'Beyond the Sword']],
    [[], 'Beyond the Sword', true, ['Beyond the Sword']],
    [['Beyond the Sword'], 'Warlords', true, ['Warlords', 'Beyond the Sword']],
    [['Warlords', 'Beyond the Sword'], 'Warlords', false, ['Beyond the Sword']],
    // The base game is never sent, whatever is asked.
    [['Warlords'], 'Base Game', false, ['Warlords']],
  ] as const)('%j, %s -> own %s: %j', (owned, pack, own, next) => expect(withPackToggled(owned, packs, pack, own)).toEqual(next));
});
