import { useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

interface Props {
  username: string;
  /** Which of the two kicks is being sent, if any: its button shows "Kicking…" and both are disabled. */
  working: 'kick' | 'kickAndReplace' | null;
  /** The server's message when the kick was refused. */
  error: string | null;
  onKick: (replaceInviteLink: boolean) => void;
  onHide: () => void;
}

/**
 * Asks before a member is kicked, naming them. "Kick and replace the invite link" also replaces the
 * group's invite code, so the link the member already has stops working.
 */
export function KickMemberDialog({ username, working, error, onKick, onHide }: Props) {
  const titleID = useId();
  const busy = working !== null;
  return (
    <Modal show onHide={onHide} backdrop="static" keyboard={false} aria-labelledby={titleID}>
      <Modal.Header closeButton={!busy} closeLabel="Close">
        <Modal.Title id={titleID}>Kick {username}?</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {error && (
          <Alert variant="danger" role="alert">
            {error}
          </Alert>
        )}
        <p>
          <strong className="text-break">{username}</strong> will leave the group and give up their event seats.
        </p>
        <p className="mb-0">
          They can rejoin with the invite link they already have, unless you replace it. Other members will need the new link.
        </p>
      </Modal.Body>
      <Modal.Footer className="flex-wrap">
        <Button variant="secondary" onClick={onHide} disabled={busy}>
          Cancel
        </Button>
        <Button variant="danger" onClick={() => onKick(false)} disabled={busy}>
          {working === 'kick' ? 'Kicking…' : 'Kick'}
        </Button>
        <Button variant="danger" onClick={() => onKick(true)} disabled={busy}>
          {working === 'kickAndReplace' ? 'Kicking…' : 'Kick and replace the invite link'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
