import type { EventDto } from '@smm/shared/events/schemas';
import type { Db } from '../../db/schema';
import { toEventDto } from './events.mapper';
import * as events from './events.repo';
import * as responses from './responses.repo';
import * as waitlist from './waitlist.repo';

/** The events as the viewer sees them, in four queries however many there are: attendees, waitlists, answers, departed creators. */
export async function readEvents(tx: Db, rows: readonly events.EventRow[], viewerId: string): Promise<EventDto[]> {
  const ids = rows.map((row) => row.id);
  const attendees = await events.listAttendees(tx, ids);
  const waiting = await waitlist.listWaitlist(tx, ids);
  const answers = await responses.listResponses(tx, ids);
  const departed = new Set(await events.listWithDepartedCreator(tx, ids));
  return rows.map((row) => toEventDto(row, attendees, viewerId, !departed.has(row.id), waiting, answers));
}

export async function readEvent(tx: Db, row: events.EventRow, viewerId: string): Promise<EventDto> {
  return (await readEvents(tx, [row], viewerId))[0]!;
}
