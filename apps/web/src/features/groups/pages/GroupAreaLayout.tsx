import { Suspense } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { viewerInGroup } from '@smm/shared/groups/policy';
import { ApiError } from '../../../lib/api-client';
import { Loading } from '../../../lib/ui/Loading';
import { useCurrentUser } from '../../auth/app-state';
import { useGroup } from '../api/get-group';
import { GroupBar } from '../components/area/GroupBar';
import { areaOfPath, groupPagePath, pageOfPath, parseGroupID, type GroupArea } from '../components/area/group-area';

/**
 * The frame of /civGroup/*, /runeScapeClan/* and /dotaGroup/*: reads groupID from the query
 * string, loads the group and works out who is looking. An unparsable id, a missing group or a
 * private group seen from outside (the API answers 404) all go to /.
 */
export default function GroupAreaLayout() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const user = useCurrentUser();
  const area = areaOfPath(pathname);
  const groupID = parseGroupID(params.get('groupID'));
  const query = useGroup(groupID);

  if (!area || !groupID) return <Navigate to="/" replace />;
  // The bare area path (/civGroup?groupID=..) opens the group's Welcome page.
  if (!pathname.split('/')[2]) return <Navigate to={groupPagePath(area, 'welcome', groupID)} replace />;
  if (query.isPending) return <Loading label="Loading group…" />;
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) return <Navigate to="/" replace />;
    return (
      <Alert variant="danger" className="mt-4">
        <p>{query.error.message}</p>
        <Button variant="outline-danger" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }

  const group = query.data;
  // A link with the wrong area (say /civGroup for a clan) still reaches the group's own pages.
  if (group.linkURL !== area) return <Navigate to={groupPagePath(group.linkURL, pageOfPath(pathname), groupID)} replace />;

  const viewer = viewerInGroup(group, user.id);
  const value: GroupArea = {
    area,
    groupID,
    group,
    viewer,
    context: { viewer, isPrivate: group.isPrivate },
    user: { id: user.id, username: user.username },
  };
  return (
    <>
      <GroupBar {...value} />
      <Suspense fallback={<Loading />}>
        <Outlet context={value} />
      </Suspense>
    </>
  );
}
