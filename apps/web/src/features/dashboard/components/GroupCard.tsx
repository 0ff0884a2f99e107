import { Link } from 'react-router';
import type { UserGroupDto } from '@smm/shared/dashboard/schemas';
import type { GroupSummaryDto } from '@smm/shared/groups/schemas';
import { formatWithZone } from '../../events/event-time';

export const welcomePath = (group: Pick<GroupSummaryDto, '_id' | 'linkURL'>) =>
  `/${group.linkURL}/welcome?groupID=${encodeURIComponent(group._id)}`;

const members = (count: number) => `${count} ${count === 1 ? 'member' : 'members'}`;

/**
 * A group on the dashboard: icon, name, game, the viewer's role, the member count and the next
 * event; the whole card opens the group's Welcome page. Plain Bootstrap markup: the dashboard
 * loads no React-Bootstrap.
 */
export function GroupCard({ group, timeZone }: { group: UserGroupDto; timeZone: string }) {
  const { nextEvent } = group;
  return (
    <div className="card h-100 group-card">
      <div className="card-body d-flex align-items-start gap-3">
        <img src={group.icon} alt="" className="game-icon flex-shrink-0" width={48} height={48} />
        <div className="min-w-0">
          <h3 className="card-title h5 mb-1 text-break">
            <Link to={welcomePath(group)} className="stretched-link text-decoration-none">
              {group.groupName}
            </Link>
          </h3>
          <p className="card-text text-body-secondary mb-1">
            {group.gameName}
            {group.isPrivate ? ' · Private' : ' · Public'}
          </p>
          <p className="card-text mb-1">
            <span className={`badge me-2 ${group.role === 'Administrator' ? 'bg-primary' : 'bg-secondary'}`}>{group.role}</span>
            <span className="text-nowrap">{members(group.memberCount)}</span>
          </p>
          <p className="card-text small mb-0 text-break">
            {nextEvent ? (
              <>
                <span className="fw-semibold">Next event:</span> {nextEvent.eventName},{' '}
                <time dateTime={nextEvent.startDate}>{formatWithZone(nextEvent.startDate, timeZone)}</time>
              </>
            ) : (
              <span className="text-body-secondary">No Scheduled Events Upcoming</span>
            )}
          </p>
        </div>
      </div>
    </div>
  );
}
