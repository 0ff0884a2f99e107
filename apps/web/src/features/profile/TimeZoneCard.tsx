import { useMemo, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { errorBodyOf } from '../../lib/api-client';
import { FieldError } from '../../lib/ui/FieldError';
import { useToast } from '../../lib/ui/toasts';
import { browserTimeZone, useSaveTimeZone, useSavedTimeZone } from '../events/api/time-zone';
import { allTimeZones, matchTimeZone } from './time-zones';

/**
 * The profile's time zone for event times and event mails: a searchable list of the IANA zones
 * (type part of a name, pick from the suggestions, Save), and a one-click "this browser's zone".
 */
export function TimeZoneCard({ userID }: { userID: string }) {
  const saved = useSavedTimeZone(userID);
  const save = useSaveTimeZone(userID);
  const toast = useToast();
  const zones = useMemo(allTimeZones, []);
  // Some 400 suggestions: built once, not on every key press.
  const options = useMemo(
    () => (
      <datalist id="time-zone-options">
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    ),
    [zones],
  );
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const browserZone = browserTimeZone();
  const savedZone = saved.data?.timeZone ?? null;
  const value = draft ?? savedZone ?? '';

  function store(timeZone: string) {
    setError(undefined);
    save.mutate(timeZone, {
      onSuccess: (data) => {
        setDraft(null);
        toast({ title: 'Success!', body: `Event times are shown in ${data.timeZone ?? browserZone}`, variant: 'success' });
      },
      onError: (e) => setError(errorBodyOf(e).message),
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const zone = matchTimeZone(value, zones);
    if (!zone) return setError('Choose a time zone from the list, for example Europe/Berlin.');
    store(zone);
  }

  const busy = saved.isPending || save.isPending;
  return (
    <Card className="mt-3">
      <Card.Body>
        <Form onSubmit={submit} noValidate aria-busy={busy}>
          <Form.Group controlId="time-zone">
            <Form.Label className="fw-semibold">Time Zone</Form.Label>
            <InputGroup hasValidation>
              <Form.Control
                list="time-zone-options"
                value={value}
                onChange={(e) => {
                  setDraft(e.target.value);
                  setError(undefined);
                }}
                placeholder={saved.isPending ? 'Loading…' : 'Type to search, e.g. Berlin'}
                autoComplete="off"
                spellCheck={false}
                disabled={saved.isPending}
                isInvalid={Boolean(error)}
                aria-describedby={error ? 'time-zone-error time-zone-help' : 'time-zone-help'}
              />
              <Button type="submit" disabled={busy}>
                {save.isPending ? 'Saving…' : 'Save'}
              </Button>
            </InputGroup>
            {options}
            <FieldError id="time-zone-error" message={error} />
            {saved.isError && <FieldError id="time-zone-load-error" message={saved.error.message} />}
            <Form.Text id="time-zone-help">
              Event times and event mails use this time zone.
              {!saved.isPending && !savedZone && ' None is saved yet, so mails use UTC.'}
            </Form.Text>
          </Form.Group>
          {savedZone !== browserZone && (
            <Button variant="link" className="px-0" onClick={() => store(browserZone)} disabled={busy}>
              Use this browser&apos;s time zone ({browserZone})
            </Button>
          )}
        </Form>
      </Card.Body>
    </Card>
  );
}
