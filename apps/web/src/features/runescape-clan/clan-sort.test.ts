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

describe("sorting a RuneScape 3 clan by RuneScape 3's own skills", () => {
  const rs3 = (playerName: string, necromancy: number | null): ClanMemberStats => ({
    ...member(playerName, 1_000, 1),
    gameMode: 'rs3',
    skills: { attack: { level: 1, experience: 0 }, necromancy: { level: 1, experience: necromancy } },
  });
  it('orders by Necromancy; unranked, and an account of the other game that has no Necromancy, come last', () => {
    const members = [rs3('Low', 1_000), member('Old School', 5_000, 1), rs3('High', 40_000_000), rs3('Unranked', null)];
    expect(sortMembers(members, 'necromancy', 'descending').map((m) => m.playerName)).toEqual(['High', 'Low', 'Old School', 'Unranked']);
    expect(sortMembers(members, 'necromancy', 'ascending').map((m) => m.playerName)).toEqual(['Low', 'High', 'Old School', 'Unranked']);
  });
});
