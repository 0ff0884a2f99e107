import Alert from 'react-bootstrap/Alert';
import { failureMessage } from '../../../lib/failure-message';

/**
 * Why the server refused a step, next to the control that asked: the server's own words for a refusal
 * (a 400, or a 429 for steps sent too fast), a plain line for anything else.
 */
export function ActionError({ error, id }: { error: unknown; id?: string }) {
  if (!error) return null;
  return (
    <Alert id={id} variant="danger" role="alert" className="py-2 px-3 mt-2 mb-0 small">
      {failureMessage(error, 'The step could not be sent. Check your connection and try again.')}
    </Alert>
  );
}
