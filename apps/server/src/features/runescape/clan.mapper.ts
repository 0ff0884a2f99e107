import type { ClanMemberStats, HistoryPoint, LatestStats, LinkedAccount, RosterInvitation } from '@smm/shared/runescape/clan-schemas';
import { combatLevel, rs3CombatLevel } from '@smm/shared/runescape/combat-level';
import { gameOfMode, type ClanGameMode } from '@smm/shared/runescape/rs3';
import { gainBetween } from '@smm/shared/runescape/gains';
import { OVERALL_HISCORES_NAME } from '@smm/shared/runescape/skills';
import { skillsOfGame, type ClanGame, type ClanSkill } from '@smm/shared/runescape/tracked-skills';
import { toIso } from '../../lib/iso-time';
import type { InvitationWithClaimerRow } from './clan-names.repo';
import type { AccountWithPlayerRow, ClanMemberRow } from './runescape.repo';
import { toActivityStats } from './runescape.mapper';
import type { SnapshotData } from './snapshots';

const iso = (ms: number | null) => (ms === null ? null : toIso(ms));

interface Known {
  level: number | null;
  rank: number | null;
  experience: number | null;
}

type BySkill<T> = Partial<Record<ClanSkill, T>>;

/** One value for each skill of the game, in its order. */
const perSkill = <T>(game: ClanGame, value: (skill: ClanSkill) => T) =>
  Object.fromEntries(skillsOfGame(game).map((skill) => [skill.id, value(skill.id)])) as BySkill<T>;

/**
 * The total and each skill of the game in a snapshot, read by the names that game's hiscores use
 * (Old School's Hitpoints and Runecraft, RuneScape 3's Constitution and Runecrafting); unranked or
 * absent is null.
 */
export function readSkills(data: SnapshotData | null, game: ClanGame): { overall: Known; skills: BySkill<Known> } {
  const byName = new Map((data?.skills ?? []).map((line) => [line.name.toLowerCase(), line]));
  const read = (name: string): Known => {
    const line = byName.get(name.toLowerCase());
    if (!line || line.rank < 1 || line.xp < 0) return { level: null, rank: null, experience: null };
    return { level: line.level >= 0 ? line.level : null, rank: line.rank, experience: line.xp };
  };
  const skills = Object.fromEntries(skillsOfGame(game).map((skill) => [skill.id, read(skill.hiscoresName)])) as BySkill<Known>;
  return { overall: read(OVERALL_HISCORES_NAME), skills };
}

/** The game's combat level; unranked combat skills count at their starting level (Constitution starts at 10). */
export function combatOf(skills: BySkill<Known>, game: ClanGame): number {
  const level = (id: ClanSkill, start = 1) => skills[id]?.level ?? start;
  const levels = {
    attack: level('attack'),
    strength: level('strength'),
    defence: level('defence'),
    constitution: level('constitution', 10),
    prayer: level('prayer'),
    ranged: level('ranged'),
    magic: level('magic'),
  };
  return game === 'rs3' ? rs3CombatLevel({ ...levels, summoning: level('summoning'), necromancy: level('necromancy') }) : combatLevel(levels);
}

/** A member's row of the clan table, with the skills of their account's game. */
export function toClanMemberStats(row: ClanMemberRow, latest: SnapshotData | null, baseline: SnapshotData | null): ClanMemberStats {
  const game = gameOfMode(row.game_mode as ClanGameMode);
  const now = readSkills(latest, game);
  const start = readSkills(baseline, game);
  const compared = latest !== null && baseline !== null;
  return {
    userID: row.user_id,
    username: row.username,
    playerName: row.player_name,
    gameMode: row.game_mode as ClanGameMode,
    lastUpdated: iso(row.last_checked_at),
    totalLevel: now.overall.level,
    totalExperience: now.overall.experience,
    combatLevel: latest ? combatOf(now.skills, game) : null,
    skills: perSkill(game, (id) => ({ level: now.skills[id]!.level, experience: now.skills[id]!.experience })),
    gained: {
      overall: compared ? gainBetween(start.overall.experience, now.overall.experience) : null,
      skills: perSkill(game, (id) => (compared ? gainBetween(start.skills[id]!.experience, now.skills[id]!.experience) : null)),
    },
  };
}

/** Experience of the total and each skill of the game at one snapshot. */
export function toHistoryPoint(takenAt: number, data: SnapshotData, game: ClanGame): HistoryPoint {
  const { overall, skills } = readSkills(data, game);
  return { takenAt: toIso(takenAt), overall: overall.experience, skills: perSkill(game, (id) => skills[id]!.experience) };
}

/** The latest snapshot as the player page's Skills table reads it. */
export function toLatestStats(takenAt: number, data: SnapshotData, game: ClanGame): LatestStats {
  const { overall, skills } = readSkills(data, game);
  return {
    takenAt: toIso(takenAt),
    combatLevel: combatOf(skills, game),
    overall,
    skills,
    activities: data.activities.map(toActivityStats),
  };
}

export const toLinkedAccount = (row: AccountWithPlayerRow): LinkedAccount => ({
  groupID: row.group_id,
  userID: row.user_id,
  playerName: row.player_name,
  gameMode: row.game_mode as ClanGameMode,
  linkedAt: toIso(row.linked_at),
  lastUpdated: iso(row.last_checked_at),
});

export const toRosterInvitation = (row: InvitationWithClaimerRow): RosterInvitation => ({
  invitationID: row.id,
  playerName: row.player_name,
  gameMode: row.game_mode as ClanGameMode,
  createdAt: toIso(row.created_at),
  claimedBy: row.claimed_by && row.claim_held_by ? { userID: row.claimed_by, username: row.claimed_by_username ?? '' } : null,
  claimedAt: row.claimed_by && row.claim_held_by ? iso(row.claimed_at) : null,
});
