import { z } from 'zod';
import { entityId } from '../groups/ids';
import { civChoiceDto, expectedResultVersion, gameType, updateGameBody } from './games-schemas';

/** The ladder's calls: proposals, the audit trail, deleted games, seasons and statistics. */

export const PROPOSAL_STATUSES = ['pending', 'accepted', 'rejected', 'superseded'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];
export const PROPOSAL_VOTES = ['confirm', 'contest'] as const;
export const PROPOSAL_DECISIONS = ['accept', 'reject'] as const;
export const REASON_MAX = 500;
export const SEASON_NAME_MAX = 60;

const reason = z.string({ error: 'reason must be text' }).trim().max(REASON_MAX, `The reason must be at most ${REASON_MAX} characters`);

/** The result fields a change (direct or proposed) may carry. */
export const resultChanges = updateGameBody.pick({
  members: true,
  host: true,
  gameType: true,
  winner: true,
  victoryType: true,
  placements: true,
});
export type ResultChanges = z.infer<typeof resultChanges>;

/** POST /api/civilization/proposeGameChange: a player of the game proposes a result change. */
export const proposeGameChangeBody = z.object({
  gameID: entityId('gameID'),
  changes: resultChanges,
  reason: reason.min(1, 'Say why the result should change'),
});
export type ProposeGameChangeBody = z.infer<typeof proposeGameChangeBody>;

/** POST /api/civilization/decideGameProposal: the host, the creator or an Administrator decides. */
export const decideGameProposalBody = z.object({
  proposalID: entityId('proposalID'),
  decision: z.enum(PROPOSAL_DECISIONS, { error: 'decision must be accept or reject' }),
  reason: reason.optional(),
  /** The game's resultVersion when the decider opened the proposal (sent with accept): 409 if the result changed since. */
  expectedResultVersion,
});
export type DecideGameProposalBody = z.infer<typeof decideGameProposalBody>;

/** POST /api/civilization/voteGameProposal: another player confirms or contests, with a reason. */
export const voteGameProposalBody = z.object({
  proposalID: entityId('proposalID'),
  vote: z.enum(PROPOSAL_VOTES, { error: 'vote must be confirm or contest' }),
  reason: reason.min(1, 'Say why'),
});
export type VoteGameProposalBody = z.infer<typeof voteGameProposalBody>;

export const proposalDto = z.object({
  _id: z.string(),
  gameID: z.string(),
  proposedBy: z.string(),
  proposedByName: z.string(),
  /** What would change, as the proposer sent it. */
  changes: resultChanges,
  /** The same in words, one line per change ("Bob: Eliminated", "Winner: Alice"). */
  summary: z.array(z.string()),
  reason: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  /**
   * Pending, and the game's result changed since it was proposed: accepting it would undo the newer change,
   * so it can only be rejected (an accept marks it superseded), or proposed again.
   */
  outOfDate: z.boolean(),
  dateProposed: z.string(),
  decidedByName: z.string().nullable(),
  dateDecided: z.string().nullable(),
  decisionReason: z.string().nullable(),
  votes: z.array(
    z.object({ userID: z.string(), username: z.string(), vote: z.enum(PROPOSAL_VOTES), reason: z.string(), date: z.string() }),
  ),
});
export type ProposalDto = z.infer<typeof proposalDto>;

