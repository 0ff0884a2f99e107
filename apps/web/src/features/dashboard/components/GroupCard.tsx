import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import type { UserGroupDto } from '@smm/shared/dashboard/schemas';
import type { GroupSummaryDto } from '@smm/shared/groups/schemas';
import { formatEventTime } from '../../events/event-time';

export const welcomePath = (group: Pick<GroupSummaryDto, '_id' | 'linkURL'>) =>
  `/${group.linkURL}/welcome?groupID=${encodeURIComponent(group._id)}`;

const members = (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`;

/**
 * A group on the dashboard: icon, name, game, the viewer's role, the member count and the next
 * event; the whole card opens the group's Welcome page.
 */
export function GroupCard({ group, timeZone }: { group: UserGroupDto; timeZone: string }) {
  const { nextEvent } = group;
  return (
    <Card className="h-100 group-card">
      <Card.Body className="d-flex align-items-start gap-3">
        <img src={group.icon} alt="" className="game-icon flex-shrink-0" width={48} height={48} />
        <div className="min-w-0">
          <Card.Title as="h3" className="h5 mb-1 text-break">
            <Link to={welcomePath(group)} className="stretched-link text-decoration-none">
              {group.groupName}
            </Link>
          </Card.Title>
          <Card.Text className="text-body-secondary mb-1">
            {group.gameName}
            {group.isPrivate ? ' · Private' : ' · Public'}
          </Card.Text>
          <Card.Text className="mb-1">
            <Badge bg={group.role === 'Administrator' ? 'primary' : 'secondary'} className="me-2">
              {group.role}
            </Badge>
            <span>{members(group.memberCount)}</span>
          </Card.Text>
          <Card.Text className="small mb-0 text-break">
            {nextEvent ? (
              <>
                <span className="fw-semibold">Next event:</span> {nextEvent.eventName},{' '}
                <time dateTime={nextEvent.startDate}>{formatEventTime(nextEvent.startDate, timeZone)}</time>
              </>
            ) : (
              <span className="text-body-secondary">No Scheduled Events Upcoming</span>
            )}
          </Card.Text>
        </div>
      </Card.Body>
    </Card>
  );
}
