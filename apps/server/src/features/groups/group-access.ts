import { can, viewerFor, type GroupAction, type GroupContext, type Viewer } from '@smm/shared/groups/policy';
import { GROUP_NOT_FOUND_MESSAGE } from '@smm/shared/groups/messages';
import type { FullGroupDto } from '@smm/shared/groups/schemas';
import type { Db } from '../../db/schema';
import { forbidden, notFound, unauthorized } from '../../errors';
import * as cards from '../components/group-cards.repo';
import { toGroupCardDto } from '../components/group-cards.mapper';
import { takeReadAhead } from './caller-in-group';
import * as members from './group-members.repo';
import * as groups from './groups.repo';
import { toFullGroupDto, toRole } from './groups.mapper';

/** A group as one user sees it. */
export interface GroupAccess {
  group: groups.GroupRow;
  membership: members.GroupMemberWithNameRow | undefined;
  viewer: Viewer;
  context: GroupContext;
}

const refusals: Partial<Record<GroupAction, string>> = {
  viewFullGroup: 'Only members of this group can do that',
  viewMembers: 'Only members of this group can do that',
  editOwnMembership: 'Only members of this group can do that',
  leaveGroup: 'You are not a member of this group',
  editGroupSettings: 'Only Administrators of this group can do that',
  regenerateInviteLink: 'Only Administrators of this group can do that',
  editCards: 'Only Administrators of this group can do that',
  changeMemberRole: 'Only Administrators of this group can do that',
  kickMember: 'Only the group owner can kick members',
  deleteGroup: 'Only the group owner can delete the group',
};

/**
 * Loads the group and the caller's place in it; 404 when it does not exist. With `lock`, also
 * takes the group's row lock (inside a transaction) so the rules are checked against settled data.
 */
export async function loadAccess(
  db: Db,
  groupId: string,
  actor: { readonly id: string } | string | null,
  options: { lock?: boolean } = {},
): Promise<GroupAccess> {
  const actorId = typeof actor === 'string' ? actor : (actor?.id ?? null);
  let group: groups.GroupRow | undefined;
  let membership: members.GroupMemberWithNameRow | undefined;
  // The call's first check of this group takes what was read with the caller's account, unless it
  // needs the row lock or runs in a transaction; either way later checks read afresh, so a check
  // after the call's own writes never sees what was there before them.
  const usable = !options.lock && !db.isTransaction;
  const readAhead = actor && typeof actor === 'object' ? takeReadAhead(db, actor, groupId, usable) : undefined;
  if (readAhead) {
    ({ group, membership } = readAhead);
  } else if (actorId && !options.lock) {
    ({ group, membership } = (await members.findGroupWithMembership(db, groupId, actorId)) ?? {});
  } else {
    group = await (options.lock ? groups.lockById(db, groupId) : groups.findById(db, groupId));
    if (group && actorId) membership = await members.find(db, groupId, actorId);
  }
  if (!group) throw notFound(GROUP_NOT_FOUND_MESSAGE);
  return accessFrom(group, membership, actorId);
}

/** What a caller may do in a group, from its row and the caller's membership (when they have one). */
export function accessFrom(
  group: groups.GroupRow,
  membership: members.GroupMemberWithNameRow | undefined,
  actorId: string | null,
): GroupAccess {
  const viewer = viewerFor({ userID: actorId, groupOwner: group.group_owner, role: membership && toRole(membership.role) });
  return { group, membership, viewer, context: { viewer, isPrivate: group.is_private === 1 } };
}

/** Whether the group may be seen at all: a private group is absent to anyone outside it. */
export const isVisible = (access: GroupAccess): boolean => can('viewGroup', access.context);

/** Refuses what the policy refuses: 404 if the caller may not even see the group, 401 if anonymous, else 403. */
export function assertCan(access: GroupAccess, action: GroupAction, message?: string): void {
  if (can(action, access.context)) return;
  if (!isVisible(access)) throw notFound(GROUP_NOT_FOUND_MESSAGE);
  if (access.viewer === 'anonymous') throw unauthorized();
  throw forbidden(message ?? refusals[action]);
}

/** The whole group as its members see it. */
export async function readFullGroup(db: Db, group: groups.GroupRow, publicUrl: string): Promise<FullGroupDto> {
  const [memberRows, cardRows] = await Promise.all([members.listByGroup(db, group.id), cards.listByGroup(db, group.id)]);
  return toFullGroupDto(group, memberRows, cardRows.map(toGroupCardDto), publicUrl);
}
