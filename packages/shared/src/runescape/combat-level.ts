/** The levels the Old School combat formula reads (Hitpoints is the spec's constitution). */
export interface CombatLevels {
  attack: number;
  strength: number;
  defence: number;
  constitution: number;
  prayer: number;
  ranged: number;
  magic: number;
}

/**
 * The Old School RuneScape combat level: a quarter of Defence, Hitpoints and half Prayer, plus
 * the best of melee, ranged and magic at 0.325 each (the formula the game and its wiki use).
 */
export function combatLevel({ attack, strength, defence, constitution, prayer, ranged, magic }: CombatLevels): number {
  const base = 0.25 * (defence + constitution + Math.floor(prayer / 2));
  const melee = 0.325 * (attack + strength);
  const range = 0.325 * Math.floor((3 * ranged) / 2);
  const mage = 0.325 * Math.floor((3 * magic) / 2);
  return Math.floor(base + Math.max(melee, range, mage));
}
