import { MY_UPCOMING_EVENTS_LIMIT, type UpcomingEventDto, type UserGroupDto } from '@smm/shared/dashboard/schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { forbidden } from '../../errors';
import * as dashboard from './dashboard.repo';
import { toUpcomingEventDto, toUserGroupDto } from './dashboard.mapper';

interface Deps {
  db: Db;
  clock: Clock;
}

/** The dashboard's reads: one query each, whatever the number of groups and events. */
export function createDashboardService({ db, clock }: Deps) {
  return {
    /** The caller's groups with their role, member count and next event. */
    async getUserGroups(actor: UserDto, userID: string): Promise<UserGroupDto[]> {
      if (userID !== actor.id) throw forbidden('You can only list your own groups');
      return (await dashboard.listUserGroups(db, actor.id, clock.now())).map(toUserGroupDto);
    },

    /** "Your next events": the soonest events across the caller's groups they attend or could attend. */
    async getMyUpcomingEvents(actor: UserDto): Promise<UpcomingEventDto[]> {
      return (await dashboard.listUpcomingForMember(db, actor.id, clock.now(), MY_UPCOMING_EVENTS_LIMIT)).map(toUpcomingEventDto);
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
