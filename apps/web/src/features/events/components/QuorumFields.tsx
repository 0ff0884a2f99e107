import Form from 'react-bootstrap/Form';
import { MIN_PLAYERS_MIN, QUORUM_CHECK_CHOICES, quorumCheckLabel } from '@smm/shared/events/quorum';
import type { EventDto } from '@smm/shared/events/schemas';
import { FieldError } from '../../../lib/ui/FieldError';

/** The minimum's part of the event form. */
export interface QuorumValue {
  minPlayers: number | null;
  quorumCheckMinutes: number | null;
  autoCancel: boolean;
}

/** What the form starts with: the event's minimum, or none for a new event. */
export const initialQuorum = (event: EventDto | null): QuorumValue => ({
  minPlayers: event?.minPlayers ?? null,
  quorumCheckMinutes: event?.quorumCheckMinutes ?? null,
  autoCancel: event?.autoCancel ?? false,
});

/**
 * The fields sent with postEvent and updateEvent: none while there is (still) no minimum or nothing
 * changed, so a plain event's request stays as it was; null removes a minimum or check the event had.
 */
export function quorumBody(value: QuorumValue, event: EventDto | null): Partial<QuorumValue> {
  const sent = {
    minPlayers: value.minPlayers,
    quorumCheckMinutes: value.minPlayers === null ? null : value.quorumCheckMinutes,
    autoCancel: value.minPlayers !== null && value.quorumCheckMinutes !== null && value.autoCancel,
  };
  const before = initialQuorum(event);
  const unchanged =
    sent.minPlayers === before.minPlayers && sent.quorumCheckMinutes === before.quorumCheckMinutes && sent.autoCancel === before.autoCancel;
  return unchanged ? {} : sent;
}

interface Props {
  value: QuorumValue;
  onChange: (value: QuorumValue) => void;
  /** The chosen Max Players: the minimum goes up to it. */
  max: number;
  fields: Record<string, string>;
}

const describedBy = (hint: string, error: string | undefined, errorId: string) =>
  [hint, error ? errorId : undefined].filter(Boolean).join(' ');

/** Minimum players, when before the start to check it, and whether to cancel below it (else the organiser is told). */
export function QuorumFields({ value, onChange, max, fields }: Props) {
  const minOptions = Array.from({ length: Math.max(0, max - MIN_PLAYERS_MIN + 1) }, (_, i) => MIN_PLAYERS_MIN + i);
  const noMinimum = value.minPlayers === null;
  const noCheck = noMinimum || value.quorumCheckMinutes === null;
  return (
    <fieldset className="mb-3">
      <legend className="fs-6 fw-semibold mb-2">Minimum players</legend>
      <Form.Group className="mb-2" controlId="event-min-players">
        <Form.Label>Minimum players</Form.Label>
        <Form.Select
          value={value.minPlayers ?? ''}
          onChange={(e) => {
            const minPlayers = e.target.value === '' ? null : Number(e.target.value);
            onChange(minPlayers === null ? { minPlayers, quorumCheckMinutes: null, autoCancel: false } : { ...value, minPlayers });
          }}
          isInvalid={Boolean(fields.minPlayers)}
          aria-describedby={describedBy('event-min-players-hint', fields.minPlayers, 'event-min-players-error')}
        >
          <option value="">No minimum</option>
          {minOptions.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
          {value.minPlayers !== null && value.minPlayers > max && <option value={value.minPlayers}>{value.minPlayers}</option>}
        </Form.Select>
        <Form.Text id="event-min-players-hint">Players holding a seat (Attending or Late) the event needs to go ahead.</Form.Text>
        <FieldError id="event-min-players-error" message={fields.minPlayers} />
      </Form.Group>
      <Form.Group className="mb-2" controlId="event-quorum-check">
        <Form.Label>Check the minimum</Form.Label>
        <Form.Select
          value={value.quorumCheckMinutes ?? ''}
          disabled={noMinimum}
          onChange={(e) => {
            const quorumCheckMinutes = e.target.value === '' ? null : Number(e.target.value);
            onChange({ ...value, quorumCheckMinutes, autoCancel: quorumCheckMinutes === null ? false : value.autoCancel });
          }}
          isInvalid={Boolean(fields.quorumCheckMinutes)}
          aria-describedby={describedBy('event-quorum-check-hint', fields.quorumCheckMinutes, 'event-quorum-check-error')}
        >
          <option value="">Don't check</option>
          {QUORUM_CHECK_CHOICES.map((minutes) => (
            <option key={minutes} value={minutes}>
              {quorumCheckLabel(minutes)} before the start
            </option>
          ))}
        </Form.Select>
        <Form.Text id="event-quorum-check-hint">
          {noMinimum
            ? 'Choose a minimum first.'
            : 'If fewer players hold a seat then, you get a mail and the event is marked Below minimum.'}
        </Form.Text>
        <FieldError id="event-quorum-check-error" message={fields.quorumCheckMinutes} />
      </Form.Group>
      <Form.Check
        id="event-auto-cancel"
        type="checkbox"
        label="Cancel the event automatically if it is below the minimum then (its attendees are mailed)"
        checked={!noCheck && value.autoCancel}
        disabled={noCheck}
        onChange={(e) => onChange({ ...value, autoCancel: e.target.checked })}
        isInvalid={Boolean(fields.autoCancel)}
        aria-describedby={fields.autoCancel ? 'event-auto-cancel-error' : undefined}
      />
      <FieldError id="event-auto-cancel-error" message={fields.autoCancel} />
    </fieldset>
  );
}
