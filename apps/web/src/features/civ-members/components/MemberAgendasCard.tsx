import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import type { PublicGroupMemberDto } from '@smm/shared/groups/schemas';
import { Loading } from '../../../lib/ui/Loading';
import { MembersTable, type MembersTableColumn } from '../../../lib/ui/MembersTable';
import { useGroupLeaderAgendas } from '../api/get-group-leader-agendas';

interface Props {
  groupID: string;
  members: readonly PublicGroupMemberDto[];
  groupOwner: string;
}

/** The members table of the Members page: Member, Leader Agenda and Role, the owner marked. */
export function MemberAgendasCard({ groupID, members, groupOwner }: Props) {
  const agendas = useGroupLeaderAgendas(groupID);
  const agendaOf = new Map(agendas.data?.map((row) => [row.userID, row.userLeaderAgenda.trim()]));
  const agendaColumn: MembersTableColumn<PublicGroupMemberDto> = {
    heading: 'Leader Agenda',
    className: 'members-agenda',
    cell: (member) => agendaOf.get(member.userID) || <span className="text-body-secondary">Not set</span>,
  };

  return (
    <Card className="mb-3">
      <Card.Header>
        <h3 className="h5 mb-0">Roles and Leader Agendas</h3>
      </Card.Header>
      <Card.Body>
        {agendas.isPending ? (
          <Loading label="Loading members…" />
        ) : (
          <>
            {agendas.isError && <Alert variant="warning">The leader agendas could not be loaded ({agendas.error.message}).</Alert>}
            <MembersTable members={members} groupOwner={groupOwner} extraColumns={[agendaColumn]} />
          </>
        )}
      </Card.Body>
    </Card>
  );
}