export const AUDIT_ACTIONS = [
  'created',
  'edited',
  'finished',
  'reopened',
  'proposed',
  'accepted',
  'rejected',
  'confirmed',
  'contested',
  'deleted',
  'restored',
  'replaced',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One row of a game's audit trail: who did what, when, with the values before and after. */
export const auditEntryDto = z.object({
  _id: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  userID: z.string(),
  username: z.string(),
  date: z.string(),
  /** One line per changed value: "Winner: (none) → Alice". */
  changes: z.array(z.object({ field: z.string(), before: z.string(), after: z.string() })),
  note: z.string().nullable(),
});
export type AuditEntryDto = z.infer<typeof auditEntryDto>;

/** GET /api/civilization/gameHistory?gameID=: the proposals (newest first) and the audit trail (newest first). */
export const gameHistoryDto = z.object({ proposals: z.array(proposalDto), audit: z.array(auditEntryDto) });
export type GameHistoryDto = z.infer<typeof gameHistoryDto>;

/** GET /api/civilization/getDeletedGames?groupID=: Administrators only. */
export const deletedGameDto = z.object({
  _id: z.string(),
  gameName: z.string(),
  gameType,
  isFinished: z.boolean(),
  deletedByName: z.string(),
  dateDeleted: z.string(),
  restorableUntil: z.string(),
  comments: z.number().int(),
});
export type DeletedGameDto = z.infer<typeof deletedGameDto>;
export const deletedGamesResponse = z.array(deletedGameDto);

export const seasonDto = z.object({
  _id: z.string(),
  name: z.string(),
  minGames: z.number().int(),
  dateStarted: z.string(),
  /** When the next season started; null for the current one. */
  dateEnded: z.string().nullable(),
  isCurrent: z.boolean(),
});
export type SeasonDto = z.infer<typeof seasonDto>;
export const seasonsResponse = z.array(seasonDto);

/** POST /api/civilization/startSeason: an Administrator ends the current season and starts the next. */
export const startSeasonBody = z.object({
  groupID: entityId('groupID'),
  name: z
    .string({ error: 'Season name is required' })
    .trim()
    .min(1, 'Season name is required')
    .max(SEASON_NAME_MAX, `Season name must be at most ${SEASON_NAME_MAX} characters`),
  minGames: z.coerce
    .number({ error: 'minGames must be a whole number from 1 to 100' })
    .int('minGames must be a whole number from 1 to 100')
    .min(1, 'minGames must be a whole number from 1 to 100')
    .max(100, 'minGames must be a whole number from 1 to 100')
    .default(1),
});
export type StartSeasonBody = z.infer<typeof startSeasonBody>;

const leaderUseDto = z.object({
  civID: z.string(),
  leader: civChoiceDto.nullable(),
  timesPlayed: z.number().int(),
  wins: z.number().int(),
  winRate: z.number(),
  averagePlacement: z.number(),
});
export type LeaderUseDto = z.infer<typeof leaderUseDto>;

export const memberStatisticsDto = z.object({
  userID: z.string(),
  username: z.string(),
  gamesPlayed: z.number().int(),
  wins: z.number().int(),
  averagePlacement: z.number().nullable(),
  rating: z.number(),
  bestRating: z.number(),
  mostPlayedLeaders: z.array(leaderUseDto),
  bestLeaders: z.array(leaderUseDto),
});
export type MemberStatisticsDto = z.infer<typeof memberStatisticsDto>;

/** season: 'all' or a season id; absent: the current season when there is one, else all time. */
export const statisticsQuery = z.object({ groupID: entityId('groupID'), gameType, season: entityId('season').optional() });
export type StatisticsQuery = z.infer<typeof statisticsQuery>;

/** GET /api/civilization/getStatistics: per member and per leader, from the counted results. */
export const statisticsDto = z.object({
  season: z.string(),
  members: z.array(memberStatisticsDto),
  leaders: z.array(leaderUseDto),
});
export type StatisticsDto = z.infer<typeof statisticsDto>;

export const headToHeadQuery = statisticsQuery.extend({ first: entityId('first'), second: entityId('second') });
export type HeadToHeadQuery = z.infer<typeof headToHeadQuery>;
export const headToHeadDto = z.object({
  first: z.object({ userID: z.string(), username: z.string() }),
  second: z.object({ userID: z.string(), username: z.string() }),
  gamesTogether: z.number().int(),
  firstAhead: z.number().int(),
  secondAhead: z.number().int(),
  tied: z.number().int(),
});
export type HeadToHeadDto = z.infer<typeof headToHeadDto>;

/** GET /api/civilization/getMemberStats?groupID=&userID=&gameType=: one member's record, all time. */
export const memberStatsQuery = z.object({ groupID: entityId('groupID'), userID: entityId('userID'), gameType });
export type MemberStatsQuery = z.infer<typeof memberStatsQuery>;
export const ratingPointDto = z.object({
  gameID: z.string(),
  gameName: z.string(),
  date: z.string(),
  placement: z.number().int().nullable(),
  rating: z.number(),
  delta: z.number(),
});
export const memberStatsDto = z.object({
  statistics: memberStatisticsDto,
  /** Rating after each counted game, oldest first. */
  ratingHistory: z.array(ratingPointDto),
  leaders: z.array(leaderUseDto),
});
export type MemberStatsDto = z.infer<typeof memberStatsDto>;
