import Button from 'react-bootstrap/Button';

/** Said while an editor is open and a newer version of its item arrived (live). */
export const CHANGED_MEANWHILE_MESSAGE = 'Changed by someone else';

interface Props {
  /** The server's 409 message after a save refused because the item changed meanwhile; null when none. */
  conflict: string | null;
  /** A newer version arrived while the editor was open (nothing was saved yet). */
  changedMeanwhile: boolean;
  reloading: boolean;
  /** Reads the item again and refills the form with it; the user's text stays until they choose this. */
  onReload: () => void;
}

/**
 * Beside an editor's Save button: a save over someone else's change was refused, or such a change
 * arrived while editing. Nothing is overwritten silently either way: Reload takes their version.
 */
export function EditConflict({ conflict, changedMeanwhile, reloading, onReload }: Props) {
  if (!conflict && !changedMeanwhile) return null;
  return (
    <div role="alert" className="d-flex flex-wrap align-items-center gap-2 small" data-testid="edit-conflict">
      <span className={conflict ? 'text-danger' : 'text-warning-emphasis'}>{conflict ?? `${CHANGED_MEANWHILE_MESSAGE} —`}</span>
      <Button size="sm" variant="outline-primary" onClick={onReload} disabled={reloading}>
        {reloading ? 'Reloading…' : 'Reload'}
      </Button>
    </div>
  );
}
