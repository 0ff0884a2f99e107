import type { ReactNode } from 'react';
import { can, type GroupAction } from '@smm/shared/groups/policy';
import { RedirectWithNotice } from '../../../../lib/routing/guards';
import { ADMINISTRATORS_ONLY_NOTICE, MEMBERS_ONLY_NOTICE } from '../../../../lib/notices';
import { groupPagePath, useGroupArea } from './group-area';

/** Shows a group page only to viewers allowed to use it; others land on the group's Welcome page, told why. */
export function GroupGate({ action, children }: { action: GroupAction; children: ReactNode }) {
  const { area, groupID, context } = useGroupArea();
  if (!can(action, context)) {
    // A member who may not use the page is one the page needs an Administrator for.
    const notice = can('viewFullGroup', context) ? ADMINISTRATORS_ONLY_NOTICE : MEMBERS_ONLY_NOTICE;
    return <RedirectWithNotice to={groupPagePath(area, 'welcome', groupID)} notice={notice} />;
  }
  return children;
}
