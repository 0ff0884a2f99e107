import { isAttending, signupsClosed } from '@smm/shared/events/rules';
import type { EventDto } from '@smm/shared/events/schemas';
import { formatWithZone } from '../event-time';
import { ordinal } from '../linkify';
import { otherAnswersText, rsvpCounts } from '../rsvp';

interface Props {
  event: EventDto;
  userID: string;
  timeZone: string;
  now: number;
}

/** Seats, the waitlist (its length and the viewer's place), the other answers and when sign-ups close. */
export function SignupStatus({ event, userID, timeZone, now }: Props) {
  const waiting = event.waitlistMembers?.length ?? 0;
  const closesAt = event.signupClosesAt;
  const closed = signupsClosed(Date.parse(event.startDate), event.signupCutoffMinutes, now);
  const others = otherAnswersText(rsvpCounts(event));
  return (
    <div className="small text-body-secondary">
      <div>
        {event.attendingMembers.length}/{event.maxNumberOfMembers} attending
        {waiting > 0 && ` · ${waiting} on the waitlist`}
      </div>
      {others && <div className="rsvp-counts">{others}</div>}
      {event.waitlistPosition !== undefined && !isAttending(event, userID) && (
        <div className="fw-semibold text-body">You are {ordinal(event.waitlistPosition)} on the waitlist</div>
      )}
      {closesAt && <div>{closed ? 'Sign-ups closed' : `Sign-ups close ${formatWithZone(closesAt, timeZone)}`}</div>}
    </div>
  );
}
