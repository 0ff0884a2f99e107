import { z } from 'zod';
import { entityId } from '../groups/ids';
import { normaliseGameMode } from './game-modes';
import { ROSTER_MAX_CHARS } from './roster';
import { clanGameMode } from './rs3';
import { activityStats, playerName } from './schemas';
import { CLAN_SKILL_IDS, type ClanSkill } from './tracked-skills';

export const CLAN_PERIODS = ['day', 'week', 'month'] as const;
export type ClanPeriod = (typeof CLAN_PERIODS)[number];

/** The length of each period of the clan stats page. */
export const PERIOD_MS: Record<ClanPeriod, number> = { day: 86_400_000, week: 7 * 86_400_000, month: 30 * 86_400_000 };

/** A member's in-game account in one clan: one per member per clan. */
export const linkedAccount = z.object({
  groupID: z.string(),
  userID: z.string(),
  playerName: z.string(),
  gameMode: clanGameMode,
  linkedAt: z.iso.datetime(),
  lastUpdated: z.iso.datetime().nullable(),
});
export type LinkedAccount = z.infer<typeof linkedAccount>;

export const linkedAccountResponse = z.object({ account: linkedAccount.nullable() });
export type LinkedAccountResponse = z.infer<typeof linkedAccountResponse>;

export const linkAccountBody = z.object({
  groupID: entityId('groupID'),
  playerName,
  gameMode: z.preprocess(normaliseGameMode, clanGameMode),
});
export type LinkAccountBody = z.infer<typeof linkAccountBody>;

export const clanStatsQuery = z.object({
  groupID: entityId('groupID'),
  period: z.enum(CLAN_PERIODS, { error: `Period must be one of ${CLAN_PERIODS.join(', ')}` }).default('week'),
});
export type ClanStatsQuery = z.infer<typeof clanStatsQuery>;

/** The games whose hiscores a clan follows ('RuneScape' clans RuneScape 3's, the others Old School's). */
export const clanGame = z.enum(['osrs', 'rs3']);

const skillValue = z.object({ level: z.int().nullable(), experience: z.int().nullable() });
/** One value per skill of the account's game (Old School's with Sailing, or RuneScape 3's 29); the other game's skills are absent. */
const skillRecord = <T extends z.ZodType>(value: T) =>
  z.object(Object.fromEntries(CLAN_SKILL_IDS.map((id) => [id, value.optional()])) as Record<ClanSkill, z.ZodOptional<T>>);

/** One member's row: the latest snapshot, and what they gained over the period (null: no snapshot yet). */
export const clanMemberStats = z.object({
  userID: z.string(),
  username: z.string(),
  playerName: z.string(),
  gameMode: clanGameMode,
  lastUpdated: z.iso.datetime().nullable(),
  totalLevel: z.int().nullable(),
  totalExperience: z.int().nullable(),
  combatLevel: z.int().nullable(),
  skills: skillRecord(skillValue),
  gained: z.object({ overall: z.int().nullable(), skills: skillRecord(z.int().nullable()) }),
});
export type ClanMemberStats = z.infer<typeof clanMemberStats>;

export const clanStats = z.object({
  groupID: z.string(),
  /** The clan's game: its skills are the table's columns. */
  game: clanGame,
  period: z.enum(CLAN_PERIODS),
  /** Start of the period the gains are counted from. */
  since: z.iso.datetime(),
  members: z.array(clanMemberStats),
  /** Members with the largest total experience gain in the period, largest first. */
  topGainers: z.array(z.object({ userID: z.string(), username: z.string(), playerName: z.string(), gained: z.int() })),
});
export type ClanStats = z.infer<typeof clanStats>;

export const groupIdBody = z.object({ groupID: entityId('groupID') });
export type GroupIdBody = z.infer<typeof groupIdBody>;

