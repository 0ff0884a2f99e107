import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import type { GroupSummaryDto } from '@smm/shared/groups/schemas';

export const welcomePath = (group: Pick<GroupSummaryDto, '_id' | 'linkURL'>) =>
  `/${group.linkURL}/welcome?groupID=${encodeURIComponent(group._id)}`;

/** A group on the dashboard: icon, name and game; the whole card opens the group's Welcome page. */
export function GroupCard({ group }: { group: GroupSummaryDto }) {
  return (
    <Card className="h-100 group-card">
      <Card.Body className="d-flex align-items-center gap-3">
        <img src={group.icon} alt="" className="game-icon flex-shrink-0" width={48} height={48} />
        <div className="min-w-0">
          <Card.Title as="h2" className="h5 mb-1 text-break">
            <Link to={welcomePath(group)} className="stretched-link text-decoration-none">
              {group.groupName}
            </Link>
          </Card.Title>
          <Card.Text className="text-body-secondary mb-0">
            {group.gameName}
            {group.isPrivate ? ' · Private' : ' · Public'}
          </Card.Text>
        </div>
      </Card.Body>
    </Card>
  );
}
