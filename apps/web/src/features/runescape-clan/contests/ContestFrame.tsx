import type { ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { ApiError, errorBodyOf } from '../../../lib/api-client';

interface FrameProps {
  /** The id of the page's title, whichever of the contest, "No such…" or a load failure shows it. */
  titleID: string;
  /** 'competition' or 'bingo', as the texts say it. */
  noun: string;
  /** The contest list's name and path: "Competitions", "Bingo". */
  listName: string;
  listPath: string;
  /** The contest's id from the link; null when the link names none. */
  contestID: string | null;
  children: (contestID: string) => ReactNode;
}

/** One competition's or bingo's page: a way back to the list, then the contest, or word that the link names none. */
export function ContestFrame({ titleID, noun, listName, listPath, contestID, children }: FrameProps) {
  return (
    <section aria-labelledby={titleID} className="mt-3">
      <Link to={listPath} className="small">
        ← Back to {listName}
      </Link>
      {contestID ? (
        children(contestID)
      ) : (
        <Alert variant="warning" className="mt-2">
          <h2 id={titleID} className="h5">
            No such {noun}
          </h2>
          This link does not name a {noun}. Open one from the {listName} page.
        </Alert>
      )}
    </section>
  );
}

interface LoadErrorProps {
  titleID: string;
  /** 'competition' or 'bingo', as the texts say it. */
  noun: string;
  error: Error;
  retrying: boolean;
  onRetry: () => void;
}

/** Why a contest could not be shown: deleted (404), or a failure with Try again. */
export function ContestLoadError({ titleID, noun, error, retrying, onRetry }: LoadErrorProps) {
  const gone = error instanceof ApiError && error.status === 404;
  return (
    <Alert variant={gone ? 'warning' : 'danger'} className="mt-2">
      <h2 id={titleID} className="h5">
        {gone ? `${noun.charAt(0).toUpperCase()}${noun.slice(1)} not found` : `The ${noun} could not be loaded`}
      </h2>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="me-auto">{gone ? 'It may have been deleted.' : errorBodyOf(error).message}</span>
        {!gone && (
          <Button variant="outline-danger" size="sm" onClick={onRetry} disabled={retrying}>
            Try again
          </Button>
        )}
      </div>
    </Alert>
  );
}
