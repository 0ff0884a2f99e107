import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

interface Props {
  onCancel: () => void;
  /** While the form is being sent: the submit button is disabled and shows `workingLabel`. */
  working: boolean;
  label: string;
  workingLabel: string;
  cancelDisabled?: boolean;
}

/** Cancel and submit for a dialog wrapped in a <Form>: the submit button submits the form. */
export function FormDialogFooter({ onCancel, working, label, workingLabel, cancelDisabled = false }: Props) {
  return (
    <Modal.Footer>
      <Button variant="secondary" onClick={onCancel} disabled={cancelDisabled}>
        Cancel
      </Button>
      <Button type="submit" disabled={working}>
        {working ? workingLabel : label}
      </Button>
    </Modal.Footer>
  );
}
