import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import ListGroup from 'react-bootstrap/ListGroup';
import { Link } from 'react-router';
import type { UpcomingEventDto } from '@smm/shared/dashboard/schemas';
import { Loading } from '../../../lib/ui/Loading';
import { formatWithZone } from '../../events/event-time';
import { useMyUpcomingEvents } from '../api/get-my-upcoming-events';

const eventsPath = (event: UpcomingEventDto) => `/${event.linkURL}/events?groupID=${encodeURIComponent(event.groupID)}`;

function Seats({ event }: { event: UpcomingEventDto }) {
  if (event.isAttending) return <Badge bg="success">Attending</Badge>;
  return (
    <Badge bg="light" text="dark" className="border">
      {event.attendingCount} / {event.maxNumberOfMembers} attending
    </Badge>
  );
}

/** "Your next events": the soonest events across the member's groups they attend or could attend. */
export function UpcomingEventsList({ userID, timeZone }: { userID: string; timeZone: string }) {
  const events = useMyUpcomingEvents(userID);
  return (
    <section aria-labelledby="next-events-title" className="mb-4">
      <h2 id="next-events-title" className="h4">
        Your next events
      </h2>
      {events.isPending ? (
        <Loading label="Loading your next events…" />
      ) : events.isError ? (
        <Alert variant="danger">{events.error.message}</Alert>
      ) : events.data.length === 0 ? (
        <p className="text-body-secondary">No events coming up in your groups.</p>
      ) : (
        <ListGroup as="ol" aria-labelledby="next-events-title">
          {events.data.map((event) => (
            <ListGroup.Item as="li" key={event._id} className="d-flex flex-wrap align-items-center gap-2">
              <div className="me-auto min-w-0">
                <Link to={eventsPath(event)} className="fw-semibold text-break">
                  {event.eventName}
                </Link>
                <div className="small text-body-secondary text-break">
                  {event.groupName} · <time dateTime={event.startDate}>{formatWithZone(event.startDate, timeZone)}</time>
                </div>
              </div>
              <Seats event={event} />
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </section>
  );
}
