import { expect, it } from 'vitest';
import { RS3_SKILL_NAMES } from './rs3';
import { RUNESCAPE_SKILLS } from './skills';
import { CLAN_SKILL_IDS, RS3_TRACKED_SKILLS, skillsOfGame, TRACKED_SKILLS } from './tracked-skills';

it("lists RuneScape 3's 29 skills in its hiscores' order, under the names its CSV lines stand for", () => {
  expect(RS3_TRACKED_SKILLS).toHaveLength(29);
  expect(RS3_TRACKED_SKILLS.map((skill) => skill.hiscoresName)).toEqual(RS3_SKILL_NAMES.slice(1));
  expect(RS3_TRACKED_SKILLS.map((skill) => skill.label)).toEqual(RS3_SKILL_NAMES.slice(1));
  expect(RS3_TRACKED_SKILLS.map((skill) => skill.id)).not.toContain('sailing');
});

it("keeps Old School's list for Old School clans under Old School's names (Hitpoints, Runecraft, the spec's constitution and runecrafting), and Sailing", () => {
  const oldSchool = skillsOfGame('osrs');
  expect(oldSchool.map((skill) => skill.id)).toEqual(TRACKED_SKILLS.map((skill) => skill.id));
  expect(oldSchool.find((skill) => skill.id === 'constitution')?.label).toBe('Hitpoints');
  expect(oldSchool.find((skill) => skill.id === 'runecrafting')?.label).toBe('Runecraft');
  expect(skillsOfGame('rs3').find((skill) => skill.id === 'runecrafting')?.label).toBe('Runecrafting');
  expect(oldSchool.map((skill) => skill.id)).not.toContain('necromancy');
  expect(oldSchool.find((skill) => skill.id === 'constitution')?.hiscoresName).toBe('Hitpoints');
  expect(oldSchool.at(-1)?.id).toBe('sailing');
});

it('gives the skills both games share the same ids, and every id once', () => {
  const rs3Ids = skillsOfGame('rs3').map((skill) => skill.id);
  expect(rs3Ids.slice(0, RUNESCAPE_SKILLS.length)).toEqual(RUNESCAPE_SKILLS.map((skill) => skill.id));
  expect(new Set(CLAN_SKILL_IDS).size).toBe(CLAN_SKILL_IDS.length);
  for (const id of [...rs3Ids, ...TRACKED_SKILLS.map((skill) => skill.id)]) expect(CLAN_SKILL_IDS).toContain(id);
});
