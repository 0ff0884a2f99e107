import Form from 'react-bootstrap/Form';
import { EVENT_DESCRIPTION_MAX, type EventDto } from '@smm/shared/events/schemas';
import { FieldError } from '../../../lib/ui/FieldError';
import { CUTOFF_OPTIONS, repeatUntilMin, type EventExtras } from './event-extras';

interface Props {
  extras: EventExtras;
  onChange: (patch: Partial<EventExtras>) => void;
  /** The event being edited; null when adding one (only then can it repeat). */
  event: EventDto | null;
  /** The picked start on the viewer's wall clock. */
  start: Date | null;
  fields: Record<string, string>;
}

const describedBy = (id: string, error: string | undefined, hint?: string) =>
  [hint, error ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined;

/** Description, Sign-up cutoff, Repeat weekly (until) and, for an occurrence of a series, which events a save changes. */
export function EventExtrasFields({ extras, onChange, event, start, fields }: Props) {
  const cutoffOptions = CUTOFF_OPTIONS.some((option) => option.minutes === extras.cutoff)
    ? CUTOFF_OPTIONS
    : [...CUTOFF_OPTIONS, { minutes: extras.cutoff, label: `${extras.cutoff} minutes before the start` }];
  const repeatError = fields.repeatUntil ?? fields.repeatCount;
  return (
    <div className="mt-3">
      <Form.Group className="mb-3" controlId="event-description">
        <Form.Label>Description</Form.Label>
        <Form.Control
          as="textarea"
          rows={3}
          value={extras.description}
          onChange={(e) => onChange({ description: e.target.value })}
          maxLength={EVENT_DESCRIPTION_MAX}
          isInvalid={Boolean(fields.description)}
          aria-describedby={describedBy('event-description', fields.description, 'event-description-hint')}
        />
        <Form.Text id="event-description-hint">
          Plain text; links starting with http:// or https:// become clickable. {extras.description.length}/{EVENT_DESCRIPTION_MAX}
        </Form.Text>
        <FieldError id="event-description-error" message={fields.description} />
      </Form.Group>

      <Form.Group className="mb-3" controlId="event-cutoff">
        <Form.Label>Sign-up cutoff</Form.Label>
        <Form.Select
          value={extras.cutoff === null ? '' : String(extras.cutoff)}
          onChange={(e) => onChange({ cutoff: e.target.value === '' ? null : Number(e.target.value) })}
          isInvalid={Boolean(fields.signupCutoffMinutes)}
          aria-describedby={describedBy('event-cutoff', fields.signupCutoffMinutes)}
        >
          {cutoffOptions.map((option) => (
            <option key={option.label} value={option.minutes === null ? '' : option.minutes}>
              {option.label}
            </option>
          ))}
        </Form.Select>
        <FieldError id="event-cutoff-error" message={fields.signupCutoffMinutes} />
      </Form.Group>

      {!event && (
        <Form.Group className="mb-3">
          <Form.Check
            id="event-repeat"
            type="checkbox"
            label="Repeat weekly"
            checked={extras.repeat}
            onChange={(e) => onChange({ repeat: e.target.checked, repeatUntil: extras.repeatUntil || (repeatUntilMin(start) ?? '') })}
          />
          {extras.repeat && (
            <div className="mt-2">
              <Form.Label htmlFor="event-repeat-until">Repeat until</Form.Label>
              <Form.Control
                id="event-repeat-until"
                type="date"
                value={extras.repeatUntil}
                min={repeatUntilMin(start)}
                onChange={(e) => onChange({ repeatUntil: e.target.value })}
                isInvalid={Boolean(repeatError)}
                aria-describedby={describedBy('event-repeat-until', repeatError, 'event-repeat-hint')}
              />
              <Form.Text id="event-repeat-hint">Every week at the same time, up to 52 events; each has its own sign-ups.</Form.Text>
              <FieldError id="event-repeat-until-error" message={repeatError} />
            </div>
          )}
        </Form.Group>
      )}

      {event?.seriesID && (
        <fieldset className="mb-3">
          <legend className="form-label fs-6">This event repeats weekly. Save changes to</legend>
          <Form.Check
            id="event-scope-this"
            type="radio"
            name="event-scope"
            label="This event"
            checked={extras.scope === 'this'}
            onChange={() => onChange({ scope: 'this' })}
          />
          <Form.Check
            id="event-scope-series"
            type="radio"
            name="event-scope"
            label="All events in the series"
            checked={extras.scope === 'series'}
            onChange={() => onChange({ scope: 'series' })}
          />
        </fieldset>
      )}
    </div>
  );
}
