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
  withinContestWindow,
} from './clan-contest-schemas';
import { clanGameMode } from './rs3';

export { TEAM_SPLITS, type TeamSplit } from './clan-contest-schemas';

export const COMPETITION_NAME_MAX = CLAN_CONTEST_NAME_MAX;
export const COMPETITION_METRICS_MAX = 10;
export const COMPETITION_TEAMS_MIN = CLAN_CONTEST_TEAMS_MIN;
export const COMPETITION_TEAMS_MAX = CLAN_CONTEST_TEAMS_MAX;
export const COMPETITION_TEAM_NAME_MAX = CLAN_CONTEST_TEAM_NAME_MAX;
/** The longest a competition may run. */
export const COMPETITION_MAX_DAYS = CLAN_CONTEST_MAX_DAYS;
/** Participants drawn on the chart. */
export const COMPETITION_CHART_TOP = 10;

export const COMPETITION_STATUSES = CLAN_CONTEST_STATUSES;
export type CompetitionStatus = (typeof COMPETITION_STATUSES)[number];

export const COMPETITION_KINDS = ['classic', 'teams'] as const;
export type CompetitionKind = (typeof COMPETITION_KINDS)[number];

/** everyone: every member with a linked account; join: members who join; event: the attendees (Attending or Late) of an event. */
export const COMPETITION_PARTICIPATIONS = ['everyone', 'join', 'event'] as const;
export type CompetitionParticipation = (typeof COMPETITION_PARTICIPATIONS)[number];

/** A participant's snapshot at a boundary: not yet asked, stored, or not answered by the deadline. */
export const BOUNDARY_SNAPSHOT_STATUSES = ['pending', 'taken', 'failed'] as const;
export type BoundarySnapshotStatus = (typeof BOUNDARY_SNAPSHOT_STATUSES)[number];

export const COMPETITION_CHANGED_MESSAGE = contestChangedMessage('competition');

/** Metric ids of the clan's game (see competitionMetrics); the server refuses ids of the other game. */
const metrics = z
  .array(z.string({ error: 'Each metric must be a metric id' }).trim().min(1, 'Each metric must be a metric id').max(64), {
    error: 'Pick at least one metric',
  })
  .min(1, 'Pick at least one metric')
  .max(COMPETITION_METRICS_MAX, `Pick at most ${COMPETITION_METRICS_MAX} metrics`)
  .refine((ids) => new Set(ids).size === ids.length, 'Each metric may be picked once');

const kind = z.enum(COMPETITION_KINDS, { error: "Kind must be 'classic' or 'teams'" });
const participation = z.enum(COMPETITION_PARTICIPATIONS, { error: "Participation must be 'everyone', 'join' or 'event'" });

export const competitionsQuery = clanContestsQuery;
export type CompetitionsQuery = z.infer<typeof competitionsQuery>;

export const competitionQuery = z.object({ groupID: entityId('groupID'), competitionID: entityId('competitionID') });
export type CompetitionQuery = z.infer<typeof competitionQuery>;

/** deleteCompetition, joinCompetition, leaveCompetition. */
export const competitionIdBody = competitionQuery;
export type CompetitionIdBody = CompetitionQuery;

/** POST /api/runescape/createCompetition (Administrators). The start must be in the future (checked by the server). */
export const createCompetitionBody = withinContestWindow(
  z.object({
    ...contestCreateFields,
    metrics,
    kind: kind.default('classic'),
    participation: participation.default('everyone'),
    /** participation 'event': the event whose attendees take part. */
    eventID: entityId('eventID').nullish(),
  }),
  'competition',
).refine((body) => body.participation !== 'event' || !!body.eventID, {
  path: ['eventID'],
  message: 'Pick the event whose attendees take part',
});
export type CreateCompetitionBody = z.output<typeof createCompetitionBody>;
export type CreateCompetitionInput = z.input<typeof createCompetitionBody>;

/**
 * POST /api/runescape/updateCompetition (Administrators): absent fields keep their value. Before the
 * start everything may change; after it only name and endsAt (still after now); a finished one no more.
 */
export const updateCompetitionBody = z.object({
  groupID: entityId('groupID'),
  competitionID: entityId('competitionID'),
  ...contestUpdateFields,
  metrics: metrics.optional(),
  kind: kind.optional(),
  participation: participation.optional(),
  eventID: entityId('eventID').nullish(),
  /** The competition's updatedAt when the editor opened it; changed since -> 409 COMPETITION_CHANGED_MESSAGE. */
  expectedUpdatedAt,
});
export type UpdateCompetitionBody = z.output<typeof updateCompetitionBody>;
export type UpdateCompetitionInput = z.input<typeof updateCompetitionBody>;

/**
 * POST /api/runescape/setCompetitionTeams (Administrators, teams competitions, before the start):
 * either the teams by hand, or an even split of the current participants by total level or experience.
 */
export const setCompetitionTeamsBody = setContestTeamsBody({ groupID: entityId('groupID'), competitionID: entityId('competitionID') });
export type SetCompetitionTeamsBody = z.output<typeof setCompetitionTeamsBody>;
export type SetCompetitionTeamsInput = z.input<typeof setCompetitionTeamsBody>;

