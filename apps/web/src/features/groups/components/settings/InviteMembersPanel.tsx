import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useLocation, useNavigate } from 'react-router';
import { can } from '@smm/shared/groups/policy';
import { Loading } from '../../../../lib/ui/Loading';
import { useFullGroup } from '../../api/get-full-group';
import { useGroupArea } from '../area/group-area';
import { InviteLink } from './InviteLink';

/** Router state of the first visit to a group just created: its owner gets the invite link at hand. */
export interface NewGroupState {
  newGroup: true;
}

export const isNewGroupState = (state: unknown): state is NewGroupState =>
  typeof state === 'object' && state !== null && (state as Partial<NewGroupState>).newGroup === true;

/** "Invite members": the new group's invite link with Copy, until the owner closes it. */
export function InviteMembersPanel() {
  const location = useLocation();
  const navigate = useNavigate();
  const { groupID, context } = useGroupArea();
  const full = useFullGroup(groupID);
  if (!isNewGroupState(location.state) || !can('viewInviteLink', context)) return null;
  const close = () => void navigate(location.pathname + location.search, { replace: true, state: null });
  return (
    <Card as="section" aria-labelledby="invite-members-title" className="mb-3 border-primary">
      <Card.Body>
        <Card.Title as="h2" id="invite-members-title" className="h5">
          Invite members
        </Card.Title>
        <p>Your group is ready. Send this link to your players: it lets them join.</p>
        {full.data ? (
          <InviteLink groupID={groupID} inviteURL={full.data.inviteURL} context={context} />
        ) : full.isError ? (
          <p className="text-danger mb-0">{full.error.message}</p>
        ) : (
          <Loading label="Loading the invite link…" />
        )}
        <Button variant="outline-secondary" size="sm" className="mt-3" onClick={close}>
          Done
        </Button>
      </Card.Body>
    </Card>
  );
}
