import type { FastifyInstance } from 'fastify';
import type { EventDto } from '@smm/shared/events/schemas';
import '../src/features/events/events.tables';
import '../src/features/reminders/event-mail-outbox.tables';
import { call, type TestUser } from './groups-fixtures';

export const HOUR = 60 * 60 * 1000;
export const MINUTE = 60 * 1000;
export const iso = (ms: number) => new Date(ms).toISOString();

/** Creates an event through the API as `as`, starting `startIn` ms from the clock's now. */
export async function createEvent(
  app: FastifyInstance,
  as: TestUser,
  groupID: string,
  now: number,
  fields: Partial<{ eventName: string; startIn: number; length: number; maxNumberOfMembers: number }> = {},
): Promise<EventDto> {
  const start = now + (fields.startIn ?? 24 * HOUR);
  const res = await call(app, '/api/events/postEvent', {
    method: 'POST',
    as,
    payload: {
      groupID,
      userID: as.user.id,
      eventName: fields.eventName ?? 'Game night',
      startDate: iso(start),
      endDate: iso(start + (fields.length ?? 3 * HOUR)),
      ...(fields.maxNumberOfMembers === undefined ? {} : { maxNumberOfMembers: fields.maxNumberOfMembers }),
    },
  });
  if (res.status !== 200) throw new Error(`postEvent failed: ${JSON.stringify(res.body)}`);
  return res.body as EventDto;
}

export const attend = (app: FastifyInstance, as: TestUser, eventID: string) =>
  call(app, '/api/events/attendEvent', {
    method: 'POST',
    as,
    payload: { eventID, userID: as.user.id, username: as.user.username, email: as.user.email },
  });

export const unattend = (app: FastifyInstance, as: TestUser, eventID: string) =>
  call(app, '/api/events/unattendEvent', {
    method: 'POST',
    as,
    payload: { eventID, userID: as.user.id, username: as.user.username, email: as.user.email },
  });

/** Queues `as` for a seat on a full event. */
export const joinWaitlist = (app: FastifyInstance, as: TestUser, eventID: string) =>
  call(app, '/api/events/joinWaitlist', { method: 'POST', as, payload: { eventID, userID: as.user.id } });

export const setNotifications = (app: FastifyInstance, as: TestUser, groupID: string, on: boolean) =>
  call(app, `/api/members/postMemberNotifications/${groupID}/${as.user.id}`, {
    method: 'POST',
    as,
    payload: { receiveEventNotifications: on },
  });
