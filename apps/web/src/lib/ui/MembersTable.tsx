import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';

interface MembersTableRow {
  userID: string;
  username: string;
  role: string;
}

interface Props {
  members: readonly MembersTableRow[];
  groupOwner: string;
  /** Clans call the role column Rank. */
  roleHeading?: 'Role' | 'Rank';
}

/** Members and their roles; the owner is marked. Shared by the group area and the invite page. */
export function MembersTable({ members, groupOwner, roleHeading = 'Role' }: Props) {
  return (
    <Table size="sm" className="mb-0" responsive>
      <thead>
        <tr>
          <th scope="col">Member</th>
          <th scope="col">{roleHeading}</th>
        </tr>
      </thead>
      <tbody>
        {members.map((member) => (
          <tr key={member.userID}>
            <td className="text-break">
              {member.username}
              {member.userID === groupOwner && (
                <Badge bg="dark" className="ms-2">
                  Owner
                </Badge>
              )}
            </td>
            <td>{member.role}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
