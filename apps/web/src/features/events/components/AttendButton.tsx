import Button from 'react-bootstrap/Button';
import { canAttend, hasEnded, isAttending, isWaiting, signupsClosed } from '@smm/shared/events/rules';
import type { EventDto } from '@smm/shared/events/schemas';

interface Props {
  event: EventDto;
  userID: string;
  now: number;
  pending: boolean;
  onChange: (attending: boolean) => void;
  size?: 'sm';
  /** Join (true) or leave (false) the waitlist; without it a full event just says Full. */
  onWaitlist?: (join: boolean) => void;
  waitlistPending?: boolean;
}

/**
 * Attend while there is room and the user is not attending (spec 5); Unattend while attending.
 * A full event offers Join waitlist (Leave waitlist once on it); a finished event, or one whose
 * sign-ups have closed, or a cancelled one, says so instead.
 */
export function AttendButton({ event, userID, now, pending, onChange, size, onWaitlist, waitlistPending = false }: Props) {
  const label = `${event.eventName}`;
  if (hasEnded(event, now)) return <span className="text-body-secondary small">Ended</span>;
  // A cancelled event says so in its Cancelled badge; there is nothing to press.
  if (event.cancelledAt) return null;
  if (isAttending(event, userID)) {
    return (
      <Button variant="outline-secondary" size={size} disabled={pending} onClick={() => onChange(false)} aria-label={`Unattend ${label}`}>
        Unattend
      </Button>
    );
  }
  if (onWaitlist && isWaiting(event, userID)) {
    return (
      <Button
        variant="outline-secondary"
        size={size}
        disabled={waitlistPending}
        onClick={() => onWaitlist(false)}
        aria-label={`Leave waitlist of ${label}`}
      >
        Leave waitlist
      </Button>
    );
  }
  if (signupsClosed(Date.parse(event.startDate), event.signupCutoffMinutes, now)) {
    return <span className="text-body-secondary small">Sign-ups closed</span>;
  }
  if (canAttend(event, userID)) {
    return (
      <Button variant="success" size={size} disabled={pending} onClick={() => onChange(true)} aria-label={`Attend ${label}`}>
        Attend
      </Button>
    );
  }
  if (onWaitlist) {
    return (
      <Button
        variant="primary"
        size={size}
        disabled={waitlistPending}
        onClick={() => onWaitlist(true)}
        aria-label={`Join waitlist of ${label}`}
      >
        Join waitlist
      </Button>
    );
  }
  return <span className="text-body-secondary small">Full</span>;
}
