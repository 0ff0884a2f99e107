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

/** The levels RuneScape 3's combat formula reads: Old School's, plus Summoning and Necromancy. */
export interface Rs3CombatLevels extends CombatLevels {
  summoning: number;
  necromancy: number;
}

/** Levels past 99 (virtual levels, 120 skills) add nothing to combat. */
const capped = (level: number) => Math.min(99, level);

/**
 * The RuneScape 3 combat level: a quarter of 13/10 of the best of melee (Attack + Strength),
 * twice Magic, twice Ranged and twice Necromancy, plus Defence, Constitution and half of Prayer
 * and of Summoning. 3 at the start, 138 with every combat skill at 99. Computed in whole numbers
 * so 13/10 never rounds.
 */
export function rs3CombatLevel({ attack, strength, defence, constitution, prayer, ranged, magic, summoning, necromancy }: Rs3CombatLevels): number {
  const c = capped;
  const offence = Math.max(c(attack) + c(strength), 2 * c(magic), 2 * c(ranged), 2 * c(necromancy));
  const rest = c(defence) + c(constitution) + Math.floor(c(prayer) / 2) + Math.floor(c(summoning) / 2);
  return Math.floor((13 * offence + 10 * rest) / 40);
}
