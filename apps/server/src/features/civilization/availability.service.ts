import type {
  AvailabilityDto,
  GroupAndUserQuery,
  GroupAvailabilityResponse,
  PostPlayerAvailabilityBody,
} from '@smm/shared/civilization/schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { badRequest } from '../../errors';
import { assertCan, loadAccess } from '../groups/group-access';
import * as availability from './availability.repo';
import { assertSelf } from './civ-access';
import { toAvailabilityDtos } from './civilization.mapper';

interface Deps {
  db: Db;
  clock: Clock;
}

/** Weekly availability: each member marks the slots they are free in; members see the whole group's grid. */
export function createAvailabilityService({ db, clock }: Deps) {
  return {
    /** Every current member's slots, with the group's time zone they are in; members only. */
    async getGroupAvailability(actor: UserDto, groupID: string): Promise<GroupAvailabilityResponse> {
      const access = await loadAccess(db, groupID, actor.id);
      assertCan(access, 'viewMembers');
      const rows = await availability.listByGroup(db, groupID);
      return { groupID, timeZone: access.group.time_zone, availability: toAvailabilityDtos(rows) };
    },

    /** One member's slots; members only. */
    async getPlayerAvailability(actor: UserDto, query: GroupAndUserQuery): Promise<AvailabilityDto[]> {
      assertCan(await loadAccess(db, query.groupID, actor.id), 'viewMembers');
      return toAvailabilityDtos(await availability.listByUser(db, query.groupID, query.userID));
    },

    /** The caller marks a slot free or not (toggled when `available` is absent); answers their slots. */
    async postPlayerAvailability(actor: UserDto, params: GroupAndUserQuery, body: PostPlayerAvailabilityBody): Promise<AvailabilityDto[]> {
      if (body.groupID !== undefined && body.groupID !== params.groupID) throw badRequest('groupID in the body does not match the path');
      assertSelf(actor, params.userID, 'availability');
      assertSelf(actor, body.userID, 'availability');
      assertCan(await loadAccess(db, params.groupID, actor.id), 'editOwnPreferences');
      const key = { group_id: params.groupID, user_id: actor.id, day: body.day, time: body.time };
      const available = body.available ?? !(await availability.exists(db, key));
      if (available) await availability.insertIfAbsent(db, { ...key, created_at: clock.now() });
      else await availability.remove(db, key);
      return toAvailabilityDtos(await availability.listByUser(db, params.groupID, actor.id));
    },
  };
}
export type AvailabilityService = ReturnType<typeof createAvailabilityService>;
