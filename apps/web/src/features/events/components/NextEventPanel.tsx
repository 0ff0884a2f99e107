import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { NO_UPCOMING_EVENTS_MESSAGE } from '@smm/shared/events/messages';
import type { EventDto } from '@smm/shared/events/schemas';
import { AttendeeList } from './AttendeeList';
import { EventTimes } from './EventTimes';

interface Props {
  event: EventDto | null;
  timeZone: string;
  onAdd: () => void;
  onOpen: (event: EventDto) => void;
  /** Attend (or Unattend, the waitlist…) for the next event, right where members look first. */
  attend?: ReactNode;
}

/** The Next Event panel: the earliest event that has not ended with its Attend button, and the Add button. */
export function NextEventPanel({ event, timeZone, onAdd, onOpen, attend }: Props) {
  return (
    <Card className="mb-4 next-event" as="section" aria-labelledby="next-event-title">
      <Card.Header className="d-flex align-items-center gap-2">
        <h2 id="next-event-title" className="h5 mb-0 me-auto">
          Next Event
        </h2>
        <Button onClick={onAdd}>Add</Button>
      </Card.Header>
      <Card.Body>
        {event ? (
          <div className="row g-3">
            <div className="col-md-7">
              <h3 className="h4">
                <Button variant="link" className="p-0 text-start fs-4" onClick={() => onOpen(event)}>
                  {event.eventName}
                </Button>
              </h3>
              <EventTimes event={event} timeZone={timeZone} />
              {attend && <div className="mt-2">{attend}</div>}
            </div>
            <div className="col-md-5">
              <AttendeeList event={event} />
            </div>
          </div>
        ) : (
          <p className="mb-0 text-body-secondary">{NO_UPCOMING_EVENTS_MESSAGE}</p>
        )}
      </Card.Body>
    </Card>
  );
}
