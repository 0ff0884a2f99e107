import type { ClanMemberStats } from '@smm/shared/runescape/clan-schemas';
import type { ClanSkill } from '@smm/shared/runescape/tracked-skills';

/** A column of the clan table: the member, a total, or one skill of the clan's game. */
export type ClanColumn = 'member' | 'totalLevel' | 'totalExperience' | 'combatLevel' | 'gained' | ClanSkill;
export type SortDirection = 'ascending' | 'descending';

/** The value a column sorts on; a skill sorts by experience (level follows it); unknown values, and a skill the member's game lacks, last. */
export function sortValue(member: ClanMemberStats, column: ClanColumn): string | number | null {
  switch (column) {
    case 'member':
      return member.playerName.toLowerCase();
    case 'totalLevel':
      return member.totalLevel;
    case 'totalExperience':
      return member.totalExperience;
    case 'combatLevel':
      return member.combatLevel;
    case 'gained':
      return member.gained.overall;
    default:
      return member.skills[column]?.experience ?? null;
  }
}

/** The members sorted by a column; ties keep the name order, unknown values always go last. */
export function sortMembers(members: readonly ClanMemberStats[], column: ClanColumn, direction: SortDirection): ClanMemberStats[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return [...members].sort((a, b) => {
    const x = sortValue(a, column);
    const y = sortValue(b, column);
    if (x === null || y === null) return x === y ? a.playerName.localeCompare(b.playerName) : x === null ? 1 : -1;
    if (x < y) return -sign;
    if (x > y) return sign;
    return a.playerName.localeCompare(b.playerName);
  });
}
