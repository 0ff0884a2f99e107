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
import { KickMemberDialog } from './KickMemberDialog';
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
  /** The member the owner asked to kick: the confirmation shows in place of the Edit Members dialog. */
  const [kicking, setKicking] = useState<{ userID: string; username: string } | null>(null);
  const updateRole = useUpdateMemberRole(group._id);
  const kick = useKickMember(group._id);
  const toast = useToast();
  const busyUserID = updateRole.isPending
    ? (updateRole.variables?.userID ?? null)
    : kick.isPending
      ? (kick.variables?.userID ?? null)
      : null;
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

  function askToKick(member: { userID: string; username: string }) {
    kick.reset();
    setKicking(member);
  }

  function kickMember(member: { userID: string; username: string }, replaceInviteLink: boolean) {
    kick.mutate(
      { userID: member.userID, replaceInviteLink },
      {
        onSuccess: () => {
          setKicking(null);
          const replaced = replaceInviteLink ? ' and replaced the invite link' : '';
          toast({ title: 'Success!', body: `Kicked ${member.username} from the group${replaced}`, variant: 'success' });
        },
      },
    );
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
      {editing && !kicking && (
        <EditMembersModal
          title="Edit Members"
          members={group.members}
          groupOwner={group.groupOwner}
          viewer={viewer}
          busyUserID={busyUserID}
          onRoleChange={changeRole}
          onKick={askToKick}
          onHide={() => setEditing(false)}
        />
      )}
      {kicking && (
        <KickMemberDialog
          username={kicking.username}
          working={kick.isPending ? (kick.variables?.replaceInviteLink ? 'kickAndReplace' : 'kick') : null}
          error={kick.isError ? errorBodyOf(kick.error).message : null}
          onKick={(replaceInviteLink) => kickMember(kicking, replaceInviteLink)}
          onHide={() => setKicking(null)}
        />
      )}
    </Card>
  );
}
