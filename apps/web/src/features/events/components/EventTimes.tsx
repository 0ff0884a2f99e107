import type { EventDto } from '@smm/shared/events/schemas';
import { formatWithZone } from '../event-time';

/** Start and end in the viewer's time zone, with the zone named. */
export function EventTimes({ event, timeZone }: { event: Pick<EventDto, 'startDate' | 'endDate'>; timeZone: string }) {
  return (
    <dl className="event-times mb-2">
      <dt>Start</dt>
      <dd>
        <time dateTime={event.startDate}>{formatWithZone(event.startDate, timeZone)}</time>
      </dd>
      <dt>End</dt>
      <dd>
        <time dateTime={event.endDate}>{formatWithZone(event.endDate, timeZone)}</time>
      </dd>
    </dl>
  );
}
