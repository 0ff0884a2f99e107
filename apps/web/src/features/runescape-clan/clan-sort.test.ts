import { describe, expect, it } from 'vitest';
import type { ClanMemberStats } from '@smm/shared/runescape/clan-schemas';
import { TRACKED_SKILL_IDS } from '@smm/shared/runescape/tracked-skills';
import { sortMembers } from './clan-sort';

function member(playerName: string, totalExperience: number | null, attack: number | null): ClanMemberStats {
  const skills = Object.fromEntries(TRACKED_SKILL_IDS.map((id) => [id, { level: 1, experience: 0 }])) as ClanMemberStats['skills'];
  skills.attack = { level: 1, experience: attack };
  const gained = Object.fromEntries(TRACKED_SKILL_IDS.map((id) => [id, 0])) as ClanMemberStats['gained']['skills'];
  return {
    userID: playerName,
    username: playerName,
    playerName,
    gameMode: 'normal',
    lastUpdated: null,
    totalLevel: null,
    totalExperience,
    combatLevel: null,
    skills,
    gained: { overall: 0, skills: gained },
  };
}

describe('sortMembers', () => {
  const members = [member('Bravo', 200, 5), member('alpha', 300, null), member('Charlie', null, 9)];
  it('sorts by any column in both directions, unknown values last', () => {
    expect(sortMembers(members, 'totalExperience', 'descending').map((m) => m.playerName)).toEqual(['alpha', 'Bravo', 'Charlie']);
    expect(sortMembers(members, 'totalExperience', 'ascending').map((m) => m.playerName)).toEqual(['Bravo', 'alpha', 'Charlie']);
    expect(sortMembers(members, 'attack', 'descending').map((m) => m.playerName)).toEqual(['Charlie', 'Bravo', 'alpha']);
    expect(sortMembers(members, 'member', 'ascending').map((m) => m.playerName)).toEqual(['alpha', 'Bravo', 'Charlie']);
  });
});
