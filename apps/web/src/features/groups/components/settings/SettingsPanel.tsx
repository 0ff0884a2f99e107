import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { canDeleteGroup, type GroupContext } from '@smm/shared/groups/policy';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { DeleteGroupModal } from './DeleteGroupModal';
import { EditGroupSettingsModal } from './EditGroupSettingsModal';
import { InviteLink } from './InviteLink';

/** The Settings panel of Group Settings: privacy, invite link and, for the owner, Delete Group. */
export function SettingsPanel({ group, context, userID }: { group: FullGroupDto; context: GroupContext; userID: string }) {
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  return (
    <Card className="h-100">
      <Card.Header className="d-flex align-items-center gap-2">
        <h3 className="h5 mb-0 me-auto">Settings</h3>
        <Button size="sm" variant="outline-primary" onClick={() => setDialog('edit')} aria-label="Edit Group Settings">
          Edit
        </Button>
      </Card.Header>
      <Card.Body className="d-grid gap-3">
        <div>
          <span className="text-body-secondary small d-block">Privacy</span>
          <span className="fw-semibold" data-testid="group-privacy">
            {group.isPrivate ? 'Private Group' : 'Public Group'}
          </span>
        </div>
        <InviteLink groupID={group._id} inviteURL={group.inviteURL} context={context} />
        {canDeleteGroup(context.viewer) && (
          <div>
            <Button variant="danger" onClick={() => setDialog('delete')}>
              Delete Group
            </Button>
          </div>
        )}
      </Card.Body>
      {dialog === 'edit' && <EditGroupSettingsModal groupID={group._id} isPrivate={group.isPrivate} onHide={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <DeleteGroupModal groupID={group._id} groupName={group.groupName} userID={userID} onHide={() => setDialog(null)} />
      )}
    </Card>
  );
}
