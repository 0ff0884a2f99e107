import { expect, it } from 'vitest';
import { combatLevel, rs3CombatLevel } from './combat-level';

it.each([
  ['a new account', { attack: 1, strength: 1, defence: 1, constitution: 10, prayer: 1, ranged: 1, magic: 1 }, 3],
  ['a maxed account', { attack: 99, strength: 99, defence: 99, constitution: 99, prayer: 99, ranged: 99, magic: 99 }, 126],
  ['a 1 defence pure', { attack: 60, strength: 99, defence: 1, constitution: 85, prayer: 52, ranged: 99, magic: 94 }, 79],
  ['a ranged pure', { attack: 1, strength: 1, defence: 1, constitution: 70, prayer: 1, ranged: 99, magic: 1 }, 65],
])('%s is level %i', (_label, levels, expected) => {
  expect(combatLevel(levels)).toBe(expected);
});

const rs3Start = { attack: 1, strength: 1, defence: 1, constitution: 10, prayer: 1, ranged: 1, magic: 1, summoning: 1, necromancy: 1 };
const rs3Maxed = { attack: 99, strength: 99, defence: 99, constitution: 99, prayer: 99, ranged: 99, magic: 99, summoning: 99, necromancy: 99 };

it.each([
  ['a new account', rs3Start, 3],
  ['a maxed account', rs3Maxed, 138],
  ['a maxed account with 120 Necromancy (past 99 adds nothing)', { ...rs3Maxed, necromancy: 120 }, 138],
  ['a maxed account without Summoning', { ...rs3Maxed, summoning: 1 }, 126],
  ['a necromancer who trained nothing else', { ...rs3Start, constitution: 10, necromancy: 99 }, 67],
  ['a melee account', { ...rs3Start, attack: 80, strength: 85, defence: 75, constitution: 80, prayer: 60, summoning: 40 }, 104],
])('RuneScape 3: %s is level %i', (_label, levels, expected) => {
  expect(rs3CombatLevel(levels)).toBe(expected);
});

it('RuneScape 3 counts Summoning and Necromancy, which Old School does not have', () => {
  expect(rs3CombatLevel({ ...rs3Start, summoning: 99 })).toBeGreaterThan(rs3CombatLevel(rs3Start));
  expect(rs3CombatLevel({ ...rs3Start, necromancy: 99 })).toBe(rs3CombatLevel({ ...rs3Start, magic: 99 }));
});
