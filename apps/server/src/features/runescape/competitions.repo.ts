import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import type {
  RuneScapeCompetitionChangesTable,
  RuneScapeCompetitionParticipantsTable,
  RuneScapeCompetitionsTable,
} from './competitions.tables';
import './competitions.tables';
import * as contest from './contest.repo';
import './runescape.tables';

export { findLinkedPlayer } from './contest.repo';

export type CompetitionRow = RuneScapeCompetitionsTable;
export type ParticipantRow = RuneScapeCompetitionParticipantsTable;
export type ChangeRow = RuneScapeCompetitionChangesTable;

/** A participant with their name, the account measured and its latest snapshot. */
export type ParticipantViewRow = ParticipantRow & contest.LinkedPlayerView;

/** A member who would take part (linked account, and for an event its attendee), with their latest snapshot. */
export interface EligibleRow {
  user_id: string;
  username: string;
  player_id: string;
  player_name: string;
  game_mode: string;
  latest_data: string | null;
  latest_taken_at: number | null;
}

export const insertCompetition = (db: Db, row: CompetitionRow) => contest.insertContest(db, 'runescape_competitions', row);
export const findCompetition = (db: Db, id: string) => contest.findContest(db, 'runescape_competitions', id);
/** Takes the competition's row lock inside a transaction. */
export const lockCompetition = (db: Db, id: string) => contest.lockContest(db, 'runescape_competitions', id);
export const updateCompetition = (db: Db, id: string, fields: Partial<CompetitionRow>) =>
  contest.updateContest(db, 'runescape_competitions', id, fields);
export const deleteCompetition = (db: Db, id: string) => contest.deleteContest(db, 'runescape_competitions', id);

/** The clan's competitions with how many participant rows and distinct teams each has: one query (each count a seek on the key). */
export const listCompetitions = (db: Db, groupId: string) =>
  db
    .selectFrom('runescape_competitions as c')
    .selectAll('c')
    .select((eb) => [
      eb
        .selectFrom('runescape_competition_participants as p')
        .select((s) => s.fn.countAll<number>().as('n'))
        .whereRef('p.competition_id', '=', 'c.id')
        .as('row_count'),
      eb
        .selectFrom('runescape_competition_participants as t')
        .select((s) => s.fn.count<number>('t.team').distinct().as('n'))
        .whereRef('t.competition_id', '=', 'c.id')
        .as('team_count'),
    ])
    .where('c.group_id', '=', groupId)
    .orderBy('c.starts_at', 'desc')
    .execute();

/** The competition's participant rows, with names, accounts and latest snapshots: one query. */
export const listParticipants = (db: Db, competitionId: string): Promise<ParticipantViewRow[]> =>
  db
    .selectFrom('runescape_competition_participants as p')
    .innerJoin('users', 'users.id', 'p.user_id')
    .leftJoin('runescape_players', 'runescape_players.id', 'p.player_id')
    .leftJoin('runescape_snapshots', 'runescape_snapshots.id', 'runescape_players.latest_snapshot_id')
    .selectAll('p')
    .select(contest.linkedPlayerColumns)
    .where('p.competition_id', '=', competitionId)
    .orderBy('users.username')
    .execute();

/**
 * Current members of the clan with a linked account (and, with `eventId`, a seat at that event:
 * Attending or Late), with their latest snapshots: who an 'everyone' or 'event' competition measures.
 */
export function listEligible(db: Db, groupId: string, eventId: string | null): Promise<EligibleRow[]> {
  let query = contest
    .clanLinks(db, groupId)
    .innerJoin('users', 'users.id', 'runescape_accounts.user_id')
    .innerJoin('runescape_players', 'runescape_players.id', 'runescape_accounts.player_id')
    .leftJoin('runescape_snapshots', 'runescape_snapshots.id', 'runescape_players.latest_snapshot_id')
    .select([
      'runescape_accounts.user_id',
      'users.username',
      'runescape_accounts.player_id',
      'runescape_players.player_name',
      'runescape_players.game_mode',
      'runescape_snapshots.data as latest_data',
      'runescape_snapshots.taken_at as latest_taken_at',
    ]);
  if (eventId !== null) {
    query = query.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('event_attendees')
          .select(sql.lit(1).as('one'))
          .where('event_attendees.event_id', '=', eventId)
          .whereRef('event_attendees.user_id', '=', 'runescape_accounts.user_id'),
      ),
    );
  }
  return query.orderBy('users.username').execute();
}

