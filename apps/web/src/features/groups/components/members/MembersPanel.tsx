import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import type { Role } from '@smm/shared/constants';
import type { Viewer } from '@smm/shared/groups/policy';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import { errorBodyOf } from '../../../../lib/api-client';
import { useToast } from '../../../../lib/ui/toasts';
import { useKickMember } from '../../api/kick-member';
import { useUpdateMemberRole } from '../../api/update-member-role';
import { EditMembersModal } from './EditMembersModal';
import { MembersTable } from '../../../../lib/ui/MembersTable';

interface Props {
  group: FullGroupDto;
  viewer: Viewer;
  /** Civilization groups: 'Role' and an Edit button; clans: 'Rank' and 'Edit Members'. */
  variant: 'civ' | 'clan';
}

/** The Members panel of Group Settings, with the dialog that changes roles and kicks. */
export function MembersPanel({ group, viewer, variant }: Props) {
  const [editing, setEditing] = useState(false);
  const updateRole = useUpdateMemberRole(group._id);
  const kick = useKickMember(group._id);
  const toast = useToast();
  const busyUserID = updateRole.isPending ? (updateRole.variables?.userID ?? null) : kick.isPending ? (kick.variables ?? null) : null;
  const failed = (error: unknown) => toast({ title: 'Error!', body: errorBodyOf(error).message, variant: 'danger' });

  function changeRole(member: { userID: string; username: string }, role: Role) {
    updateRole.mutate(
      { userID: member.userID, role },
      {
        onSuccess: () =>
          toast({
            title: 'Success!',
            body: `${member.username} is now ${role === 'Administrator' ? 'an Administrator' : 'a Member'}`,
            variant: 'success',
          }),
        onError: failed,
      },
    );
  }

  function kickMember(member: { userID: string; username: string }) {
    kick.mutate(member.userID, {
      onSuccess: () => toast({ title: 'Success!', body: `Kicked ${member.username} from the group`, variant: 'success' }),
      onError: failed,
    });
  }

  const editLabel = variant === 'civ' ? 'Edit' : 'Edit Members';
  return (
    <Card className="h-100">
      <Card.Header className="d-flex align-items-center gap-2">
        <h3 className="h5 mb-0 me-auto">Members</h3>
        <Button
          size="sm"
          variant="outline-primary"
          onClick={() => setEditing(true)}
          aria-label={variant === 'civ' ? 'Edit Members' : undefined}
        >
          {editLabel}
        </Button>
      </Card.Header>
      <Card.Body>
        <MembersTable members={group.members} groupOwner={group.groupOwner} roleHeading={variant === 'civ' ? 'Role' : 'Rank'} />
      </Card.Body>
      {editing && (
        <EditMembersModal
          title="Edit Members"
          members={group.members}
          groupOwner={group.groupOwner}
          viewer={viewer}
          busyUserID={busyUserID}
          onRoleChange={changeRole}
          onKick={kickMember}
          onHide={() => setEditing(false)}
        />
      )}
    </Card>
  );
}
