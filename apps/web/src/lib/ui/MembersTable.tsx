import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';

interface MembersTableRow {
  userID: string;
  username: string;
  role: string;
}

/** A column a page adds between Member and the role, such as a Civilization group's Leader Agenda. */
export interface MembersTableColumn<Row extends MembersTableRow> {
  heading: string;
  cell: (member: Row) => ReactNode;
  /** Classes of its <td>s, e.g. to let long text wrap. */
  className?: string;
}

interface Props<Row extends MembersTableRow> {
  members: readonly Row[];
  groupOwner: string;
  /** Clans call the role column Rank. */
  roleHeading?: 'Role' | 'Rank';
  extraColumns?: readonly MembersTableColumn<Row>[];
}

/** Members and their roles; the owner is marked. Shared by the group area and the invite page. */
export function MembersTable<Row extends MembersTableRow>({ members, groupOwner, roleHeading = 'Role', extraColumns = [] }: Props<Row>) {
  return (
    // A narrow screen scrolls the table sideways: the scrolling box takes keyboard focus so it can be scrolled without a mouse.
    <div className="table-responsive" tabIndex={0} role="region" aria-label="Members">
      <Table size="sm" className="mb-0">
        <thead>
          <tr>
            <th scope="col">Member</th>
            {extraColumns.map((column) => (
              <th key={column.heading} scope="col">
                {column.heading}
              </th>
            ))}
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
              {extraColumns.map((column) => (
                <td key={column.heading} className={column.className}>
                  {column.cell(member)}
                </td>
              ))}
              <td>{member.role}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
