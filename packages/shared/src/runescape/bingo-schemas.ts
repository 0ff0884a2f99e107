import { z } from 'zod';
import { entityId } from '../groups/ids';
import { expectedUpdatedAt } from '../live/expected-version';
import {
  CLAN_CONTEST_MAX_DAYS,
  CLAN_CONTEST_NAME_MAX,
  CLAN_CONTEST_STATUSES,
  CLAN_CONTEST_TEAM_NAME_MAX,
  CLAN_CONTEST_TEAMS_MAX,
  CLAN_CONTEST_TEAMS_MIN,
  clanContestsQuery,
  contestChangedMessage,
  contestCreateFields,
  contestUpdateFields,
  setContestTeamsBody,
  TEAM_SPLITS,
  withinContestWindow,
} from './clan-contest-schemas';

export const BINGO_NAME_MAX = CLAN_CONTEST_NAME_MAX;
export const BINGO_SIZE_MIN = 3;
export const BINGO_SIZE_MAX = 10;
export const BINGO_TILE_TITLE_MAX = 100;
export const BINGO_TILE_DESCRIPTION_MAX = 500;
export const BINGO_TILE_POINTS_MAX = 1000;
export const BINGO_BONUS_MAX = 10_000;
/** The largest XP or kill-count goal of a tile. */
export const BINGO_GOAL_MAX = 200_000_000;
export const BINGO_TEAMS_MIN = CLAN_CONTEST_TEAMS_MIN;
export const BINGO_TEAMS_MAX = CLAN_CONTEST_TEAMS_MAX;
export const BINGO_TEAM_NAME_MAX = CLAN_CONTEST_TEAM_NAME_MAX;
export const BINGO_MODERATORS_MAX = 20;
export const BINGO_NOTE_MAX = 500;
export const BINGO_REASON_MAX = 300;
/** The longest a bingo may run. */
export const BINGO_MAX_DAYS = CLAN_CONTEST_MAX_DAYS;
/** The largest proof screenshot accepted, in bytes. */
export const BINGO_PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const BINGO_PROOF_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const BINGO_PROOF_TOO_LARGE_MESSAGE = 'The screenshot is larger than 5 MB';
export const BINGO_PROOF_NOT_IMAGE_MESSAGE = 'The screenshot must be a PNG, JPEG or WebP image';

export const BINGO_STATUSES = CLAN_CONTEST_STATUSES;
export type BingoStatus = (typeof BINGO_STATUSES)[number];

/** task: done by an accepted claim; xp: the team's experience gained in a skill; kc: the team's kills of a boss (or score of an activity). */
export const BINGO_TILE_KINDS = ['task', 'xp', 'kc'] as const;
export type BingoTileKind = (typeof BINGO_TILE_KINDS)[number];

/** pending: waiting for a decision; held: a moderator put it aside; accepted: the tile is done; declined: may be claimed again. */
export const BINGO_CLAIM_STATUSES = ['pending', 'held', 'accepted', 'declined'] as const;
export type BingoClaimStatus = (typeof BINGO_CLAIM_STATUSES)[number];

export const BINGO_DECISIONS = ['accept', 'decline', 'hold'] as const;
export type BingoDecision = (typeof BINGO_DECISIONS)[number];

/** A tile for the caller's team: done, a claim waiting (pending or held), or open. Other teams' tiles are only done or open. */
export const BINGO_TILE_STATES = ['done', 'pending', 'held', 'open'] as const;
export type BingoTileState = (typeof BINGO_TILE_STATES)[number];

export const BINGO_TEAM_SPLITS = TEAM_SPLITS;

export const BINGO_CHANGED_MESSAGE = contestChangedMessage('bingo');
export const BINGO_TILE_DONE_MESSAGE = 'Your team has already completed this tile';
export const BINGO_CLAIM_WAITING_MESSAGE = 'A claim of your team for this tile is already waiting for a decision';
/**
 * Claims sent before the end may still be decided after it, until the final table is posted: once
 * none is waiting (pending or held), or at the latest this long after the end.
 */
export const BINGO_REVIEW_HOURS = 48;
export const BINGO_FINAL_POSTED_MESSAGE = "This bingo's final table has been posted; its claims can no longer be decided";

const sizeMessage = `The board must be from ${BINGO_SIZE_MIN}×${BINGO_SIZE_MIN} to ${BINGO_SIZE_MAX}×${BINGO_SIZE_MAX}`;
const boardSize = z.number({ error: sizeMessage }).int(sizeMessage).min(BINGO_SIZE_MIN, sizeMessage).max(BINGO_SIZE_MAX, sizeMessage);

