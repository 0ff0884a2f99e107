import { useId, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

interface Props {
  show?: boolean;
  title: ReactNode;
  question: ReactNode;
  /** Shown under the question, e.g. the name of what is being deleted. */
  children?: ReactNode;
  /** True while the confirmed action runs: the confirm button is disabled and shows workingLabel. */
  working: boolean;
  workingLabel: string;
  /** What the confirm button does, in a word: "Delete", "Leave", "Kick" (never a bare "Submit"). */
  confirmLabel: string;
  /** Without it the dialog can only be left with Cancel. */
  closeButton?: boolean;
  cancelDisabled?: boolean;
  /** The confirm button stays disabled until the question is answered (e.g. a name typed). */
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onHide: () => void;
}

/**
 * A yes-or-no question before a destructive action. The backdrop and Escape do not dismiss it, so a
 * stray click cannot be mistaken for an answer.
 */
export function ConfirmDialog({
  show = true,
  title,
  question,
  children,
  working,
  workingLabel,
  confirmLabel,
  closeButton = true,
  cancelDisabled = false,
  confirmDisabled = false,
  onConfirm,
  onHide,
}: Props) {
  const titleID = useId();
  return (
    <Modal show={show} onHide={onHide} backdrop="static" keyboard={false} aria-labelledby={titleID}>
      <Modal.Header closeButton={closeButton} closeLabel="Close">
        <Modal.Title id={titleID}>{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className={children ? 'mb-1' : 'mb-0'}>{question}</p>
        {children}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide} disabled={cancelDisabled}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={working || confirmDisabled}>
          {working ? workingLabel : confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
