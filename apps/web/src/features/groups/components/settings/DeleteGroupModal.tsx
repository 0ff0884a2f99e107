import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { errorBodyOf } from '../../../../lib/api-client';
import { useToast } from '../../../../lib/ui/toasts';
import { useDeleteGroup } from '../../api/delete-group';
import { useForgetGroup } from '../../api/forget-group';

interface Props {
  groupID: string;
  groupName: string;
  userID: string;
  onHide: () => void;
}

/** Confirms deleting the group; a 200 leads to /dashboard. */
export function DeleteGroupModal({ groupID, groupName, userID, onHide }: Props) {
  const remove = useDeleteGroup();
  const forgetGroup = useForgetGroup();
  const toast = useToast();

  function submit() {
    remove.mutate(groupID, {
      onSuccess: () => {
        toast({ title: 'Success!', body: `Deleted ${groupName}`, variant: 'success' });
        forgetGroup(groupID, userID);
      },
      onError: (error) => toast({ title: 'Error!', body: errorBodyOf(error).message, variant: 'danger' }),
    });
  }

  return (
    <Modal show onHide={onHide} backdrop="static" keyboard={false} aria-labelledby="delete-group-title">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id="delete-group-title">Delete Group</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">Are you sure you wish to permanently delete this group?</p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          Cancel
        </Button>
        <Button variant="danger" onClick={submit} disabled={remove.isPending}>
          {remove.isPending ? 'Deleting…' : 'Submit'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
