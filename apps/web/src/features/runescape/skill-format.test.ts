import { describe, expect, it } from 'vitest';
import { RUNESCAPE_SKILL_IDS } from '@smm/shared/runescape/skills';
import type { OsrsDetails, SkillStats } from '@smm/shared/runescape/schemas';
import { formatStat, overallRow, skillRows } from './skill-format';

describe('formatStat', () => {
  it.each([
    [null, '-'],
    [undefined, '-'],
    [-1, '-'],
    [Number.NaN, '-'],
    [0, '0'],
    [99, '99'],
    [1_000, '1,000'],
    [13_034_431, '13,034,431'],
    [200_000_000, '200,000,000'],
    // Overall experience passes 2^31 and 2^32; every digit must survive.
    [2 ** 31, '2,147,483,648'],
    [4_600_000_000, '4,600,000,000'],
    [Number.MAX_SAFE_INTEGER, '9,007,199,254,740,991'],
  ])('formats %s as %s', (value, expected) => {
    expect(formatStat(value)).toBe(expected);
  });
});

const stats = (level: number | null, rank: number | null, experience: number | null): SkillStats => ({ level, rank, experience });

function details(overrides: Partial<OsrsDetails['skills']> = {}): OsrsDetails {
  // Built in reverse, so the table's order cannot come from the object's key order.
  const skills = Object.fromEntries([...RUNESCAPE_SKILL_IDS].reverse().map((id, i) => [id, stats(50 + i, 1000 + i, 100_000 * (i + 1))]));
  return {
    playerName: 'Zezima',
    gameMode: 'normal',
    overall: stats(2277, 1, 4_600_000_000),
    skills: { ...skills, ...overrides } as OsrsDetails['skills'],
    missingSkills: [],
    otherSkills: [],
    activities: [],
  };
}

describe('skillRows', () => {
  it('lists the 23 skills in the spec order with capitalised names and icons', () => {
    const rows = skillRows(details());
    expect(rows.map((row) => row.id)).toEqual([
      'attack',
      'defence',
      'strength',
      'constitution',
      'ranged',
      'prayer',
      'magic',
      'cooking',
      'woodcutting',
      'fletching',
      'fishing',
      'firemaking',
      'crafting',
      'smithing',
      'mining',
      'herblore',
      'agility',
      'thieving',
      'slayer',
      'farming',
      'runecrafting',
      'hunter',
      'construction',
    ]);
    expect(rows[3]).toMatchObject({ label: 'Constitution', icon: '/skills/constitution.svg' });
    expect(rows[20]?.label).toBe('Runecrafting');
  });

  it("shows an unranked skill as '-' in every column", () => {
    const hunter = skillRows(details({ hunter: stats(null, null, null) })).find((row) => row.id === 'hunter');
    expect(hunter).toMatchObject({ level: '-', rank: '-', experience: '-' });
  });

  it('formats the Overall summary, above 32 bits', () => {
    expect(overallRow(details())).toEqual({ level: '2,277', rank: '1', experience: '4,600,000,000' });
  });
});
