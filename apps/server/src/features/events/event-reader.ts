import type { EventDto } from '@smm/shared/events/schemas';
import type { Db } from '../../db/schema';
import { toEventDto } from './events.mapper';
import { listEventPeople } from './event-people.repo';
import type * as events from './events.repo';

/** The events as the viewer sees them, with one query for their people however many there are. */
export async function readEvents(tx: Db, rows: readonly events.EventRow[], viewerId: string): Promise<EventDto[]> {
  const { attendees, waiting, answers, departed } = await listEventPeople(tx, rows.map((row) => row.id));
  return rows.map((row) => toEventDto(row, attendees, viewerId, !departed.has(row.id), waiting, answers));
}

export async function readEvent(tx: Db, row: events.EventRow, viewerId: string): Promise<EventDto> {
  return (await readEvents(tx, [row], viewerId))[0]!;
}
