import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { UpcomingEventDto } from '@smm/shared/dashboard/schemas';
import { Loading } from '../../../lib/ui/Loading';
import { formatWithZone } from '../../events/event-time';

const eventsPath = (event: UpcomingEventDto) => `/${event.linkURL}/events?groupID=${encodeURIComponent(event.groupID)}`;

function Seats({ event }: { event: UpcomingEventDto }) {
  if (event.isAttending) return <span className="badge bg-success">Attending</span>;
  return (
    <span className="badge bg-light text-dark border">
      {event.attendingCount} / {event.maxNumberOfMembers} attending
    </span>
  );
}

/**
 * "Your next events": the soonest events across the member's groups they attend or could attend.
 * The page reads them (useMyUpcomingEvents) together with the groups.
 */
export function UpcomingEventsList({ events, timeZone }: { events: UseQueryResult<UpcomingEventDto[]>; timeZone: string }) {
  return (
    <section aria-labelledby="next-events-title" className="mb-4">
      <h2 id="next-events-title" className="h4">
        Your next events
      </h2>
      {events.isPending ? (
        <Loading label="Loading your next events…" />
      ) : events.isError ? (
        <div role="alert" className="alert alert-danger">
          {events.error.message}
        </div>
      ) : events.data.length === 0 ? (
        <p className="text-body-secondary">No events coming up in your groups.</p>
      ) : (
        <ol className="list-group" aria-labelledby="next-events-title">
          {events.data.map((event) => (
            <li key={event._id} className="list-group-item d-flex flex-wrap align-items-center gap-2">
              <div className="me-auto min-w-0">
                <Link to={eventsPath(event)} className="fw-semibold text-break">
                  {event.eventName}
                </Link>
                <div className="small text-body-secondary text-break">
                  {event.groupName} · <time dateTime={event.startDate}>{formatWithZone(event.startDate, timeZone)}</time>
                </div>
              </div>
              <Seats event={event} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
