import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { isAttending } from '@smm/shared/events/rules';
import type { EventDto, RsvpResponse } from '@smm/shared/events/schemas';
import { AttendButton } from './AttendButton';
import { EventTimes } from './EventTimes';
import { RsvpControl } from './RsvpControl';
import { EventQuorumBadges } from './EventQuorumBadges';
import { SignupStatus } from './SignupStatus';

interface Props {
  event: EventDto;
  userID: string;
  timeZone: string;
  now: number;
  attendPending: boolean;
  onOpen: () => void;
  onAttendance: (attending: boolean) => void;
  onWaitlist?: (join: boolean) => void;
  waitlistPending?: boolean;
  onRespond?: (response: RsvpResponse) => void;
  respondPending?: boolean;
}

/** One event in the grid: a click opens its details; the footer has Attend or Unattend. */
export function EventCard({
  event,
  userID,
  timeZone,
  now,
  attendPending,
  onOpen,
  onAttendance,
  onWaitlist,
  waitlistPending,
  onRespond,
  respondPending = false,
}: Props) {
  return (
    <Card className="h-100 event-card">
      <Card.Body role="presentation" onClick={onOpen} className="event-card-body">
        <Card.Title as="h3" className="h5">
          {/* The title is the keyboard way in; a click anywhere on the body does the same. */}
          <Button variant="link" className="p-0 text-start event-card-title" onClick={(e) => (e.stopPropagation(), onOpen())}>
            {event.eventName}
          </Button>
        </Card.Title>
        <EventTimes event={event} timeZone={timeZone} />
        <div className="d-flex gap-1 mb-1">
          {isAttending(event, userID) && (
            <span className="badge text-bg-success">
              {event.attendingMembers.find((m) => m.userID === userID)?.late ? 'Late' : 'Attending'}
            </span>
          )}
          {event.seriesID && <span className="badge text-bg-light border">Weekly</span>}
          <EventQuorumBadges event={event} />
        </div>
        <SignupStatus event={event} userID={userID} timeZone={timeZone} now={now} />
      </Card.Body>
      <Card.Footer className="d-flex flex-wrap justify-content-end align-items-center gap-2">
        {onRespond && (
          <div className="me-auto">
            <RsvpControl event={event} userID={userID} now={now} pending={respondPending} onRespond={onRespond} variant="menu" />
          </div>
        )}
        <AttendButton
          event={event}
          userID={userID}
          now={now}
          pending={attendPending}
          onChange={onAttendance}
          size="sm"
          onWaitlist={onWaitlist}
          waitlistPending={waitlistPending}
        />
      </Card.Footer>
    </Card>
  );
}
