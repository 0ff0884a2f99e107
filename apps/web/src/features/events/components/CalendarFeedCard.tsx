import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import { errorBodyOf } from '../../../lib/api-client';
import { Loading } from '../../../lib/ui/Loading';
import { useCalendarFeedStatus, useCreateCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feed';
import { useTimedMessage } from './use-timed-message';

/**
 * The private calendar link: the events of all the user's groups, for a phone or calendar app to
 * subscribe to. The server keeps only a hash, so the link shows once; a new link retires the old.
 */
export function CalendarFeedCard({ userID }: { userID: string }) {
  const status = useCalendarFeedStatus(userID);
  const create = useCreateCalendarFeed(userID);
  const revoke = useRevokeCalendarFeed(userID);
  const [url, setUrl] = useState<string | null>(null);
  const [copied, showCopied] = useTimedMessage();
  const busy = create.isPending || revoke.isPending;
  const error = create.error ?? revoke.error;

  const makeLink = () => create.mutate(undefined, { onSuccess: (created) => setUrl(created.url) });
  const turnOff = () => revoke.mutate(undefined, { onSuccess: () => setUrl(null) });
  async function copy() {
    try {
      await navigator.clipboard.writeText(url ?? '');
      showCopied('Copied!');
    } catch {
      showCopied('Error');
    }
  }

  return (
    <Card className="mt-3">
      <Card.Body>
        <h2 className="h6 fw-semibold">Calendar Link</h2>
        <p className="text-body-secondary small">Subscribe to the events of all your groups from your phone or calendar app.</p>
        {error && (
          <Alert variant="danger" role="alert">
            {errorBodyOf(error).message}
          </Alert>
        )}
        {status.isPending ? (
          <Loading label="Loading calendar link…" />
        ) : url ? (
          <>
            <Form.Label htmlFor="calendar-url">Your calendar link</Form.Label>
            <InputGroup className="mb-2">
              <Form.Control
                id="calendar-url"
                readOnly
                value={url}
                onFocus={(e) => e.target.select()}
                aria-describedby="calendar-url-help"
              />
              <Button variant="outline-secondary" onClick={() => void copy()}>
                Copy
              </Button>
            </InputGroup>
            {copied && (
              <div role="status" className={`small mb-2 ${copied === 'Copied!' ? 'text-success' : 'text-danger'}`}>
                {copied}
              </div>
            )}
            <Form.Text id="calendar-url-help" className="d-block mb-2">
              Keep it private: anyone with this link can see your groups' events. It is shown only now.
            </Form.Text>
          </>
        ) : status.data?.active ? (
          <p className="small">
            Your calendar link is on (made {new Date(status.data.createdAt ?? '').toLocaleDateString()}). It is shown only once: get a new
            link to see one again, and the old link stops working.
          </p>
        ) : null}
        {!status.isPending && (
          <div className="d-flex flex-wrap gap-2">
            <Button onClick={makeLink} disabled={busy}>
              {create.isPending ? 'Creating…' : status.data?.active ? 'Get a new link' : 'Create calendar link'}
            </Button>
            {status.data?.active && (
              <Button variant="outline-danger" onClick={turnOff} disabled={busy}>
                {revoke.isPending ? 'Turning off…' : 'Turn off'}
              </Button>
            )}
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