const points = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be 0 or more`)
    .max(max, `${label} must be at most ${max}`);

/**
 * One tile as written by an Administrator. Tiles are given row by row (index = row × size + column).
 * xp: `metric` a skill id (or 'overall') of the clan's game, `goal` experience; kc: `metric` a boss or
 * activity id, `goal` kills or score. task: no metric or goal (the server refuses them).
 */
export const bingoTileInput = z
  .object({
    kind: z.enum(BINGO_TILE_KINDS, { error: "Kind must be 'task', 'xp' or 'kc'" }),
    title: z
      .string({ error: 'Each tile needs a title' })
      .trim()
      .min(1, 'Each tile needs a title')
      .max(BINGO_TILE_TITLE_MAX, `A tile's title must be at most ${BINGO_TILE_TITLE_MAX} characters`),
    description: z
      .string()
      .trim()
      .max(BINGO_TILE_DESCRIPTION_MAX, `A tile's description must be at most ${BINGO_TILE_DESCRIPTION_MAX} characters`)
      .default(''),
    metric: z.string().trim().min(1).max(64).nullish(),
    goal: z
      .number({ error: 'Goal must be a number' })
      .int('Goal must be a whole number')
      .min(1, 'Goal must be at least 1')
      .max(BINGO_GOAL_MAX, `Goal must be at most ${BINGO_GOAL_MAX}`)
      .nullish(),
    points: points('Points', BINGO_TILE_POINTS_MAX),
  })
  .refine((tile) => tile.kind === 'task' || (!!tile.metric && !!tile.goal), {
    path: ['metric'],
    message: 'XP and kill-count tiles need a metric and a goal',
  });
export type BingoTileInput = z.input<typeof bingoTileInput>;
export type BingoTileData = z.output<typeof bingoTileInput>;

/** Bonus points for each complete row, each complete column, each complete diagonal, and the whole board. */
export const bingoBonuses = z.object({
  row: points('Row bonus', BINGO_BONUS_MAX),
  column: points('Column bonus', BINGO_BONUS_MAX),
  diagonal: points('Diagonal bonus', BINGO_BONUS_MAX),
  board: points('Board bonus', BINGO_BONUS_MAX),
});
export type BingoBonuses = z.infer<typeof bingoBonuses>;

const tiles = z
  .array(bingoTileInput)
  .min(BINGO_SIZE_MIN * BINGO_SIZE_MIN, sizeMessage)
  .max(BINGO_SIZE_MAX * BINGO_SIZE_MAX, sizeMessage);

export const bingosQuery = clanContestsQuery;
export type BingosQuery = z.infer<typeof bingosQuery>;

export const bingoQuery = z.object({ groupID: entityId('groupID'), bingoID: entityId('bingoID') });
export type BingoQuery = z.infer<typeof bingoQuery>;

/** deleteBingo. */
export const bingoIdBody = bingoQuery;
export type BingoIdBody = BingoQuery;

/**
 * POST /api/runescape/createBingo (Administrators). The start must be in the future. The board is
 * `size` and `tiles` (size × size, row by row) and `bonuses`, or copied from `copyFromBingoID` (an
 * earlier bingo of the same clan) when that is given and `tiles` is not.
 */
export const createBingoBody = withinContestWindow(
  z.object({
    ...contestCreateFields,
    size: boardSize.optional(),
    tiles: tiles.optional(),
    bonuses: bingoBonuses.optional(),
    copyFromBingoID: entityId('copyFromBingoID').nullish(),
  }),
  'bingo',
)
  .refine((body) => !!body.copyFromBingoID || (body.size !== undefined && body.tiles !== undefined), {
    path: ['tiles'],
    message: 'Fill in the board or copy one from an earlier bingo',
  })
  .refine((body) => body.tiles === undefined || body.size === undefined || body.tiles.length === body.size * body.size, {
    path: ['tiles'],
    message: 'The board needs one tile per square',
  });
export type CreateBingoBody = z.output<typeof createBingoBody>;
export type CreateBingoInput = z.input<typeof createBingoBody>;

/**
 * POST /api/runescape/updateBingo (Administrators): absent fields keep their value. Before the start
 * everything (size and tiles together replace the board); after it only name and endsAt (still after
 * now); a finished one no more.
 */
