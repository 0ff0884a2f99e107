import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import { hasEnded, isAttending, signupsClosed } from '@smm/shared/events/rules';
import { RSVP_LABELS, RSVP_RESPONSES, type EventDto, type RsvpResponse } from '@smm/shared/events/schemas';
import { myResponse, responseLabel, waitingLate } from '../rsvp';

interface Props {
  event: EventDto;
  userID: string;
  now: number;
  pending: boolean;
  onRespond: (response: RsvpResponse) => void;
  /** buttons: the five answers side by side (the detail); menu: a compact dropdown (the cards). */
  variant: 'buttons' | 'menu';
}

const VARIANTS: Record<RsvpResponse, string> = {
  attending: 'success',
  late: 'dark',
  maybe: 'secondary',
  can_sub: 'primary',
  not_coming: 'danger',
};

/** Whether an answer can be given now: none once the event has ended; a seat only while sign-ups are open (or one is held). */
function offered(event: EventDto, userID: string, now: number, response: RsvpResponse): boolean {
  if (hasEnded(event, now)) return false;
  if (response !== 'attending' && response !== 'late') return true;
  return isAttending(event, userID) || !signupsClosed(Date.parse(event.startDate), event.signupCutoffMinutes, now);
}

/**
 * The viewer's answer to the event, one of Attending, Late, Maybe, Can sub and Not coming, the
 * current one pressed. Attending and Late on a full event join the waitlist. Nothing once it has ended or was cancelled.
 */
export function RsvpControl({ event, userID, now, pending, onRespond, variant }: Props) {
  if (hasEnded(event, now) || event.cancelledAt) return null;
  const current = myResponse(event, userID);

  if (variant === 'menu') {
    return (
      <Dropdown className="rsvp-menu">
        <Dropdown.Toggle size="sm" variant="outline-secondary" disabled={pending}>
          {/* Named "Your answer to <event>: <answer>"; the card shows "Your answer: <answer>". */}
          Your answer<span className="visually-hidden"> to {event.eventName}:</span>
          <span aria-hidden="true">:</span> {responseLabel(current, waitingLate(event, userID))}
        </Dropdown.Toggle>
        <Dropdown.Menu>
          {RSVP_RESPONSES.map((response) => (
            <Dropdown.Item
              key={response}
              as="button"
              active={current === response}
              disabled={!offered(event, userID, now, response)}
              onClick={() => current !== response && onRespond(response)}
            >
              {RSVP_LABELS[response]}
            </Dropdown.Item>
          ))}
        </Dropdown.Menu>
      </Dropdown>
    );
  }

  return (
    <div className="rsvp-buttons">
      <div className="small fw-semibold mb-1" id={`rsvp-label-${event._id}`}>
        Your answer{current === 'waitlist' ? ': on the waitlist' : ''}
      </div>
      <div role="group" aria-labelledby={`rsvp-label-${event._id}`} className="d-flex flex-wrap gap-1">
        {RSVP_RESPONSES.map((response) => {
          const pressed = current === response;
          return (
            <Button
              key={response}
              size="sm"
              variant={pressed ? VARIANTS[response] : `outline-${VARIANTS[response]}`}
              aria-pressed={pressed}
              disabled={pending || !offered(event, userID, now, response)}
              onClick={() => !pressed && onRespond(response)}
            >
              {RSVP_LABELS[response]}
            </Button>
          );
        })}
      </div>
    </div>
  );
}
