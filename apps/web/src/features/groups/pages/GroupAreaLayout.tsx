import { Suspense, useEffect, useRef } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { viewerInGroup } from '@smm/shared/groups/policy';
import { RedirectWithNotice } from '../../../lib/routing/guards';
import { GROUP_UNAVAILABLE_NOTICE, INVALID_GROUP_LINK_NOTICE, NO_LONGER_MEMBER_NOTICE, NOTICE_TIMEOUT_MS } from '../../../lib/notices';
import { ApiError } from '../../../lib/api-client';
import { Loading } from '../../../lib/ui/Loading';
import { useAppState, useCurrentUser } from '../../auth/app-state';
import { useGroup } from '../api/get-group';
import { useGroupLiveUpdates } from '../../live/use-group-live-updates';
import { GroupBar } from '../components/area/GroupBar';
import { areaOfPath, groupPagePath, pageOfPath, parseGroupID, type GroupArea } from '../components/area/group-area';

/**
 * The frame of /civGroup/*, /runeScapeClan/* and /dotaGroup/*: reads groupID from the query
 * string, loads the group and works out who is looking. An unparsable id, a missing group or a
 * private group seen from outside (the API answers 404) all go to /, saying why.
 */
export default function GroupAreaLayout() {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const user = useCurrentUser();
  const area = areaOfPath(pathname);
  const groupID = parseGroupID(params.get('groupID'));
  const query = useGroup(groupID);
  // Members' pages of the group update as others change it; one stream per open group.
  const isMember = query.data !== undefined && viewerInGroup(query.data, user.id) !== 'nonMember';
  useGroupLiveUpdates(groupID && isMember ? groupID : null);
  // A public group stays readable to someone kicked while its page is open: tell them what changed.
  const { showAlert } = useAppState();
  const wasMember = useRef(false);
  useEffect(() => {
    if (wasMember.current && !isMember && query.data) showAlert('warning', NO_LONGER_MEMBER_NOTICE, NOTICE_TIMEOUT_MS);
    wasMember.current = isMember;
  }, [isMember, query.data, showAlert]);

  if (!area || !groupID) return <RedirectWithNotice to="/" notice={INVALID_GROUP_LINK_NOTICE} />;
  // The bare area path (/civGroup?groupID=..) opens the group's Welcome page.
  if (!pathname.split('/')[2]) return <Navigate to={groupPagePath(area, 'welcome', groupID)} replace />;
  if (query.isPending) return <Loading label="Loading group…" />;
  if (query.isError) {
    if (query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) {
      // The group answered before and this user was in it: they were kicked, left elsewhere, or it was deleted.
      return <RedirectWithNotice to="/" notice={isMember ? NO_LONGER_MEMBER_NOTICE : GROUP_UNAVAILABLE_NOTICE} />;
    }
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