export const updateBingoBody = z
  .object({
    groupID: entityId('groupID'),
    bingoID: entityId('bingoID'),
    ...contestUpdateFields,
    size: boardSize.optional(),
    tiles: tiles.optional(),
    bonuses: bingoBonuses.optional(),
    /** The bingo's updatedAt when the editor opened it; changed since -> 409 BINGO_CHANGED_MESSAGE. */
    expectedUpdatedAt,
  })
  .refine((body) => (body.size === undefined) === (body.tiles === undefined), {
    path: ['tiles'],
    message: 'Give the board size and its tiles together',
  })
  .refine((body) => body.tiles === undefined || body.size === undefined || body.tiles.length === body.size * body.size, {
    path: ['tiles'],
    message: 'The board needs one tile per square',
  });
export type UpdateBingoBody = z.output<typeof updateBingoBody>;
export type UpdateBingoInput = z.input<typeof updateBingoBody>;

/**
 * POST /api/runescape/setBingoTeams (Administrators, before the start): the teams by hand, or an even
 * split of the clan's members with a linked account by total level or experience.
 */
export const setBingoTeamsBody = setContestTeamsBody({ groupID: entityId('groupID'), bingoID: entityId('bingoID') });
export type SetBingoTeamsBody = z.output<typeof setBingoTeamsBody>;
export type SetBingoTeamsInput = z.input<typeof setBingoTeamsBody>;

