import Button from 'react-bootstrap/Button';
import { canAttend, hasEnded, isAttending } from '@smm/shared/events/rules';
import type { EventDto } from '@smm/shared/events/schemas';

interface Props {
  event: EventDto;
  userID: string;
  now: number;
  pending: boolean;
  onChange: (attending: boolean) => void;
  size?: 'sm';
}

/**
 * Attend while there is room and the user is not attending (spec 5); Unattend while attending.
 * A full or finished event says so instead.
 */
export function AttendButton({ event, userID, now, pending, onChange, size }: Props) {
  const label = `${event.eventName}`;
  if (hasEnded(event, now)) return <span className="text-body-secondary small">Ended</span>;
  if (isAttending(event, userID)) {
    return (
      <Button variant="outline-secondary" size={size} disabled={pending} onClick={() => onChange(false)} aria-label={`Unattend ${label}`}>
        Unattend
      </Button>
    );
  }
  if (canAttend(event, userID)) {
    return (
      <Button variant="success" size={size} disabled={pending} onClick={() => onChange(true)} aria-label={`Attend ${label}`}>
        Attend
      </Button>
    );
  }
  return <span className="text-body-secondary small">Full</span>;
}