export const updateClanStatsResponse = z.object({
  /** Accounts asked of the hiscores. */
  updated: z.int(),
  /** Accounts checked moments ago, left as they were. */
  skipped: z.int(),
  /** Accounts the hiscores did not answer for. */
  failed: z.int(),
});
export type UpdateClanStatsResponse = z.infer<typeof updateClanStatsResponse>;

export const playerHistoryQuery = z.object({ groupID: entityId('groupID'), userID: entityId('userID') });
export type PlayerHistoryQuery = z.infer<typeof playerHistoryQuery>;

/** Experience per stat at one moment; null = unranked then. */
export const historyPoint = z.object({
  takenAt: z.iso.datetime(),
  overall: z.int().nullable(),
  skills: skillRecord(z.int().nullable()),
});
export type HistoryPoint = z.infer<typeof historyPoint>;

const recordEntry = z.object({ gained: z.int(), endedAt: z.iso.datetime() }).nullable();
export const statRecords = z.object({ stat: z.string(), day: recordEntry, week: recordEntry });
export type StatRecords = z.infer<typeof statRecords>;

const rankedValue = skillValue.extend({ rank: z.int().nullable() });

/** The account's latest snapshot: level, rank and experience of the total and each skill of its game, and its activities. */
export const latestStats = z.object({
  takenAt: z.iso.datetime(),
  combatLevel: z.int(),
  overall: rankedValue,
  skills: skillRecord(rankedValue),
  /** Bosses and activities in the hiscores' order (RuneScape 3: RuneScore, clue scrolls, minigames). */
  activities: z.array(activityStats),
});
export type LatestStats = z.infer<typeof latestStats>;

export const playerHistory = z.object({
  userID: z.string(),
  playerName: z.string(),
  gameMode: clanGameMode,
  /** The account's game: its skills are the chart's and the records' series. */
  game: clanGame,
  /** Null until the hiscores were first read. */
  latest: latestStats.nullable(),
  points: z.array(historyPoint),
  /** Largest gain within a day and within a week, for the total and each skill. */
  records: z.array(statRecords),
});
export type PlayerHistory = z.infer<typeof playerHistory>;

/** A member renames their linked account in the clan (same game mode); its history carries over. */
export const renameAccountBody = z.object({ groupID: entityId('groupID'), playerName });
export type RenameAccountBody = z.infer<typeof renameAccountBody>;

export const importRosterBody = z.object({
  groupID: entityId('groupID'),
  gameMode: z.preprocess(normaliseGameMode, clanGameMode),
  roster: z
    .string()
    .max(ROSTER_MAX_CHARS, `The roster must be at most ${ROSTER_MAX_CHARS} characters`)
    .refine((text) => text.trim() !== '', 'Paste at least one name'),
});
export type ImportRosterBody = z.infer<typeof importRosterBody>;

/** A name an Administrator imported, waiting for the member who plays it to claim it. */
export const rosterInvitation = z.object({
  invitationID: z.string(),
  playerName: z.string(),
  gameMode: clanGameMode,
  createdAt: z.iso.datetime(),
  claimedBy: z.object({ userID: z.string(), username: z.string() }).nullable(),
  claimedAt: z.iso.datetime().nullable(),
});
export type RosterInvitation = z.infer<typeof rosterInvitation>;

export const rosterInvitations = z.object({ invitations: z.array(rosterInvitation) });
export type RosterInvitations = z.infer<typeof rosterInvitations>;

export const importRosterResponse = rosterInvitations.extend({
  /** Names added by this import. */
  added: z.int(),
  /** Names already invited in the clan, left as they were. */
  skipped: z.int(),
});
export type ImportRosterResponse = z.infer<typeof importRosterResponse>;

export const claimInvitationBody = z.object({ groupID: entityId('groupID'), invitationID: entityId('invitationID') });
export type ClaimInvitationBody = z.infer<typeof claimInvitationBody>;

/** Days a departed member's link and history are kept for a rejoin. */
export const DEPARTED_KEPT_DAYS = 30;
