import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { can, type GroupAction } from '@smm/shared/groups/policy';
import { groupPagePath, useGroupArea } from './group-area';

/** Shows a group page only to viewers allowed to use it; others land on the group's Welcome page. */
export function GroupGate({ action, children }: { action: GroupAction; children: ReactNode }) {
  const { area, groupID, context } = useGroupArea();
  if (!can(action, context)) return <Navigate to={groupPagePath(area, 'welcome', groupID)} replace />;
  return children;
}
