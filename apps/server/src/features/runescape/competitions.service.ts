import { competitionGameOf, competitionMetric } from '@smm/shared/runescape/competition-metrics';
import {
  COMPETITION_CHANGED_MESSAGE,
  COMPETITION_MAX_DAYS,
  type CompetitionDetail,
  type CompetitionIdBody,
  type CompetitionQuery,
  type CompetitionsQuery,
  type CompetitionsResponse,
  type CreateCompetitionBody,
  type DeleteCompetitionResponse,
  type SetCompetitionTeamsBody,
  type UpdateCompetitionBody,
} from '@smm/shared/runescape/competition-schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { badRequest, conflict, invalid } from '../../errors';
import { newId } from '../../lib/ids';
import type { GroupAccess } from '../groups/group-access';
import { publishAfter, type GroupChanges } from '../live/group-changes';
import type { Throttle } from '../throttle/throttle.service';
import { clanAccess, competitionOfGroup } from './competitions.access';
import { competitionDetail, loadParticipants } from './competitions.detail';
import { changesOf, withEventNames, type EventNames } from './competitions.history';
import { toSummary } from './competitions.mapper';
import * as repo from './competitions.repo';
import { splitByOverall } from './competitions.standings';
import { parseSnapshot } from './snapshots';

const DAY = 86_400_000;
const MAX_MS = COMPETITION_MAX_DAYS * DAY;
/** Competitions an Administrator may create in an hour: enough for a season, not for a script. */
const CREATE_LIMIT = { max: 30, windowMs: 60 * 60_000 };
const CREATE_LIMIT_MESSAGE = 'You have created many competitions in a short time. Please wait a while before creating more.';

interface Deps {
  db: Db;
  clock: Clock;
  changes: GroupChanges;
  throttle: Throttle;
}

