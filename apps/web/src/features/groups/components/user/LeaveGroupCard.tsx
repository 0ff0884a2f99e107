import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { OWNER_LEAVE_ALERT_TIMEOUT_MS } from '@smm/shared/constants';
import { OWNER_CANNOT_LEAVE_MESSAGE } from '@smm/shared/groups/messages';
import { can } from '@smm/shared/groups/policy';
import { errorBodyOf } from '../../../../lib/api-client';
import { ConfirmDialog } from '../../../../lib/ui/ConfirmDialog';
import { useToast } from '../../../../lib/ui/toasts';
import { useAppState } from '../../../auth/app-state';
import { useForgetGroup } from '../../api/forget-group';
import { useLeaveGroup } from '../../api/leave-group';
import type { GroupArea } from '../area/group-area';

/** The User card: who you are in the group, and Leave Group; the owner, who cannot leave, is told to delete instead. */
export function LeaveGroupCard({ groupID, group, context, user }: Pick<GroupArea, 'groupID' | 'group' | 'context' | 'user'>) {
  const [confirming, setConfirming] = useState(false);
  const leave = useLeaveGroup();
  const forgetGroup = useForgetGroup();
  const { showAlert } = useAppState();
  const toast = useToast();
  const role = group.members.find((member) => member.userID === user.id)?.role;

  function submit() {
    if (!can('leaveGroup', context)) {
      setConfirming(false);
      showAlert('danger', OWNER_CANNOT_LEAVE_MESSAGE, OWNER_LEAVE_ALERT_TIMEOUT_MS);
      return;
    }
    leave.mutate(
      { groupID, userID: user.id },
      {
        onSuccess: () => {
          toast({ title: 'Success!', body: `You left ${group.groupName}`, variant: 'success' });
          forgetGroup(groupID, user.id);
        },
        onError: (error) => {
          setConfirming(false);
          const { message } = errorBodyOf(error);
          showAlert('danger', message, message === OWNER_CANNOT_LEAVE_MESSAGE ? OWNER_LEAVE_ALERT_TIMEOUT_MS : undefined);
        },
      },
    );
  }

  return (
    <Card className="h-100">
      <Card.Header>
        <h3 className="h5 mb-0">User</h3>
      </Card.Header>
      <Card.Body>
        <dl className="row mb-3">
          <dt className="col-5">Username</dt>
          <dd className="col-7 text-break">{user.username}</dd>
          <dt className="col-5">Role</dt>
          <dd className="col-7">{role}</dd>
        </dl>
        {context.viewer === 'owner' ? (
          // The owner cannot leave (spec): no button that always refuses, the rule and the way out instead.
          <p className="text-body-secondary mb-0" data-testid="owner-cannot-leave">
            {OWNER_CANNOT_LEAVE_MESSAGE}: as the owner you can delete the group in Group Settings.
          </p>
        ) : (
          <Button variant="outline-danger" onClick={() => setConfirming(true)}>
            Leave Group
          </Button>
        )}
      </Card.Body>
      <ConfirmDialog
        show={confirming}
        title="Leave Group"
        question="Are you sure you wish to leave the group?"
        working={leave.isPending}
        workingLabel="Leaving…"
        confirmLabel="Leave"
        onConfirm={submit}
        onHide={() => setConfirming(false)}
      />
    </Card>
  );
}
