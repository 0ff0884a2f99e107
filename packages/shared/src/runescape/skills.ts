/**
 * The 23 RuneScape skills of the stats page, in the spec's order (section 1). `hiscoresName` is
 * the name the Old School hiscores JSON uses for the skill: the hiscores are read by name, not by
 * position, because Jagex adds skills and activities (Sailing, new bosses) and shifts positions.
 */
export const RUNESCAPE_SKILLS = [
  { id: 'attack', label: 'Attack', hiscoresName: 'Attack' },
  { id: 'defence', label: 'Defence', hiscoresName: 'Defence' },
  { id: 'strength', label: 'Strength', hiscoresName: 'Strength' },
  // The spec uses RuneScape 3's name; Old School calls the same skill Hitpoints.
  { id: 'constitution', label: 'Constitution', hiscoresName: 'Hitpoints' },
  { id: 'ranged', label: 'Ranged', hiscoresName: 'Ranged' },
  { id: 'prayer', label: 'Prayer', hiscoresName: 'Prayer' },
  { id: 'magic', label: 'Magic', hiscoresName: 'Magic' },
  { id: 'cooking', label: 'Cooking', hiscoresName: 'Cooking' },
  { id: 'woodcutting', label: 'Woodcutting', hiscoresName: 'Woodcutting' },
  { id: 'fletching', label: 'Fletching', hiscoresName: 'Fletching' },
  { id: 'fishing', label: 'Fishing', hiscoresName: 'Fishing' },
  { id: 'firemaking', label: 'Firemaking', hiscoresName: 'Firemaking' },
  { id: 'crafting', label: 'Crafting', hiscoresName: 'Crafting' },
  { id: 'smithing', label: 'Smithing', hiscoresName: 'Smithing' },
  { id: 'mining', label: 'Mining', hiscoresName: 'Mining' },
  { id: 'herblore', label: 'Herblore', hiscoresName: 'Herblore' },
  { id: 'agility', label: 'Agility', hiscoresName: 'Agility' },
  { id: 'thieving', label: 'Thieving', hiscoresName: 'Thieving' },
  { id: 'slayer', label: 'Slayer', hiscoresName: 'Slayer' },
  { id: 'farming', label: 'Farming', hiscoresName: 'Farming' },
  // Jagex's JSON says "Runecraft"; the spec (and the RuneScape Wiki) say runecrafting.
  { id: 'runecrafting', label: 'Runecrafting', hiscoresName: 'Runecraft' },
  { id: 'hunter', label: 'Hunter', hiscoresName: 'Hunter' },
  { id: 'construction', label: 'Construction', hiscoresName: 'Construction' },
] as const;

export type RuneScapeSkill = (typeof RUNESCAPE_SKILLS)[number]['id'];

export const RUNESCAPE_SKILL_IDS = RUNESCAPE_SKILLS.map((skill) => skill.id) as unknown as readonly [RuneScapeSkill, ...RuneScapeSkill[]];

/** The hiscores' name of the total line, which comes first in the JSON. */
export const OVERALL_HISCORES_NAME = 'Overall';
