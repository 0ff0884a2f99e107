import { AVAILABILITY_WEEK_MS, freeTimesBetween } from '@smm/shared/civilization/availability';
import type {
  AvailabilityDto,
  GroupAndUserQuery,
  GroupAvailabilityQuery,
  GroupAvailabilityResponse,
  PostPlayerAvailabilityInput,
} from '@smm/shared/civilization/schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import { groupRowCache } from '../../db/row-cache';
import type { Db } from '../../db/schema';
import { tableVersionsOf } from '../../db/table-versions';
import { badRequest } from '../../errors';
import { assertCan, loadAccess } from '../groups/group-access';
import type { GroupChanges } from '../live/group-changes';
import * as availability from './availability.repo';
import { assertSelf } from './civ-access';
import { forViewer, toAvailabilityDtos, type ZonedAvailabilityDto } from './civilization.mapper';

interface Deps {
  db: Db;
  clock: Clock;
  changes: Pick<GroupChanges, 'publish'>;
}

interface GroupWeek {
  slots: ZonedAvailabilityDto[];
  freeTimes: ReturnType<typeof freeTimesBetween>;
}

// A tick lapses the grid kept for each member of its group; the members who ask next for the same
// week share one read of its slots and one reckoning of its free times.
const groupWeeks = groupRowCache<GroupWeek>({ ttlMs: 60_000, max: 100 });

/**
 * Weekly availability: each member marks the parts of their own week they are free in, on their own
 * clock; members see everyone's as instants of a concrete week, laid out in the viewer's zone.
 */
export function createAvailabilityService({ db, clock, changes }: Deps) {
  return {
    /**
     * Every current member's slots (each in the zone it was given in) and their free times from
     * `weekOf` (default now) for a week; the group's zone only as the default of its events. Members only.
     */
    async getGroupAvailability(actor: UserDto, query: GroupAvailabilityQuery): Promise<GroupAvailabilityResponse> {
      const access = await loadAccess(db, query.groupID, actor);
      assertCan(access, 'viewMembers');
      const from = query.weekOf ?? clock.now();
      const to = from + AVAILABILITY_WEEK_MS;
      const week = async (): Promise<GroupWeek> => {
        const slots = toAvailabilityDtos(await availability.listByGroup(db, query.groupID));
        return { slots, freeTimes: freeTimesBetween(slots, from, to) };
      };
      // Without a week asked for, each answer's week starts at its own instant: nothing to share.
      const { slots, freeTimes } =
        query.weekOf === undefined
          ? await week()
          : await groupWeeks.read(db, query.groupID, week, { variant: String(from), versions: tableVersionsOf(actor) });
      return {
        groupID: query.groupID,
        timeZone: access.group.time_zone,
        availability: forViewer(slots, actor.id),
        from,
        to,
        freeTimes,
      };
    },

    /**
     * Every current member's slots, each with the zone it was given in, for server-side reckoning of
     * their instants (Discord's /availability); never sent as such. Members only.
     */
    async listZonedGroupSlots(actor: UserDto, groupID: string): Promise<ZonedAvailabilityDto[]> {
      assertCan(await loadAccess(db, groupID, actor), 'viewMembers');
      return toAvailabilityDtos(await availability.listByGroup(db, groupID));
    },

    /** One member's slots; the zone they answered in only when they are the caller. Members only. */
    async getPlayerAvailability(actor: UserDto, query: GroupAndUserQuery): Promise<AvailabilityDto[]> {
      assertCan(await loadAccess(db, query.groupID, actor), 'viewMembers');
      return forViewer(toAvailabilityDtos(await availability.listByUser(db, query.groupID, query.userID)), actor.id);
    },

    /**
     * The caller marks a part of their own day free or not (toggled when `available` is absent), on
     * the clock of their profile's zone, else the browser's zone sent, else the zone of their earlier
     * answers, else the group's. Answers their slots; open heat maps hear of it.
     */
    async postPlayerAvailability(actor: UserDto, params: GroupAndUserQuery, body: PostPlayerAvailabilityInput): Promise<AvailabilityDto[]> {
      if (body.groupID !== undefined && body.groupID !== params.groupID) throw badRequest('groupID in the body does not match the path');
      assertSelf(actor, params.userID, 'availability');
      assertSelf(actor, body.userID, 'availability');
      const access = await loadAccess(db, params.groupID, actor);
      assertCan(access, 'editOwnPreferences');
      // Read and written in one transaction, so the answer is the slots as this tick left them,
      // built from what was read: only what changes is written (a zone move, the slot itself).
      const slots = await db.transaction().execute(async (tx) => {
        const { profileZone, slots: mine } = await availability.listOwnWithProfileZone(tx, params.groupID, actor.id);
        const timeZone = profileZone ?? body.timeZone ?? mine[0]?.time_zone ?? access.group.time_zone;
        const key = { group_id: params.groupID, user_id: actor.id, day: body.day, time: body.time };
        const ticked = mine.some((row) => row.day === body.day && row.time === body.time);
        const available = body.available ?? !ticked;
        if (mine.some((row) => row.time_zone !== timeZone)) await availability.moveToZone(tx, params.groupID, actor.id, timeZone);
        const kept = mine.filter((row) => row.day !== body.day || row.time !== body.time).map((row) => ({ ...row, time_zone: timeZone }));
        if (available && !ticked) await availability.insertIfAbsent(tx, { ...key, time_zone: timeZone, created_at: clock.now() });
        if (!available && ticked) await availability.remove(tx, key);
        const slot = { user_id: actor.id, username: actor.username, day: body.day, time: body.time, time_zone: timeZone };
        return available ? [...kept, slot] : kept;
      });
      changes.publish({ groupId: params.groupID, topic: 'availability', action: 'changed', userId: actor.id });
      return toAvailabilityDtos(slots);
    },
  };
}
export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
