import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import type { EventDto, RsvpResponse } from '@smm/shared/events/schemas';
import { formatWithZone } from '../event-time';
import { myResponse, responseLabel, waitingLate } from '../rsvp';
import { seriesSummary } from '../series-summary';
import { AttendButton } from './AttendButton';
import { RsvpControl } from './RsvpControl';
import { SignupStatus } from './SignupStatus';

interface Props {
  /** The upcoming occurrences, earliest first (two or more). */
  occurrences: readonly EventDto[];
  userID: string;
  timeZone: string;
  now: number;
  onOpen: (event: EventDto) => void;
  attendPending: boolean;
  onAttendance: (attending: boolean) => void;
  onWaitlist?: (join: boolean) => void;
  waitlistPending?: boolean;
  onRespond?: (response: RsvpResponse) => void;
  respondPending?: boolean;
}

/**
 * A weekly series as one card: its rhythm and next date in the viewer's zone, the next
 * occurrence's sign-ups and answer, and a control that lists every upcoming occurrence, each openable.
 */
export function SeriesCard({ occurrences, userID, timeZone, now, onOpen, onRespond, respondPending = false, ...attend }: Props) {
  const [expanded, setExpanded] = useState(false);
  const next = occurrences[0]!;
  const listID = `series-${next.seriesID}-occurrences`;
  return (
    <Card className="h-100 event-card series-card">
      <Card.Body>
        <Card.Title as="h3" className="h5">
          <Button variant="link" className="p-0 text-start event-card-title" onClick={() => onOpen(next)}>
            {next.eventName}
          </Button>
        </Card.Title>
        <p className="mb-1">
          <span className="badge text-bg-light border me-2">Weekly</span>
          {seriesSummary(occurrences, timeZone)}
        </p>
        <SignupStatus event={next} userID={userID} timeZone={timeZone} now={now} />
        <Button
          variant="link"
          size="sm"
          className="px-0"
          aria-expanded={expanded}
          aria-controls={listID}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? 'Hide occurrences' : `Show all ${occurrences.length} occurrences`}
        </Button>
        {expanded && (
          <ul id={listID} className="list-unstyled mb-0 small series-occurrences">
            {occurrences.map((event) => {
              const answer = myResponse(event, userID);
              return (
                <li key={event._id} className="d-flex flex-wrap gap-1 align-items-baseline">
                  <Button variant="link" size="sm" className="p-0 text-start" onClick={() => onOpen(event)}>
                    {formatWithZone(event.startDate, timeZone)}
                  </Button>
                  <span className="text-body-secondary">
                    {event.attendingMembers.length}/{event.maxNumberOfMembers}
                    {answer && ` · you: ${responseLabel(answer, waitingLate(event, userID))}`}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </Card.Body>
      <Card.Footer className="d-flex flex-wrap justify-content-end align-items-center gap-2">
        {onRespond && (
          <div className="me-auto">
            <RsvpControl event={next} userID={userID} now={now} pending={respondPending} onRespond={onRespond} variant="menu" />
          </div>
        )}
        <AttendButton
          event={next}
          userID={userID}
          now={now}
          size="sm"
          pending={attend.attendPending}
          onChange={attend.onAttendance}
          onWaitlist={attend.onWaitlist}
          waitlistPending={attend.waitlistPending}
        />
      </Card.Footer>
    </Card>
  );
}
