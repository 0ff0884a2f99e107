import { expect, it } from 'vitest';
import { combatLevel } from './combat-level';

it.each([
  ['a new account', { attack: 1, strength: 1, defence: 1, constitution: 10, prayer: 1, ranged: 1, magic: 1 }, 3],
  ['a maxed account', { attack: 99, strength: 99, defence: 99, constitution: 99, prayer: 99, ranged: 99, magic: 99 }, 126],
  ['a 1 defence pure', { attack: 60, strength: 99, defence: 1, constitution: 85, prayer: 52, ranged: 99, magic: 94 }, 79],
  ['a ranged pure', { attack: 1, strength: 1, defence: 1, constitution: 70, prayer: 1, ranged: 99, magic: 1 }, 65],
])('%s is level %i', (_label, levels, expected) => {
  expect(combatLevel(levels)).toBe(expected);
});
