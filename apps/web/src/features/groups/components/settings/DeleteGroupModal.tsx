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
    <ConfirmDialog
      title="Delete Group"
      question="Are you sure you wish to permanently delete this group?"
      working={remove.isPending}
      workingLabel="Deleting…"
      confirmLabel="Delete"
      onConfirm={submit}
      onHide={onHide}
    />
  );
}