/** RuneScape clan competitions: Administrators create, edit and delete them and set their teams; everyone sees the standings. */
export function createCompetitionsService({ db, clock, changes, throttle }: Deps) {
  function assertMetrics(access: GroupAccess, ids: readonly string[]) {
    const game = competitionGameOf(access.group.game_name);
    const unknown = ids.filter((id) => !competitionMetric(game, id));
    if (unknown.length > 0) {
      const message = `Unknown metric${unknown.length > 1 ? 's' : ''} for ${access.group.game_name}: ${unknown.join(', ')}`;
      throw invalid({ metrics: message }, message);
    }
  }

  async function assertEvent(tx: Db, groupID: string, eventID: string | null | undefined) {
    if (!eventID) throw invalid({ eventID: 'Pick the event whose attendees take part' }, 'Pick the event whose attendees take part');
    if (!(await repo.findEventOfGroup(tx, groupID, eventID)))
      throw invalid({ eventID: 'Event not found in this clan' }, 'Event not found in this clan');
  }

  /** The names of the events an edit moves the competition between, as they are at the edit: two reads at most. */
  async function eventNames(tx: Db, before: repo.CompetitionRow, after: repo.CompetitionRow): Promise<EventNames> {
    const nameOf = async (eventId: string | null) =>
      eventId === null ? null : ((await repo.findEventOfGroup(tx, before.group_id, eventId))?.event_name ?? null);
    return { before: await nameOf(before.event_id), after: await nameOf(after.event_id) };
  }

  /** The next version stamp: the clock, or one past the last stamp when the clock has not moved. */
  const nextVersion = (row: repo.CompetitionRow) => Math.max(clock.now(), row.updated_at + 1);

  function assertExpected(row: repo.CompetitionRow, expected: number | undefined) {
    if (expected !== undefined && expected !== row.updated_at) throw conflict(COMPETITION_CHANGED_MESSAGE);
  }

  return {
    /** The clan's competitions, ongoing first, then upcoming (soonest first), then finished (latest first). */
    async getCompetitions(actor: UserDto, { groupID }: CompetitionsQuery): Promise<CompetitionsResponse> {
      await clanAccess(db, actor, groupID, 'viewCompetitions');
      const now = clock.now();
      const rows = await repo.listCompetitions(db, groupID);
      const needsEligible = rows.some((r) => r.participants_fixed_at === null && r.participation !== 'join');
      const eligible = needsEligible ? await repo.countEligible(db, groupID) : { everyone: 0, byEvent: new Map<string, number>() };
      const order = { ongoing: 0, upcoming: 1, finished: 2 } as const;
      const competitions = rows.map((r) => {
        let participants = Number(r.row_count ?? 0);
        if (r.participants_fixed_at === null && r.participation === 'everyone') participants = eligible.everyone;
        if (r.participants_fixed_at === null && r.participation === 'event')
          participants = r.event_id ? (eligible.byEvent.get(r.event_id) ?? 0) : 0;
        return { row: r, summary: toSummary(r, now, { participants, teams: r.kind === 'teams' ? Number(r.team_count ?? 0) : 0 }) };
      });
      competitions.sort((a, b) => {
        const byStatus = order[a.summary.status] - order[b.summary.status];
        if (byStatus !== 0) return byStatus;
        if (a.summary.status === 'upcoming') return a.row.starts_at - b.row.starts_at;
        if (a.summary.status === 'finished') return b.row.ends_at - a.row.ends_at;
        return a.row.ends_at - b.row.ends_at;
      });
      return { competitions: competitions.map(({ summary }) => summary) };
    },

    /** One competition's standings, teams, chart and what the caller may do. */
    async getCompetition(actor: UserDto, { groupID, competitionID }: CompetitionQuery): Promise<CompetitionDetail> {
      const access = await clanAccess(db, actor, groupID, 'viewCompetitions');
      return competitionDetail(db, clock, actor, access, await competitionOfGroup(db, groupID, competitionID));
    },

    /** An Administrator creates a competition starting in the future. */
    async createCompetition(actor: UserDto, body: CreateCompetitionBody): Promise<CompetitionDetail> {
      const access = await clanAccess(db, actor, body.groupID, 'manageCompetitions');
      assertMetrics(access, body.metrics);
      const now = clock.now();
      if (body.startsAt <= now) throw invalid({ startsAt: 'Start time must be in the future' }, 'Start time must be in the future');
      await throttle.consume(`competitions:create:${actor.id}`, CREATE_LIMIT, CREATE_LIMIT_MESSAGE);
      const id = newId();
      const row = await publishAfter(changes, async (record) => {
        const created = await db.transaction().execute(async (tx) => {
          if (body.participation === 'event') await assertEvent(tx, body.groupID, body.eventID);
          const value: repo.CompetitionRow = {
            id,
            group_id: body.groupID,
            name: body.name,
            starts_at: body.startsAt,
            ends_at: body.endsAt,
            metrics: JSON.stringify(body.metrics),
            kind: body.kind,
            participation: body.participation,
            event_id: body.participation === 'event' ? (body.eventID ?? null) : null,
            created_by: actor.id,
            created_at: now,
            updated_at: now,
            participants_fixed_at: null,
            start_done_at: null,
            end_done_at: null,
            refreshed_at: null,
            posted_start_at: null,
            posted_day_at: null,
            posted_hour_at: null,
            posted_end_at: null,
            closed_at: null,
          };
          await repo.insertCompetition(tx, value);
          return value;
        });
        record({ groupId: body.groupID, topic: 'competitions', action: 'created' });
        return created;
      });
      return competitionDetail(db, clock, actor, access, row, { created: true });
    },

    /**
     * An Administrator edits a competition: anything before the start; after it only the name and
     * the end (still in the future); a finished one not at all. A stale expectedUpdatedAt is a 409.
     * An edit that changes something is kept in the competition’s history, in the same transaction.
     */
    async updateCompetition(actor: UserDto, body: UpdateCompetitionBody): Promise<CompetitionDetail> {
      const access = await clanAccess(db, actor, body.groupID, 'manageCompetitions');
      if (body.metrics) assertMetrics(access, body.metrics);
      const row = await publishAfter(changes, async (record) => {
        const updated = await db.transaction().execute(async (tx) => {
          const current = await competitionOfGroup(tx, body.groupID, body.competitionID, true);
          assertExpected(current, body.expectedUpdatedAt);
          const now = clock.now();
          if (now >= current.ends_at) throw badRequest('This competition has finished and can no longer be edited');
          const next = { ...current };
          if (body.name !== undefined) next.name = body.name;
          if (body.endsAt !== undefined) next.ends_at = body.endsAt;
          const started = now >= current.starts_at;
          if (started) {
            const locked: Record<string, string> = {};
            const changed = {
              startsAt: body.startsAt !== undefined && body.startsAt !== current.starts_at,
              metrics: body.metrics !== undefined && JSON.stringify(body.metrics) !== current.metrics,
              kind: body.kind !== undefined && body.kind !== current.kind,
              participation: body.participation !== undefined && body.participation !== current.participation,
              eventID: body.eventID !== undefined && (body.eventID ?? null) !== current.event_id,
            };
            for (const [field, isChanged] of Object.entries(changed))
              if (isChanged) locked[field] = 'This can no longer change: the competition has started';
            if (Object.keys(locked).length > 0)
              throw invalid(locked, 'Once a competition has started only its name and end time can change');
            if (next.ends_at <= now) throw invalid({ endsAt: 'End time must be in the future' }, 'End time must be in the future');
          } else {
            if (body.startsAt !== undefined) next.starts_at = body.startsAt;
            if (body.metrics !== undefined) next.metrics = JSON.stringify(body.metrics);
            if (body.kind !== undefined) next.kind = body.kind;
            if (body.participation !== undefined) next.participation = body.participation;
            if (body.eventID !== undefined || body.participation !== undefined)
              next.event_id = next.participation === 'event' ? (body.eventID ?? current.event_id) : null;
            if (body.startsAt !== undefined && next.starts_at <= now)
              throw invalid({ startsAt: 'Start time must be in the future' }, 'Start time must be in the future');
            if (next.participation === 'event') await assertEvent(tx, body.groupID, next.event_id);
          }
          if (next.ends_at <= next.starts_at)
            throw invalid({ endsAt: 'End time must be after the start time' }, 'End time must be after the start time');
          if (next.ends_at - next.starts_at > MAX_MS) {
            const message = `A competition may last at most ${COMPETITION_MAX_DAYS} days`;
            throw invalid({ endsAt: message }, message);
          }
          // Who took part, and in which team, belongs to the way of taking part and the kind chosen.
          if (next.participation !== current.participation) await repo.deleteParticipantsExcept(tx, current.id, []);
          else if (next.kind === 'classic' && current.kind === 'teams') await repo.clearTeams(tx, current.id);
          next.updated_at = nextVersion(current);
          // The reminders follow a new end time.
          if (next.ends_at !== current.ends_at) Object.assign(next, { posted_day_at: null, posted_hour_at: null });
          await repo.updateCompetition(tx, current.id, {
            name: next.name,
            starts_at: next.starts_at,
            ends_at: next.ends_at,
            metrics: next.metrics,
            kind: next.kind,
            participation: next.participation,
            event_id: next.event_id,
            updated_at: next.updated_at,
            posted_day_at: next.posted_day_at,
            posted_hour_at: next.posted_hour_at,
          });
          let changed = changesOf(current, next);
          if (changed.some((change) => change.field === 'eventID')) changed = withEventNames(changed, await eventNames(tx, current, next));
          if (changed.length > 0)
            await repo.insertChange(tx, {
              id: newId(),
              competition_id: current.id,
              group_id: current.group_id,
              actor_id: actor.id,
              // The edit's version stamp: its moment, and never the same as the previous edit's.
              changed_at: next.updated_at,
              changes: JSON.stringify(changed),
            });
          return next;
        });
        record({ groupId: body.groupID, topic: 'competitions', action: 'updated' });
        return updated;
      });
      return competitionDetail(db, clock, actor, access, row);
    },

    /** An Administrator deletes a competition and its standings. */
    async deleteCompetition(actor: UserDto, { groupID, competitionID }: CompetitionIdBody): Promise<DeleteCompetitionResponse> {
      await clanAccess(db, actor, groupID, 'manageCompetitions');
      await publishAfter(changes, async (record) => {
        await db.transaction().execute(async (tx) => {
          await competitionOfGroup(tx, groupID, competitionID, true);
          await repo.deleteCompetition(tx, competitionID);
        });
        record({ groupId: groupID, topic: 'competitions', action: 'deleted' });
      });
      return { competitionID };
    },

    /** An Administrator sets a teams competition's teams before its start: by hand, or split evenly by total level or experience. */
    async setCompetitionTeams(actor: UserDto, body: SetCompetitionTeamsBody): Promise<CompetitionDetail> {
      const access = await clanAccess(db, actor, body.groupID, 'manageCompetitions');
      const row = await publishAfter(changes, async (record) => {
        const saved = await db.transaction().execute(async (tx) => {
          const current = await competitionOfGroup(tx, body.groupID, body.competitionID, true);
          assertExpected(current, body.expectedUpdatedAt);
          if (current.kind !== 'teams') throw badRequest('This competition is not a teams competition');
          const now = clock.now();
          if (now >= current.starts_at) throw badRequest('Teams can no longer change: the competition has started');
          const participants = await loadParticipants(tx, current);
          const byUser = new Map(participants.map((p) => [p.userID, p]));
          let teams: { name: string; userIDs: string[] }[];
          if (body.teams) {
            const strangers = body.teams.flatMap((t) => t.userIDs).filter((id) => !byUser.has(id));
            if (strangers.length > 0) {
              const message = `Not taking part in this competition: ${strangers.join(', ')}`;
              throw invalid({ teams: message }, message);
            }
            teams = body.teams.map((t) => ({ name: t.name, userIDs: t.userIDs }));
          } else {
            const people = participants.map((p) => ({ userID: p.userID, latest: p.latestData ? parseSnapshot(p.latestData) : null }));
            teams = splitByOverall(people, body.split!);
          }
          const teamOf = new Map(teams.flatMap((t) => t.userIDs.map((id) => [id, t.name] as const)));
          await repo.clearTeams(tx, current.id);
          for (const p of participants) {
            const team = teamOf.get(p.userID) ?? null;
            if (team === null) continue;
            await repo.insertParticipant(tx, repo.newParticipant(current.id, p.userID, p.playerId, team, now));
            await repo.updateParticipant(tx, current.id, p.userID, { team });
          }
          const updatedAt = nextVersion(current);
          await repo.updateCompetition(tx, current.id, { updated_at: updatedAt });
          return { ...current, updated_at: updatedAt };
        });
        record({ groupId: body.groupID, topic: 'competitions', action: 'updated' });
        return saved;
      });
      return competitionDetail(db, clock, actor, access, row);
    },
  };
}
export type CompetitionsService = ReturnType<typeof createCompetitionsService>;
