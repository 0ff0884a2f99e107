import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { errorBodyOf } from '../../../../lib/api-client';
import { ConfirmDialog } from '../../../../lib/ui/ConfirmDialog';
import { useToast } from '../../../../lib/ui/toasts';
import { useDeleteGroup } from '../../api/delete-group';
import { useForgetGroup } from '../../api/forget-group';

interface Props {
  groupID: string;
  groupName: string;
  userID: string;
  onHide: () => void;
}

/** The name as typed to confirm: surrounding spaces and letter case do not matter. */
const sameName = (typed: string, name: string) => typed.trim().toLowerCase() === name.trim().toLowerCase();

/** Confirms deleting the group by typing its name, saying what goes with it; a 200 leads to /dashboard. */
export function DeleteGroupModal({ groupID, groupName, userID, onHide }: Props) {
  const [typed, setTyped] = useState('');
  const confirmed = sameName(typed, groupName);
  const remove = useDeleteGroup();
  const forgetGroup = useForgetGroup();
  const toast = useToast();

  function submit() {
    if (!confirmed) return;
    remove.mutate(groupID, {
      onSuccess: () => {
        toast({ title: 'Success!', body: `Deleted ${groupName}`, variant: 'success' });
        forgetGroup(groupID, userID);
      },
      onError: (error) => toast({ title: 'Error!', body: errorBodyOf(error).message, variant: 'danger' }),
    });
  }

  return (
    <ConfirmDialog
      title="Delete Group"
      question="Are you sure you wish to permanently delete this group?"
      working={remove.isPending}
      workingLabel="Deleting…"
      confirmLabel="Delete"
      confirmDisabled={!confirmed}
      onConfirm={submit}
      onHide={onHide}
    >
      <p className="small">
        Its members lose it, and its events and sign-ups, Welcome cards, games, results, comments and notes go with it. This cannot be
        undone.
      </p>
      <Form.Group controlId="delete-group-name">
        <Form.Label>
          Type <strong>{groupName}</strong> to confirm
        </Form.Label>
        <Form.Control value={typed} onChange={(e) => setTyped(e.target.value)} autoComplete="off" spellCheck={false} autoFocus />
      </Form.Group>
    </ConfirmDialog>
  );
}
