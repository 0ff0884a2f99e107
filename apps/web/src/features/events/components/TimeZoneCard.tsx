import { useMemo } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { errorBodyOf } from '../../../lib/api-client';
import { useToast } from '../../../lib/ui/toasts';
import { browserTimeZone, useSaveTimeZone, useSavedTimeZone } from '../api/time-zone';

/** Every zone the browser knows, UTC included. */
function allTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

/** The profile's time zone for event times; by default the browser's. Saved as soon as it changes. */
export function TimeZoneCard({ userID }: { userID: string }) {
  const saved = useSavedTimeZone(userID);
  const save = useSaveTimeZone(userID);
  const toast = useToast();
  const zones = useMemo(allTimeZones, []);
  const value = (save.isPending ? save.variables : saved.data?.timeZone) ?? '';

  function change(timeZone: string) {
    save.mutate(timeZone || null, {
      onSuccess: (data) =>
        toast({ title: 'Success!', body: `Event times are shown in ${data.timeZone ?? browserTimeZone()}`, variant: 'success' }),
      onError: (error) => toast({ title: 'Error!', body: errorBodyOf(error).message, variant: 'danger' }),
    });
  }

  return (
    <Card className="mt-3">
      <Card.Body>
        <Form.Group controlId="time-zone">
          <Form.Label className="fw-semibold">Time Zone</Form.Label>
          <div className="d-flex align-items-center gap-2">
            <Form.Select
              value={value}
              onChange={(e) => change(e.target.value)}
              disabled={saved.isPending || save.isPending}
              aria-describedby="time-zone-help"
            >
              <option value="">Browser default ({browserTimeZone()})</option>
              {zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </Form.Select>
            {(saved.isPending || save.isPending) && <Spinner animation="border" size="sm" role="status" aria-label="Saving" />}
          </div>
          <Form.Text id="time-zone-help">Event times and event mails use this time zone.</Form.Text>
        </Form.Group>
      </Card.Body>
    </Card>
  );
}