/** How many an 'everyone' competition would measure now, and per event how many an 'event' one would: one query each. */
export async function countEligible(db: Db, groupId: string): Promise<{ everyone: number; byEvent: Map<string, number> }> {
  const base = contest.clanLinks(db, groupId);
  const [everyone, events] = await Promise.all([
    base.select((s) => s.fn.countAll<number>().as('n')).executeTakeFirst(),
    base
      .innerJoin('event_attendees', 'event_attendees.user_id', 'runescape_accounts.user_id')
      .innerJoin('events', 'events.id', 'event_attendees.event_id')
      .where('events.group_id', '=', groupId)
      .select(['event_attendees.event_id', (s) => s.fn.countAll<number>().as('n')])
      .groupBy('event_attendees.event_id')
      .execute(),
  ]);
  return { everyone: Number(everyone?.n ?? 0), byEvent: new Map(events.map((row) => [row.event_id, Number(row.n)])) };
}

export const findParticipant = (db: Db, competitionId: string, userId: string): Promise<ParticipantRow | undefined> =>
  db
    .selectFrom('runescape_competition_participants')
    .selectAll()
    .where('competition_id', '=', competitionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

export const newParticipant = (
  competitionId: string,
  userId: string,
  playerId: string | null,
  team: string | null,
  now: number,
): ParticipantRow => ({
  competition_id: competitionId,
  user_id: userId,
  player_id: playerId,
  team,
  joined_at: now,
  start_status: 'pending',
  start_attempts: 0,
  start_next_at: 0,
  start_taken_at: null,
  start_values: null,
  end_status: 'pending',
  end_attempts: 0,
  end_next_at: 0,
  end_taken_at: null,
  end_values: null,
});

/** Another participant of the competition measured on this account, if any (an account counts once). */
export const findOtherParticipantOfPlayer = (
  db: Db,
  competitionId: string,
  playerId: string,
  userId: string,
): Promise<{ user_id: string } | undefined> =>
  db
    .selectFrom('runescape_competition_participants')
    .select('user_id')
    .where('competition_id', '=', competitionId)
    .where('player_id', '=', playerId)
    .where('user_id', '!=', userId)
    .executeTakeFirst();

/** Adds the participant; an existing row is left as it is. */
export async function insertParticipant(db: Db, row: ParticipantRow): Promise<void> {
  await db
    .insertInto('runescape_competition_participants')
    .values(row)
    .onConflict((oc) => oc.columns(['competition_id', 'user_id']).doNothing())
    .execute();
}

export async function deleteParticipant(db: Db, competitionId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('runescape_competition_participants')
    .where('competition_id', '=', competitionId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteParticipantsExcept(db: Db, competitionId: string, keep: readonly string[]): Promise<void> {
  let query = db.deleteFrom('runescape_competition_participants').where('competition_id', '=', competitionId);
  if (keep.length > 0) query = query.where('user_id', 'not in', keep);
  await query.execute();
}

export async function updateParticipant(db: Db, competitionId: string, userId: string, fields: Partial<ParticipantRow>): Promise<void> {
  await db
    .updateTable('runescape_competition_participants')
    .set(fields)
    .where('competition_id', '=', competitionId)
    .where('user_id', '=', userId)
    .execute();
}

export async function clearTeams(db: Db, competitionId: string): Promise<void> {
  await db.updateTable('runescape_competition_participants').set({ team: null }).where('competition_id', '=', competitionId).execute();
}

/** Started competitions with something left to do, the oldest first. */
export const listOpen = (db: Db, now: number, limit: number) => contest.listOpenContests(db, 'runescape_competitions', now, limit);

/** Participants whose snapshot at this boundary is still pending and due now. */
export const listDueAtBoundary = (
  db: Db,
  competitionId: string,
  boundary: 'start' | 'end',
  now: number,
): Promise<(ParticipantRow & { player_name: string | null; game_mode: string | null })[]> =>
  db
    .selectFrom('runescape_competition_participants as p')
    .leftJoin('runescape_players', 'runescape_players.id', 'p.player_id')
    .selectAll('p')
    .select(['runescape_players.player_name', 'runescape_players.game_mode'])
    .where('p.competition_id', '=', competitionId)
    .where(boundary === 'start' ? 'p.start_status' : 'p.end_status', '=', 'pending')
    .where(boundary === 'start' ? 'p.start_next_at' : 'p.end_next_at', '<=', now)
    .execute();

/** The clan's name and game. */
export const findGroup = (db: Db, groupId: string) =>
  db.selectFrom('groups').select(['group_name', 'game_name']).where('id', '=', groupId).executeTakeFirst();

export async function countPendingAtBoundary(db: Db, competitionId: string, boundary: 'start' | 'end'): Promise<number> {
  const row = await db
    .selectFrom('runescape_competition_participants')
    .select((s) => s.fn.countAll<number>().as('n'))
    .where('competition_id', '=', competitionId)
    .where(boundary === 'start' ? 'start_status' : 'end_status', '=', 'pending')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Records a boundary snapshot or failure, only while it is still pending: a pass that lost its lease
 * midway cannot overwrite what the new holder recorded. True when the row changed.
 */
export async function settleBoundary(
  db: Db,
  competitionId: string,
  userId: string,
  boundary: contest.Boundary,
  fields: contest.BoundaryFields,
): Promise<boolean> {
  const result = await db
    .updateTable('runescape_competition_participants')
    .set(contest.boundaryColumns(boundary, fields))
    .where('competition_id', '=', competitionId)
    .where('user_id', '=', userId)
    .where(boundary === 'start' ? 'start_status' : 'end_status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sets a column of the competition that is still null; true for the one caller that set it. */
export const markOnce = (db: Db, id: string, column: contest.OnceColumns['runescape_competitions'], now: number) =>
  contest.markContestOnce(db, 'runescape_competitions', id, column, now);

/**
 * Snapshots of players taken in a window, thinned for the chart: the window is cut into `buckets`
 * equal slices and only each player's last snapshot in each slice is kept, so at most `buckets`
 * rows per player are read in full and sent, however long the competition. One query: the slices
 * are grouped on the (player_id, taken_at) index alone, and only the kept rows are fetched.
 */
export function listSnapshotsOfPlayers(db: Db, playerIds: readonly string[], from: number, to: number, buckets: number) {
  if (playerIds.length === 0) return Promise.resolve([]);
  const width = Math.max(1, Math.ceil((to - from + 1) / buckets));
  // Integer division on both engines; the cast keeps it whole where a parameter is bound as a real.
  const slice = sql`cast((${sql.ref('last.taken_at')} - ${from}) / ${width} as integer)`;
  return db
    .selectFrom('runescape_snapshots as s')
    .select(['s.player_id', 's.taken_at', 's.data'])
    .where(({ eb, refTuple, selectFrom }) =>
      eb(
        refTuple('s.player_id', 's.taken_at'),
        'in',
        selectFrom('runescape_snapshots as last')
          .select(['last.player_id', (e) => e.fn.max('last.taken_at').as('taken_at')])
          .where('last.player_id', 'in', playerIds)
          .where('last.taken_at', '>=', from)
          .where('last.taken_at', '<=', to)
          .groupBy(['last.player_id', slice])
          .$asTuple('player_id', 'taken_at'),
      ),
    )
    .orderBy('s.player_id')
    .orderBy('s.taken_at')
    .execute();
}

/** The event, if it is one of the clan's. */
export const findEventOfGroup = (db: Db, groupId: string, eventId: string) =>
  db.selectFrom('events').select(['id', 'event_name']).where('id', '=', eventId).where('group_id', '=', groupId).executeTakeFirst();

/** Claims the competition's refresh (the one caller that moves `refreshed_at` from `previous` to `now`). */
export const markRefreshed = (db: Db, id: string, previous: number | null, now: number) =>
  contest.markContestRefreshed(db, 'runescape_competitions', id, previous, now);

/** The clans with a running competition the player takes part in: their standings move with each new snapshot. */
export const listGroupsRacingPlayer = async (db: Db, playerId: string, now: number): Promise<string[]> =>
  (
    await db
      .selectFrom('runescape_competition_participants as p')
      .innerJoin('runescape_competitions as c', 'c.id', 'p.competition_id')
      .select('c.group_id')
      .distinct()
      .where('p.player_id', '=', playerId)
      .where('c.starts_at', '<=', now)
      .where('c.ends_at', '>', now)
      .execute()
  ).map((row) => row.group_id);

export async function insertChange(db: Db, row: ChangeRow): Promise<void> {
  await db.insertInto('runescape_competition_changes').values(row).execute();
}

/** The competition's latest `limit` edits, newest first, with the editors' names (none once an account is gone): one query. */
export const listChanges = (db: Db, competitionId: string, limit: number) =>
  db
    .selectFrom('runescape_competition_changes as h')
    .leftJoin('users', 'users.id', 'h.actor_id')
    .select(['h.id', 'h.actor_id', 'h.changed_at', 'h.changes', 'users.username'])
    .where('h.competition_id', '=', competitionId)
    .orderBy('h.changed_at', 'desc')
    .orderBy('h.id', 'desc')
    .limit(limit)
    .execute();
