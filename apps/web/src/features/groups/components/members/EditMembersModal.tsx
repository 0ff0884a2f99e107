import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import Table from 'react-bootstrap/Table';
import { ROLES, type Role } from '@smm/shared/constants';
import { canKick, roleSelectDisabled, type Viewer } from '@smm/shared/groups/policy';
import type { GroupMemberDto } from '@smm/shared/groups/schemas';

export interface EditMembersProps {
  title: string;
  members: readonly Pick<GroupMemberDto, 'userID' | 'username' | 'role'>[];
  groupOwner: string;
  viewer: Viewer;
  /** The member whose role or membership is being saved, if any. */
  busyUserID: string | null;
  onRoleChange: (member: { userID: string; username: string }, role: Role) => void;
  onKick: (member: { userID: string; username: string }) => void;
  onHide: () => void;
}

/**
 * A role select and a Kick button per member. Spec 5: the select is disabled on the owner's row,
 * and on Administrators' rows unless the viewer is the owner; Kick shows only to the owner, never
 * on the owner's row.
 */
export function EditMembersModal({ title, members, groupOwner, viewer, busyUserID, onRoleChange, onKick, onHide }: EditMembersProps) {
  return (
    <Modal show onHide={onHide} backdrop="static" keyboard={false} size="lg" aria-labelledby="edit-members-title">
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title id="edit-members-title">{title}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Table size="sm" className="align-middle mb-0" responsive>
          <thead>
            <tr>
              <th scope="col">Member</th>
              <th scope="col">Role</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((member) => {
              const row = { isOwner: member.userID === groupOwner, role: member.role };
              const busy = busyUserID === member.userID;
              return (
                <tr key={member.userID}>
                  <td className="text-break">{member.username}</td>
                  <td>
                    <Form.Select
                      size="sm"
                      className="member-role-select"
                      aria-label={`Role of ${member.username}`}
                      value={member.role}
                      disabled={roleSelectDisabled(viewer, row) || busy}
                      onChange={(e) => onRoleChange(member, e.target.value as Role)}
                    >
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {role}
                        </option>
                      ))}
                    </Form.Select>
                  </td>
                  <td className="text-end">
                    {canKick(viewer, row) && (
                      <Button
                        size="sm"
                        variant="outline-danger"
                        onClick={() => onKick(member)}
                        disabled={busy}
                        aria-label={`Kick ${member.username}`}
                      >
                        Kick
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
