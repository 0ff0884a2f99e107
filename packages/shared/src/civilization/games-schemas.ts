import { z } from 'zod';
import { entityId } from '../groups/ids';
import { SETTING_TYPES } from './catalogue-types';
import { leaderBanDto, settingPreferenceDto } from './schemas';

/** Spec 5: the victory types a declared winner can have; rankings count wins by each. */
export const VICTORY_TYPES = ['Science', 'Culture', 'Domination', 'Religion', 'Diplomatic', 'Territorial', 'Score'] as const;
export type VictoryType = (typeof VICTORY_TYPES)[number];
export const GAME_TYPES = ['ffa', 'team'] as const;
export type GameType = (typeof GAME_TYPES)[number];
/** Spec 9: the active games table shows 10 per page. */
export const GAMES_PAGE_SIZE = 10;
export const GAME_NAME_MAX = 100;
export const LOBBY_LINK_MAX = 500;
export const COMMENT_MAX = 2000;
export const NOTES_MAX = 10_000;
/** Spec 4: player relationship values in Game Notes. */
export const PLAYER_RELATIONSHIPS = [
  'Friends Forever',
  'Allies',
  'Friendly',
  'Neutral',
  'Suspicious',
  'Seeking Revenge',
  'Mortal Enemies',
] as const;
export type PlayerRelationship = (typeof PLAYER_RELATIONSHIPS)[number];
/** Columns the games tables filter on, with 'Is' (exact) or 'Includes' (contains). */
export const GAME_FILTER_FIELDS = ['gameName', 'host', 'map', 'member', 'victoryType', 'winner'] as const;
export const FILTER_TYPES = ['is', 'includes'] as const;

const oneOf = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: `${label} must be one of ${values.join(', ')}` });

export const victoryType = oneOf('victoryType', VICTORY_TYPES);
export const gameType = oneOf('gameType', GAME_TYPES);

export const civChoiceDto = leaderBanDto;
export type CivChoiceDto = z.infer<typeof civChoiceDto>;

export const gameMemberDto = z.object({
  userID: z.string(),
  username: z.string(),
  isActive: z.boolean(),
  team: z.number().int().nullable(),
  civChoices: z.array(civChoiceDto),
  /** Anonymous mode: true when this member's choices are withheld from the viewer until the game is finished. */
  civChoicesHidden: z.boolean(),
  /** The leader the member played (withheld like civChoices); null when not recorded. */
  civPlayed: civChoiceDto.nullable(),
  /** The finishing place of the member's side (1 = winner; ties share a place); null until finished. */
  placement: z.number().int().nullable(),
  /** The order in which players were eliminated (1 = first out); null while active or never recorded. */
  eliminationStep: z.number().int().nullable(),
  /** What this game did to the member's rating (openskill ordinal), once it is finished and counted. */
  ratingChange: z.object({ before: z.number(), after: z.number(), delta: z.number() }).nullable(),
});
export type GameMemberDto = z.infer<typeof gameMemberDto>;

const gameSettingsDto = z.object(
  Object.fromEntries(SETTING_TYPES.map((t) => [t, z.array(settingPreferenceDto)])) as Record<
    (typeof SETTING_TYPES)[number],
    z.ZodArray<typeof settingPreferenceDto>
  >,
);

/** A Civilization game (spec 3). winner: the userID in ffa games, the team number in team games. Dates are ISO instants. */
export const gameDto = z.object({
  _id: z.string(),
  groupID: z.string(),
  gameName: z.string(),
  /** Who hosts the lobby: when they are eliminated it passes to the first active player (spec 4). */
  host: z.string().nullable(),
  /**
   * Who records the results (finishes, reopens, corrects them): the host a manager chose, at creation
   * or by naming a host in updateGame. An elimination passes the lobby on, not this.
   */
  chosenHost: z.string().nullable(),
  lobbyLink: z.string(),
  gameType,
  winner: z.union([z.string(), z.number()]).nullable(),
  victoryType: victoryType.nullable(),
  map: z.string().nullable(),
  bannedLeaders: z.array(leaderBanDto),
  dateCreated: z.string(),
  dateFinished: z.string().nullable(),
  isFinished: z.boolean(),
  anonymousMode: z.boolean(),
  draftMode: z.boolean(),
  numCiv: z.number().int(),
  settings: gameSettingsDto,
  eventID: z.string().nullable(),
  createdBy: z.string(),
  members: z.array(gameMemberDto),
  /** Set while the game is deleted (only Administrators can still open it, to restore it). */
  dateDeleted: z.string().nullable().optional(),
  /** Pending proposed result changes. */
  pendingProposals: z.number().int().optional(),
  /**
   * The version of the result: raised by every change of what every member sees of it (eliminations,
   * teams, type, host, winner, victory type, placements, finishing, reopening). A result dialog sends
   * the one it opened with back as expectedResultVersion.
   */
  resultVersion: z.number().int().optional(),
  /** What the viewer may do to this game (the shared game policy). */
  permissions: z
    .object({
      role: z.enum(['manager', 'player', 'reader', 'outsider']),
      changeResult: z.boolean(),
      editDetails: z.boolean(),
      proposeChange: z.boolean(),
      decideProposal: z.boolean(),
      voteProposal: z.boolean(),
      deleteGame: z.boolean(),
      restoreGame: z.boolean(),
    })
    .optional(),
});
export type GameDto = z.infer<typeof gameDto>;

