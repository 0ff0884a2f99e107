import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { errorBodyOf } from '../../../lib/api-client';
import { useStartSteamLink } from '../api/start-steam-link';

/** 'Link Steam Account': opens Steam's sign-in page, which returns to /steamlink. */
export function LinkSteamButton({ label = 'Link Steam Account' }: { label?: string }) {
  const start = useStartSteamLink();
  // Still busy after success: the browser is on its way to Steam.
  const leaving = start.isPending || start.isSuccess;
  return (
    <>
      {start.isError && (
        <Alert variant="danger" role="alert">
          {errorBodyOf(start.error).message}
        </Alert>
      )}
      <Button onClick={() => start.mutate()} disabled={leaving}>
        {leaving && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        {leaving ? 'Opening Steam…' : label}
      </Button>
    </>
  );
}