/** POST /api/runescape/setBingoModerators (Administrators): the members who may decide claims, besides Administrators. */
export const setBingoModeratorsBody = z.object({
  groupID: entityId('groupID'),
  bingoID: entityId('bingoID'),
  userIDs: z
    .array(entityId('userID'))
    .max(BINGO_MODERATORS_MAX, `At most ${BINGO_MODERATORS_MAX} moderators`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each moderator may be picked once'),
});
export type SetBingoModeratorsBody = z.infer<typeof setBingoModeratorsBody>;

/**
 * POST /api/runescape/claimBingoTile, multipart/form-data: these text fields plus one file field
 * `proof` (PNG, JPEG or WebP, at most BINGO_PROOF_MAX_BYTES). Put the text fields before the file.
 */
export const claimBingoTileFields = z.object({
  groupID: entityId('groupID'),
  bingoID: entityId('bingoID'),
  tileID: entityId('tileID'),
  note: z.string().trim().max(BINGO_NOTE_MAX, `The note must be at most ${BINGO_NOTE_MAX} characters`).default(''),
});
export type ClaimBingoTileFields = z.output<typeof claimBingoTileFields>;

/** GET /api/runescape/getBingoClaims: moderators and Administrators see every team's claims, members their own team's. */
export const bingoClaimsQuery = z.object({
  groupID: entityId('groupID'),
  bingoID: entityId('bingoID'),
  status: z.enum(BINGO_CLAIM_STATUSES).optional(),
});
export type BingoClaimsQuery = z.infer<typeof bingoClaimsQuery>;

/** POST /api/runescape/decideBingoClaim (moderators and Administrators). A decline needs a reason. */
export const decideBingoClaimBody = z
  .object({
    groupID: entityId('groupID'),
    claimID: entityId('claimID'),
    decision: z.enum(BINGO_DECISIONS, { error: "Decision must be 'accept', 'decline' or 'hold'" }),
    reason: z.string().trim().max(BINGO_REASON_MAX, `The reason must be at most ${BINGO_REASON_MAX} characters`).default(''),
  })
  .refine((body) => body.decision !== 'decline' || body.reason.length > 0, { path: ['reason'], message: 'Give a reason for declining' });
export type DecideBingoClaimBody = z.output<typeof decideBingoClaimBody>;
export type DecideBingoClaimInput = z.input<typeof decideBingoClaimBody>;

/** GET /api/runescape/getBingoProof: the stored (re-encoded) screenshot bytes. */
export const bingoProofQuery = z.object({ groupID: entityId('groupID'), claimID: entityId('claimID') });
export type BingoProofQuery = z.infer<typeof bingoProofQuery>;

/** One bingo as listed. Times ISO; updatedAt epoch ms (send it back as expectedUpdatedAt). */
export const bingoSummary = z.object({
  bingoID: z.string(),
  groupID: z.string(),
  name: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  size: z.int(),
  bonuses: bingoBonuses,
  status: z.enum(BINGO_STATUSES),
  /**
   * When the final table was settled (and posted to Discord, where the clan has it): from then on no
   * claim can be decided. null before: up to BINGO_REVIEW_HOURS after the end while claims wait.
   */
  finalAt: z.iso.datetime().nullable(),
  teamCount: z.int(),
  createdBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.int(),
});
export type BingoSummary = z.infer<typeof bingoSummary>;

export const bingosResponse = z.object({
  /** Ongoing first, then upcoming (soonest first), then finished (latest first). */
  bingos: z.array(bingoSummary),
});
export type BingosResponse = z.infer<typeof bingosResponse>;

export const bingoTile = z.object({
  tileID: z.string(),
  /** row × size + column. */
  index: z.int(),
  row: z.int(),
  column: z.int(),
  kind: z.enum(BINGO_TILE_KINDS),
  title: z.string(),
  description: z.string(),
  metric: z.string().nullable(),
  goal: z.int().nullable(),
  points: z.int(),
  /** teamIDs of the teams that have completed this tile. */
  doneBy: z.array(z.string()),
  /** xp and kc tiles: each team's gain since the start (teamID -> sum of its members' known gains); task tiles: {}. */
  progress: z.record(z.string(), z.int()),
  /** The caller's team's state; null when the caller is on no team. */
  state: z.enum(BINGO_TILE_STATES).nullable(),
});
export type BingoTile = z.infer<typeof bingoTile>;

export const bingoTeamMember = z.object({ userID: z.string(), username: z.string(), playerName: z.string().nullable() });
export type BingoTeamMember = z.infer<typeof bingoTeamMember>;

/** A team's line of the points table. */
export const bingoTeam = z.object({
  teamID: z.string(),
  name: z.string(),
  members: z.array(bingoTeamMember),
  /** tilePoints + bonusPoints. */
  points: z.int(),
  tilePoints: z.int(),
  bonusPoints: z.int(),
  doneTiles: z.int(),
  /** Complete rows, columns and diagonals, and whether the whole board is complete. */
  rows: z.int(),
  columns: z.int(),
  diagonals: z.int(),
  board: z.boolean(),
  /** 1 = first; equal points share a rank (1, 1, 3). */
  rank: z.int(),
});
export type BingoTeam = z.infer<typeof bingoTeam>;

export const bingoDetail = z.object({
  bingo: bingoSummary,
  /** Row by row. */
  tiles: z.array(bingoTile),
  /** The points table, rank order. */
  teams: z.array(bingoTeam),
  moderators: z.array(z.object({ userID: z.string(), username: z.string() })),
  viewer: z.object({
    teamID: z.string().nullable(),
    /** Administrator or appointed moderator: may decide claims and see every team's claims. */
    isModerator: z.boolean(),
    /** Administrator: may edit, delete, set teams and moderators. */
    mayManage: z.boolean(),
    /** On a team and the bingo is ongoing. */
    mayClaim: z.boolean(),
  }),
});
export type BingoDetail = z.infer<typeof bingoDetail>;

export const BINGO_CLAIM_DECISIONS = ['held', 'accepted', 'declined'] as const;

/** One decision on a claim, as it was made. */
export const bingoClaimDecision = z.object({
  decision: z.enum(BINGO_CLAIM_DECISIONS),
  /** The decline reason (empty otherwise). */
  reason: z.string(),
  /** Null once the decider's account is deleted. */
  decidedBy: z.string().nullable(),
  /** The decider's name; null as decidedBy is (a former member). */
  decidedByUsername: z.string().nullable(),
  decidedAt: z.iso.datetime(),
});
export type BingoClaimDecision = z.infer<typeof bingoClaimDecision>;

export const bingoClaim = z.object({
  claimID: z.string(),
  bingoID: z.string(),
  tileID: z.string(),
  tileTitle: z.string(),
  teamID: z.string(),
  teamName: z.string(),
  userID: z.string().nullable(),
  username: z.string().nullable(),
  note: z.string(),
  status: z.enum(BINGO_CLAIM_STATUSES),
  /** The decline reason (empty otherwise). */
  reason: z.string(),
  /** Who last decided (accepted, declined or held) it; null while pending or once their account is deleted. */
  decidedBy: z.string().nullable(),
  /** The decider's name; null as decidedBy is (a decided claim with none was decided by a former member). */
  decidedByUsername: z.string().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  /** GET this path (with the bearer header) for the screenshot bytes. */
  proofUrl: z.string(),
  proofType: z.enum(BINGO_PROOF_TYPES),
  proofWidth: z.int(),
  proofHeight: z.int(),
  /** Every decision on it (held, accepted, declined), oldest first; empty while pending and never held. */
  history: z.array(bingoClaimDecision),
});
export type BingoClaim = z.infer<typeof bingoClaim>;

export const bingoClaimsResponse = z.object({
  /** Newest first. */
  claims: z.array(bingoClaim),
});
export type BingoClaimsResponse = z.infer<typeof bingoClaimsResponse>;

export const deleteBingoResponse = z.object({ bingoID: z.string() });
export type DeleteBingoResponse = z.infer<typeof deleteBingoResponse>;
