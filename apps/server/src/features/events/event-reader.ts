import type { EventDto } from '@smm/shared/events/schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Db } from '../../db/schema';
import { tableVersionsOf } from '../../db/table-versions';
import { toEventDto } from './events.mapper';
import { listEventPeople, listGroupEventsWithPeople, type EventPeople } from './event-people.repo';
import type * as events from './events.repo';

/** The events as the viewer sees them, with one query for their people however many there are. */
export async function readEvents(tx: Db, rows: readonly events.EventRow[], viewerId: string): Promise<EventDto[]> {
  const people = await listEventPeople(
    tx,
    rows.map((row) => row.id),
  );
  return rows.map((row) => eventWithPeople(row, people, viewerId));
}

/** The group's events as the viewer sees them, in the order of an event list. */
export async function readGroupEvents(db: Db, groupId: string, viewer: UserDto): Promise<EventDto[]> {
  const { rows, people } = await listGroupEventsWithPeople(db, groupId, tableVersionsOf(viewer));
  return rows.map((row) => eventWithPeople(row, people, viewer.id));
}

export async function readEvent(tx: Db, row: events.EventRow, viewerId: string): Promise<EventDto> {
  return (await readEvents(tx, [row], viewerId))[0]!;
}

/** The event as the viewer sees it, from its people as already read (or as a write just left them). */
export function eventWithPeople(row: events.EventRow, people: EventPeople, viewerId: string): EventDto {
  return toEventDto(row, people.attendees, viewerId, !people.departed.has(row.id), people.waiting, people.answers);
}
