import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { Loading } from '../../../lib/ui/Loading';
import { useAttendanceRates } from '../api/event-attendance';

/** "75% (3 of 4)": how often a member came, of the events they were marked for. */
export const rateText = (rate: { attended: number; marked: number }): string =>
  `${Math.round((rate.attended / rate.marked) * 100)}% (${rate.attended} of ${rate.marked})`;

interface Props {
  groupID: string;
  members: readonly { userID: string; username: string }[];
}

/**
 * Each member's attendance rate over the group's events, for Administrators only: the page renders
 * it for them alone, and the server refuses the rates to anyone else. A card of its own, so the
 * spec's members table keeps its columns.
 */
export function AttendanceRatesCard({ groupID, members }: Props) {
  const rates = useAttendanceRates(groupID, true);
  const rateOf = new Map(rates.data?.map((rate) => [rate.userID, rate]));
  return (
    <Card className="mb-3">
      <Card.Header>
        <h3 className="h5 mb-0">Attendance</h3>
      </Card.Header>
      <Card.Body>
        <p className="small text-body-secondary">
          How often each member came, of the past events where their creator or an Administrator marked who came. Only Administrators see
          this.
        </p>
        {rates.isPending ? (
          <Loading label="Loading attendance…" />
        ) : rates.isError ? (
          <Alert variant="warning" className="mb-0">
            The attendance rates could not be loaded ({rates.error.message}).
          </Alert>
        ) : (
          <div className="table-responsive" tabIndex={0} role="region" aria-label="Attendance rates">
            <Table size="sm" className="mb-0">
              <thead>
                <tr>
                  <th scope="col">Member</th>
                  <th scope="col">Attendance</th>
                </tr>
              </thead>
              <tbody>
                {members.map((member) => {
                  const rate = rateOf.get(member.userID);
                  return (
                    <tr key={member.userID}>
                      <th scope="row" className="fw-normal">
                        {member.username}
                      </th>
                      <td className="text-nowrap">
                        {rate && rate.marked > 0 ? rateText(rate) : <span className="text-body-secondary">Not marked yet</span>}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