/** One competition as listed. Times ISO; updatedAt epoch ms (send it back as expectedUpdatedAt). */
export const competitionSummary = z.object({
  competitionID: z.string(),
  groupID: z.string(),
  name: z.string(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  metrics: z.array(z.string()),
  kind: z.enum(COMPETITION_KINDS),
  participation: z.enum(COMPETITION_PARTICIPATIONS),
  eventID: z.string().nullable(),
  status: z.enum(COMPETITION_STATUSES),
  participantCount: z.int(),
  teamCount: z.int(),
  createdBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.int(),
});
export type CompetitionSummary = z.infer<typeof competitionSummary>;

export const competitionsResponse = z.object({
  /** Ongoing first, then upcoming (soonest first), then finished (latest first). */
  competitions: z.array(competitionSummary),
});
export type CompetitionsResponse = z.infer<typeof competitionsResponse>;

/** Gained per metric id (experience, kills or score); null = not measurable (a boundary snapshot missing or unranked). */
const gains = z.record(z.string(), z.int().nullable());

export const competitionParticipant = z.object({
  userID: z.string(),
  username: z.string(),
  /** The linked account the competition measures; null when the member has none (no gains). */
  playerName: z.string().nullable(),
  gameMode: clanGameMode.nullable(),
  team: z.string().nullable(),
  gains,
  /** Sum of the known gains across the metrics. */
  total: z.int(),
  /** 1 = first; equal totals share a rank (1, 1, 3). */
  rank: z.int(),
  startSnapshot: z.enum(BOUNDARY_SNAPSHOT_STATUSES),
  endSnapshot: z.enum(BOUNDARY_SNAPSHOT_STATUSES),
});
export type CompetitionParticipant = z.infer<typeof competitionParticipant>;

export const competitionTeam = z.object({
  name: z.string(),
  /** Sum of the members' gains per metric (unknown gains count 0). */
  gains: z.record(z.string(), z.int()),
  total: z.int(),
  rank: z.int(),
  /** userIDs, best first. */
  members: z.array(z.string()),
});
export type CompetitionTeam = z.infer<typeof competitionTeam>;

/** One line of the chart: a participant's total gained at each snapshot taken during the competition. */
export const competitionChartSeries = z.object({
  userID: z.string(),
  username: z.string(),
  playerName: z.string().nullable(),
  points: z.array(z.object({ at: z.iso.datetime(), total: z.int() })),
});
export type CompetitionChartSeries = z.infer<typeof competitionChartSeries>;

/** What an edit can change, in the order an entry of the history lists them. */
export const COMPETITION_CHANGE_FIELDS = ['name', 'startsAt', 'endsAt', 'metrics', 'kind', 'participation', 'eventID'] as const;
export type CompetitionChangeField = (typeof COMPETITION_CHANGE_FIELDS)[number];

const changeOf = <F extends CompetitionChangeField, V extends z.ZodType>(field: F, value: V) =>
  z.object({ field: z.literal(field), before: value, after: value });

/** One field an edit changed, with its value before and after (times ISO, metrics as ids). */
export const competitionChange = z.discriminatedUnion('field', [
  changeOf('name', z.string()),
  changeOf('startsAt', z.iso.datetime()),
  changeOf('endsAt', z.iso.datetime()),
  changeOf('metrics', z.array(z.string())),
  changeOf('kind', z.enum(COMPETITION_KINDS)),
  changeOf('participation', z.enum(COMPETITION_PARTICIPATIONS)),
  /** A change of event also names each event as it was called at the edit; null when none, gone, or not recorded. */
  changeOf('eventID', z.string().nullable()).extend({ beforeName: z.string().nullable(), afterName: z.string().nullable() }),
]);
export type CompetitionChange = z.infer<typeof competitionChange>;

/** The edits of a competition the history keeps at most (the newest). */
export const COMPETITION_HISTORY_MAX = 200;

/** One edit that changed something: when, by whom (null once their account is gone), and what. */
export const competitionHistoryEntry = z.object({
  at: z.iso.datetime(),
  actorID: z.string().nullable(),
  actorUsername: z.string().nullable(),
  changes: z.array(competitionChange),
});
export type CompetitionHistoryEntry = z.infer<typeof competitionHistoryEntry>;

export const competitionDetail = z.object({
  competition: competitionSummary,
  /** Rank order (best first). */
  participants: z.array(competitionParticipant),
  /** Teams competitions: rank order; classic: empty. */
  teams: z.array(competitionTeam),
  /** The top COMPETITION_CHART_TOP participants by total. */
  chart: z.array(competitionChartSeries),
  /** What the caller may do. */
  viewer: z.object({ takesPart: z.boolean(), mayJoin: z.boolean(), mayLeave: z.boolean(), mayManage: z.boolean() }),
  /** Every edit that changed something, newest first (at most COMPETITION_HISTORY_MAX); seen by whoever sees the competition. */
  history: z.array(competitionHistoryEntry),
});
export type CompetitionDetail = z.infer<typeof competitionDetail>;

export const deleteCompetitionResponse = z.object({ competitionID: z.string() });
export type DeleteCompetitionResponse = z.infer<typeof deleteCompetitionResponse>;
