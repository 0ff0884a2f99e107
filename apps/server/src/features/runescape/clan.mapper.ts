import type { ClanMemberStats, HistoryPoint, LinkedAccount, RosterInvitation } from '@smm/shared/runescape/clan-schemas';
import { combatLevel } from '@smm/shared/runescape/combat-level';
import type { ClanGameMode } from '@smm/shared/runescape/rs3';
import { gainBetween } from '@smm/shared/runescape/gains';
import { OVERALL_HISCORES_NAME } from '@smm/shared/runescape/skills';
import { TRACKED_SKILLS, type TrackedSkill } from '@smm/shared/runescape/tracked-skills';
import type { InvitationWithClaimerRow } from './clan-names.repo';
import type { AccountWithPlayerRow, ClanMemberRow } from './runescape.repo';
import type { SnapshotData } from './snapshots';

const RS3_NAMES: Record<string, string> = { Hitpoints: 'constitution', Runecraft: 'runecrafting' };

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

interface Known {
  level: number | null;
  experience: number | null;
}

/** Each tracked skill's level and experience in a snapshot, read by name; unranked or absent is null. */
export function readSkills(data: SnapshotData | null): { overall: Known; skills: Record<TrackedSkill, Known> } {
  const byName = new Map((data?.skills ?? []).map((line) => [line.name.toLowerCase(), line]));
  const read = (name: string): Known => {
    // RuneScape 3 names two of the Old School names its own way.
    const line = byName.get(name.toLowerCase()) ?? byName.get(RS3_NAMES[name] ?? '');
    if (!line || line.rank < 1 || line.xp < 0) return { level: null, experience: null };
    return { level: line.level, experience: line.xp };
  };
  const skills = Object.fromEntries(TRACKED_SKILLS.map((skill) => [skill.id, read(skill.hiscoresName)])) as Record<TrackedSkill, Known>;
  return { overall: read(OVERALL_HISCORES_NAME), skills };
}

/** Unranked combat skills count at their starting level (Hitpoints starts at 10). */
function combatOf(skills: Record<TrackedSkill, Known>): number {
  const level = (id: TrackedSkill, start = 1) => skills[id].level ?? start;
  return combatLevel({
    attack: level('attack'),
    strength: level('strength'),
    defence: level('defence'),
    constitution: level('constitution', 10),
    prayer: level('prayer'),
    ranged: level('ranged'),
    magic: level('magic'),
  });
}

export function toClanMemberStats(row: ClanMemberRow, latest: SnapshotData | null, baseline: SnapshotData | null): ClanMemberStats {
  const now = readSkills(latest);
  const start = readSkills(baseline);
  const skills = Object.fromEntries(TRACKED_SKILLS.map((skill) => [skill.id, now.skills[skill.id]])) as ClanMemberStats['skills'];
  const gainedSkills = Object.fromEntries(
    TRACKED_SKILLS.map((skill) => [skill.id, latest && baseline ? gainBetween(start.skills[skill.id].experience, now.skills[skill.id].experience) : null]),
  ) as ClanMemberStats['gained']['skills'];
  return {
    userID: row.user_id,
    username: row.username,
    playerName: row.player_name,
    gameMode: row.game_mode as ClanGameMode,
    lastUpdated: iso(row.last_checked_at),
    totalLevel: now.overall.level,
    totalExperience: now.overall.experience,
    combatLevel: latest ? combatOf(now.skills) : null,
    skills,
    gained: { overall: latest && baseline ? gainBetween(start.overall.experience, now.overall.experience) : null, skills: gainedSkills },
  };
}

export function toHistoryPoint(takenAt: number, data: SnapshotData): HistoryPoint {
  const { overall, skills } = readSkills(data);
  return {
    takenAt: new Date(takenAt).toISOString(),
    overall: overall.experience,
    skills: Object.fromEntries(TRACKED_SKILLS.map((skill) => [skill.id, skills[skill.id].experience])) as HistoryPoint['skills'],
  };
}

export const toLinkedAccount = (row: AccountWithPlayerRow): LinkedAccount => ({
  groupID: row.group_id,
  userID: row.user_id,
  playerName: row.player_name,
  gameMode: row.game_mode as ClanGameMode,
  linkedAt: new Date(row.linked_at).toISOString(),
  lastUpdated: iso(row.last_checked_at),
});

export const toRosterInvitation = (row: InvitationWithClaimerRow): RosterInvitation => ({
  invitationID: row.id,
  playerName: row.player_name,
  gameMode: row.game_mode as ClanGameMode,
  createdAt: new Date(row.created_at).toISOString(),
  claimedBy: row.claimed_by && row.claim_held_by ? { userID: row.claimed_by, username: row.claimed_by_username ?? '' } : null,
  claimedAt: row.claimed_by && row.claim_held_by ? iso(row.claimed_at) : null,
});
