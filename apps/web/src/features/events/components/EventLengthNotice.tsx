import Alert from 'react-bootstrap/Alert';

/** Says, as it changes, when saving the edit would change how long the event lasts. */
export function EventLengthNotice({ message }: { message: string | null }) {
  // The live region stays in the page so screen readers announce the sentence when it appears.
  return (
    <div role="status" aria-live="polite">
      {message && (
        <Alert variant="warning" className="py-2">
          {message}
        </Alert>
      )}
    </div>
  );
}
