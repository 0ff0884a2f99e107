import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

interface Props {
  onCancel: () => void;
  /** While the form is being sent: the submit button is disabled and shows `workingLabel`. */
  working: boolean;
  label: string;
  workingLabel: string;
  cancelDisabled?: boolean;
  /** What stops the form from being sent, said beside the submit button where the eye is (the field says it too). */
  problem?: string;
  /** Shown between that and the buttons, e.g. a refused save's Reload. */
  beside?: ReactNode;
}

/** Cancel and submit for a dialog wrapped in a <Form>: the submit button submits the form. */
export function FormDialogFooter({ onCancel, working, label, workingLabel, cancelDisabled = false, problem, beside }: Props) {
  return (
    <Modal.Footer>
      <span className="me-auto small text-danger" aria-live="polite" data-testid="form-problem">
        {problem}
      </span>
      {beside}
      <Button variant="secondary" onClick={onCancel} disabled={cancelDisabled}>
        Cancel
      </Button>
      <Button type="submit" disabled={working}>
        {working ? workingLabel : label}
      </Button>
    </Modal.Footer>
  );
}