export const gamesPageDto = z.object({
  games: z.array(gameDto),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type GamesPageDto = z.infer<typeof gamesPageDto>;

export const gameIdQuery = z.object({ gameID: entityId('gameID') });

/** GET getActiveGames and getFinishedGames: one page, newest first, optionally filtered on a column. */
export const gamesListQuery = z.object({
  groupID: entityId('groupID'),
  gameType: gameType.optional(),
  page: z.coerce
    .number({ error: 'page must be a whole number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(100_000)
    .default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize must be at most 100').default(GAMES_PAGE_SIZE),
  filterField: oneOf('filterField', GAME_FILTER_FIELDS).optional(),
  filterType: oneOf('filterType', FILTER_TYPES).default('includes'),
  filterValue: z.string().trim().max(100, 'filterValue must be at most 100 characters').optional(),
});
export type GamesListQuery = z.infer<typeof gamesListQuery>;

const gameName = z
  .string({ error: 'Game name is required' })
  .trim()
  .min(1, 'Game name is required')
  .max(GAME_NAME_MAX, `Game name must be at most ${GAME_NAME_MAX} characters`);
const lobbyLink = z
  .string({ error: 'Lobby link must be text' })
  .trim()
  .max(LOBBY_LINK_MAX, `Lobby link must be at most ${LOBBY_LINK_MAX} characters`);
const civId = z.union([z.string(), z.object({ civID: z.string() }).transform((c) => c.civID)], {
  error: 'civChoices must be leader civIDs',
});
const team = z
  .number({ error: 'team must be a whole number from 1 to 12' })
  .int('team must be a whole number from 1 to 12')
  .min(1, 'team must be a whole number from 1 to 12')
  .max(12, 'team must be a whole number from 1 to 12');

const createMember = z.object({
  userID: entityId('userID'),
  team: team.nullable().optional(),
  civChoices: z.array(civId).max(5, 'A player has at most 5 civ choices').default([]),
});
const settingsInput = z
  .object(
    Object.fromEntries(
      SETTING_TYPES.map((t) => [
        t,
        z
          .array(z.object({ title: z.string().max(100), value: z.union([z.string().max(100), z.number()]) }))
          .max(100)
          .optional(),
      ]),
    ),
  )
  .partial()
  .optional();

/** POST /api/civilization/createGame. The server re-checks the draft against every rule and the stored bans. */
export const createGameBody = z.object({
  groupID: entityId('groupID'),
  /**
   * The server's draft (POST /api/civilization/draftGame). A drafted game (draftMode) takes its
   * players, teams, civ choices, bans, map and settings from it; hands sent by a client are not trusted.
   */
  draftID: entityId('draftID').optional(),
  gameName,
  members: z
    .array(createMember, { error: 'members must be a list' })
    .min(1, 'Choose at least one member')
    .max(12, 'A game has at most 12 members'),
  host: entityId('host').optional(),
  gameType,
  anonymousMode: z.boolean().default(false),
  draftMode: z.boolean().default(true),
  numCiv: z.coerce
    .number({ error: 'numCiv must be a whole number from 1 to 5' })
    .int('numCiv must be a whole number from 1 to 5')
    .min(1, 'numCiv must be a whole number from 1 to 5')
    .max(5, 'numCiv must be a whole number from 1 to 5')
    .default(5),
  freeBans: z.coerce
    .number()
    .int('freeBans must be a whole number from 1 to 5')
    .min(1, 'freeBans must be a whole number from 1 to 5')
    .max(5, 'freeBans must be a whole number from 1 to 5')
    .default(1),
  bansRemovePicks: z.boolean().default(false),
  /** The drafted map's name (or the draft's map object). */
  map: z
    .union([z.string(), z.object({ name: z.string() }).transform((m) => m.name)], { error: 'map must be a map name' })
    .pipe(z.string().trim().max(100, 'map is not a known map'))
    .nullable()
    .optional(),
  bannedLeaders: z.array(z.unknown()).max(400).optional(),
  settings: settingsInput,
  lobbyLink: lobbyLink.default(''),
  /**
   * Drafting from an event: the event is marked drafted; a redraft replaces its earlier game only
   * while nobody has started recording it, unless keepEarlier adds the new game beside it.
   */
  eventID: entityId('eventID').optional(),
  keepEarlier: z.boolean().default(false),
});
export type CreateGameBody = z.infer<typeof createGameBody>;

/**
 * The game's resultVersion when the dialog opened. When sent and no longer the stored one, nothing is
 * saved and the answer is 409 RESULT_CHANGED_MESSAGE; when absent, the change is made as before.
 */
export const expectedResultVersion = z
  .number({ error: 'expectedResultVersion must be a whole number' })
  .int('expectedResultVersion must be a whole number')
  .nonnegative('expectedResultVersion must be a whole number')
  .optional();

/** POST /api/civilization/updateGame. Members are the game's own (their isActive and team may change). */
export const updateGameBody = z.object({
  gameID: entityId('gameID'),
  gameName: gameName.optional(),
  members: z
    .array(
      z.object({
        userID: entityId('userID'),
        isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
        team: team.nullable().optional(),
        /** The leader this member played (a civID, one of their civ choices when they have any). */
        civPlayed: z.string().max(64).nullable().optional(),
      }),
    )
    .max(12)
    .refine((members) => new Set(members.map((m) => m.userID)).size === members.length, 'Each member can be changed once per edit')
    .optional(),
  /**
   * The finishing order of a finished game: each player (userID, free-for-all) or team (team game)
   * once with its place; equal places are ties. Only sides eliminated together may be reordered.
   */
  placements: z
    .array(
      z.object({
        userID: entityId('userID').optional(),
        team: team.optional(),
        placement: z.number({ error: 'placement must be a whole number from 1 to 12' }).int().min(1).max(12),
      }),
    )
    .max(12)
    .optional(),
  host: entityId('host').nullable().optional(),
  gameType: gameType.optional(),
  winner: z
    .union([z.string().max(64), z.number().int()])
    .nullable()
    .optional(),
  victoryType: victoryType.nullable().optional(),
  lobbyLink: lobbyLink.optional(),
  expectedResultVersion,
});
export type UpdateGameBody = z.infer<typeof updateGameBody>;

export const rankingRowDto = z.object({
  userID: z.string(),
  username: z.string(),
  gamesPlayed: z.number().int(),
  score: z.number().int(),
  science: z.number().int(),
  diplomatic: z.number().int(),
  domination: z.number().int(),
  religion: z.number().int(),
  culture: z.number().int(),
  territorial: z.number().int(),
  total: z.number().int(),
  /** Weng-Lin (openskill) rating: ordinal = mu - 3 sigma. */
  rating: z.object({ mu: z.number(), sigma: z.number(), ordinal: z.number() }),
  /** Mean finishing place over the counted games. */
  averagePlacement: z.number().nullable().optional(),
});
export type RankingRowDto = z.infer<typeof rankingRowDto>;
/** season: 'all' for all time, or a season's id; absent: the current season when the group has one, else all time. */
export const rankingsQuery = z.object({ groupID: entityId('groupID'), gameType, season: entityId('season').optional() });
export const rankingsResponse = z.array(rankingRowDto);

// ---- Comments and notes ---------------------------------------------------------------------

export const commentDto = z.object({
  _id: z.string(),
  comment: z.string(),
  username: z.string(),
  userID: z.string(),
  groupID: z.string(),
  gameID: z.string(),
  date: z.string(),
  /** When its author last changed it, if ever. */
  editedAt: z.string().optional(),
});
export type CommentDto = z.infer<typeof commentDto>;
export const commentsResponse = z.array(commentDto);
export const commentsParams = z.object({ gameID: entityId('gameID'), groupID: entityId('groupID') });

/** How many comments one page of a game's comments holds unless asked for fewer. */
export const COMMENTS_PAGE = 50;
/** ?limit=&before=: a page of comments, newest first; `before` is the oldest comment already shown. */
export const commentsQuery = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(100, 'limit must be at most 100')
    .optional(),
  before: entityId('before').optional(),
});
export type CommentsQuery = z.infer<typeof commentsQuery>;

const commentText = z
  .string({ error: 'Comment field is required' })
  .trim()
  .min(1, 'Comment field is required')
  .max(COMMENT_MAX, `Comment must be at most ${COMMENT_MAX} characters`);

/** POST /api/comments/updateComment: the author changes their own comment. */
export const updateCommentBody = z.object({ commentID: entityId('commentID'), groupID: entityId('groupID'), comment: commentText });
export type UpdateCommentBody = z.infer<typeof updateCommentBody>;

/** POST /api/comments/deleteComment and restoreComment. */
export const commentRefBody = z.object({ commentID: entityId('commentID'), groupID: entityId('groupID') });
export type CommentRefBody = z.infer<typeof commentRefBody>;

export const COMMENT_NOT_FOUND_MESSAGE = 'Comment not found';
export const COMMENT_LIMIT_MESSAGE = 'You are commenting too fast: wait a moment and try again';

/** POST /api/comments/postComment. username and date come from the account and the clock. */
export const postCommentBody = z.object({
  comment: commentText,
  username: z.string().optional(),
  userID: entityId('userID'),
  groupID: entityId('groupID'),
  gameID: entityId('gameID'),
  date: z.unknown().optional(),
});
export type PostCommentBody = z.infer<typeof postCommentBody>;

export const playerRelationshipDto = z.object({
  userID: z.string(),
  username: z.string(),
  relationship: oneOf('relationship', PLAYER_RELATIONSHIPS),
});
export const notesDto = z.object({
  userID: z.string(),
  groupID: z.string(),
  gameID: z.string(),
  notes: z.string(),
  /** When the notes were last saved (epoch ms); null before the first save. Sent back as expectedUpdatedAt. */
  updatedAt: z.number().nullable(),
  playerRelationships: z.array(playerRelationshipDto),
});
export type NotesDto = z.infer<typeof notesDto>;
/** A save over notes saved meanwhile (in another tab or window) is refused with this. */
export const NOTES_CHANGED_MESSAGE = 'Notes were changed since you opened them. Reload to see the newer notes.';
/** A result change sent from a dialog opened before someone else changed the result is refused with this. */
export const RESULT_CHANGED_MESSAGE = "This game's result was changed since you opened it. Reload to see the newer result.";
/** decideGameProposal accepting a correction proposed before the result last changed: 409, and the proposal is superseded. */
export const PROPOSAL_SUPERSEDED_MESSAGE =
  "This game's result was changed since this correction was proposed, so it can no longer be accepted: it is marked superseded. Propose it again if it still applies.";
export const notesParams = z.object({ userID: entityId('userID'), groupID: entityId('groupID'), gameID: entityId('gameID') });
export const postUserNotesBody = z.object({
  userID: entityId('userID'),
  groupID: entityId('groupID'),
  gameID: entityId('gameID'),
  notes: z.string({ error: 'notes must be text' }).max(NOTES_MAX, `Notes must be at most ${NOTES_MAX} characters`),
  /**
   * The updatedAt of the notes the editor opened (null: opened before any save). When sent and no
   * longer the stored one, nothing is saved and the answer is 409 NOTES_CHANGED_MESSAGE.
   */
  expectedUpdatedAt: z
    .number({ error: 'expectedUpdatedAt must be a time in epoch ms' })
    .int('expectedUpdatedAt must be a time in epoch ms')
    .nonnegative('expectedUpdatedAt must be a time in epoch ms')
    .nullable()
    .optional(),
});
export type PostUserNotesBody = z.infer<typeof postUserNotesBody>;
export const postPlayerRelationshipBody = z.object({
  userID: entityId('userID'),
  username: z.string().optional(),
  relationship: oneOf('relationship', PLAYER_RELATIONSHIPS),
});
export type PostPlayerRelationshipBody = z.infer<typeof postPlayerRelationshipBody>;
