import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { lazyPage } from '../../../lib/lazy';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { Loading } from '../../../lib/ui/Loading';
import { useCurrentUser } from '../../auth/app-state';
import { useViewerTimeZone } from '../../events/api/time-zone';
import { useMyUpcomingEvents } from '../api/get-my-upcoming-events';
import { useUserGroups } from '../api/get-user-groups';
import { GroupCard } from '../components/GroupCard';
import { UpcomingEventsList } from '../components/UpcomingEventsList';

// The dialog (with its form code and the shared schemas) loads when it is about to be opened.
const loadCreateGroupModal = () => import('../components/CreateGroupModal').then((module) => ({ default: module.CreateGroupModal }));
const CreateGroupModal = lazyPage(loadCreateGroupModal);
const prefetchCreateGroupModal = () => void loadCreateGroupModal().catch(() => undefined);

/**
 * The member's hub: their next events across groups, their groups as cards, Add (create a group)
 * and Search. Both lists are read at once and shown together when both are in, so neither pushes
 * the other down as it arrives. Plain Bootstrap markup: the page loads no React-Bootstrap.
 */
export default function DashboardPage() {
  useDocumentTitle('Dashboard');
  const user = useCurrentUser();
  const groups = useUserGroups(user.id);
  const upcoming = useMyUpcomingEvents(user.id);
  const timeZone = useViewerTimeZone(user.id);
  const [creating, setCreating] = useState(false);
  const hasGroups = Boolean(groups.data && groups.data.length > 0);

  const waiting = groups.isPending || (hasGroups && upcoming.isPending);

  let content;
  if (waiting) content = <Loading label="Loading your groups…" />;
  else if (groups.isError)
    content = (
      <div role="alert" className="alert alert-danger">
        {groups.error.message}
      </div>
    );
  else if (groups.data.length === 0)
    content = (
      <div className="card text-center py-4">
        <div className="card-body">
          <p className="lead mb-2">You are not in any group yet.</p>
          <p className="mb-0">
            Add a group for your players, or <Link to="/search">find a public group</Link> to join.
          </p>
        </div>
      </div>
    );
  else
    content = (
      <ul className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 row-cols-xl-4 g-3 list-unstyled" role="list" aria-label="Your groups">
        {groups.data.map((group) => (
          <li key={group._id} className="col">
            <GroupCard group={group} timeZone={timeZone} />
          </li>
        ))}
      </ul>
    );

  return (
    <>
      <div className="d-flex align-items-center gap-2 flex-wrap page-title">
        <h1 className="mb-0 me-auto">Dashboard</h1>
        <Link to="/search" className="btn btn-outline-primary">
          Search
        </Link>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => setCreating(true)}
          onPointerEnter={prefetchCreateGroupModal}
          onFocus={prefetchCreateGroupModal}
        >
          Add<span className="visually-hidden"> group</span>
        </button>
      </div>
      {!waiting && hasGroups && <UpcomingEventsList events={upcoming} timeZone={timeZone} />}
      <section aria-labelledby="your-groups-title">
        <h2 id="your-groups-title" className="h4">
          Your groups
        </h2>
        {content}
      </section>
      {creating && (
        <Suspense fallback={<Loading label="Loading…" />}>
          <CreateGroupModal userID={user.id} onHide={() => setCreating(false)} />
        </Suspense>
      )}
    </>
  );
}
