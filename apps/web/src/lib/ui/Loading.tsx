import Spinner from 'react-bootstrap/Spinner';

/** The spinner every long wait shows. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="d-flex justify-content-center align-items-center py-5" role="status" aria-live="polite">
      <Spinner animation="border" aria-hidden="true" className="me-2" />
      <span>{label}</span>
    </div>
  );
}
