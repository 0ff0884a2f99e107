import { z } from 'zod';
import { entityId } from '../groups/ids';
import { expectedUpdatedAt } from '../live/expected-version';

/**
 * What a clan's competitions and bingos have in common: a name, a window of time, and teams set by
 * hand or split evenly by level or experience. Each contest's schema file names these in its own words.
 */
export const CLAN_CONTEST_NAME_MAX = 80;
/** The longest a competition or bingo may run. */
export const CLAN_CONTEST_MAX_DAYS = 90;
export const CLAN_CONTEST_TEAMS_MIN = 2;
export const CLAN_CONTEST_TEAMS_MAX = 20;
export const CLAN_CONTEST_TEAM_NAME_MAX = 40;

export const CLAN_CONTEST_STATUSES = ['upcoming', 'ongoing', 'finished'] as const;
export type ClanContestStatus = (typeof CLAN_CONTEST_STATUSES)[number];

export const TEAM_SPLITS = ['level', 'xp'] as const;
export type TeamSplit = (typeof TEAM_SPLITS)[number];

/** The 409 answer to an edit made on a stale copy; `noun` is 'competition' or 'bingo'. */
export const contestChangedMessage = (noun: string) =>
  `This ${noun} was changed by someone else since you opened it. Reload to see their change.`;

/** An instant: any ISO 8601 date-time with Z or an offset, kept as epoch milliseconds. */
export const instant = (label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? `${label} is required` : `${label} must be a date`) })
    .pipe(z.iso.datetime({ offset: true, error: `${label} must be an ISO 8601 date and time` }))
    .transform((value) => Date.parse(value));

export const contestName = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'Name is required' : 'Name must be text') })
  .trim()
  .min(1, 'Name is required')
  .max(CLAN_CONTEST_NAME_MAX, `Name must be at most ${CLAN_CONTEST_NAME_MAX} characters`);

/** A clan's list of competitions or bingos. */
export const clanContestsQuery = z.object({ groupID: entityId('groupID') });

/** What a create body starts with: the clan, the name and the window of time. */
export const contestCreateFields = {
  groupID: entityId('groupID'),
  name: contestName,
  startsAt: instant('Start time'),
  endsAt: instant('End time'),
};

/** The name and window of an update body, each kept when absent. */
export const contestUpdateFields = {
  name: contestName.optional(),
  startsAt: instant('Start time').optional(),
  endsAt: instant('End time').optional(),
};

const MAX_MS = CLAN_CONTEST_MAX_DAYS * 86_400_000;

/** The end after the start, and at most CLAN_CONTEST_MAX_DAYS later; `noun` names the contest in the message. */
export function withinContestWindow<T extends z.ZodType<{ startsAt: number; endsAt: number }>>(schema: T, noun: string): T {
  return schema
    .refine((body) => body.endsAt > body.startsAt, { path: ['endsAt'], message: 'End time must be after the start time' })
    .refine((body) => body.endsAt - body.startsAt <= MAX_MS, {
      path: ['endsAt'],
      message: `A ${noun} may last at most ${CLAN_CONTEST_MAX_DAYS} days`,
    });
}

const teamName = z
  .string({ error: 'Team name is required' })
  .trim()
  .min(1, 'Team name is required')
  .max(CLAN_CONTEST_TEAM_NAME_MAX, `Team name must be at most ${CLAN_CONTEST_TEAM_NAME_MAX} characters`);

const teamCountMessage = `Number of teams must be a whole number from ${CLAN_CONTEST_TEAMS_MIN} to ${CLAN_CONTEST_TEAMS_MAX}`;

/**
 * The body that sets a contest's teams: `ids` (the group and the contest), then either the teams by
 * hand, or an even split into a number of teams by total level or experience.
 */
export const setContestTeamsBody = <Ids extends z.ZodRawShape>(ids: Ids) =>
  z
    .object({
      ...ids,
      teams: z
        .array(z.object({ name: teamName, userIDs: z.array(entityId('userID')).max(500) }))
        .min(CLAN_CONTEST_TEAMS_MIN, teamCountMessage)
        .max(CLAN_CONTEST_TEAMS_MAX, teamCountMessage)
        .refine((teams) => new Set(teams.map((t) => t.name.toLowerCase())).size === teams.length, 'Each team needs its own name')
        .refine((teams) => {
          const ids = teams.flatMap((t) => t.userIDs);
          return new Set(ids).size === ids.length;
        }, 'A member may be in one team only')
        .optional(),
      split: z
        .object({
          teams: z
            .number({ error: teamCountMessage })
            .int(teamCountMessage)
            .min(CLAN_CONTEST_TEAMS_MIN, teamCountMessage)
            .max(CLAN_CONTEST_TEAMS_MAX, teamCountMessage),
          by: z.enum(TEAM_SPLITS, { error: "Split by 'level' or 'xp'" }),
        })
        .optional(),
      expectedUpdatedAt,
    })
    .refine((body: { teams?: unknown; split?: unknown }) => (body.teams === undefined) !== (body.split === undefined), {
      path: ['teams'],
      message: 'Give the teams or a split, not both',
    });
