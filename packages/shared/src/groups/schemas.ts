import { z } from 'zod';
import { ROLES } from '../constants';
import { groupCardDto } from '../components/schemas';
import { isSupportedGame, LINK_URLS, SUPPORTED_GAME_NAMES } from '../games/catalogue';
import { canonicalTimeZone, isValidTimeZone } from '../events/time-zone';
import { entityId } from './ids';
import { groupSettingsDto, maxNumberOfLeaderBans } from './settings';

export const GROUP_NAME_MAX = 50;
export const INVITE_LINK_MAX = 128;

export const roleSchema = z.enum(ROLES, { error: `Role must be one of ${ROLES.join(', ')}` });

/** A member as members see them. */
export const groupMemberDto = z.object({
  userID: z.string(),
  username: z.string(),
  role: roleSchema,
  isActive: z.boolean(),
  team: z.number().int().nullable(),
  notifications: z.object({ receiveEventNotifications: z.boolean() }),
});
export type GroupMemberDto = z.infer<typeof groupMemberDto>;
export const groupMembersResponse = z.array(groupMemberDto);

/** A member as anyone allowed to see the group sees them (the invite page): no notification settings. */
export const publicGroupMemberDto = groupMemberDto.omit({ notifications: true });
export type PublicGroupMemberDto = z.infer<typeof publicGroupMemberDto>;

const groupCore = {
  _id: z.string(),
  groupName: z.string(),
  gameName: z.string(),
  linkURL: z.enum(LINK_URLS),
  isPrivate: z.boolean(),
  groupOwner: z.string(),
  /** userIDs of the members with role Administrator (the owner is always one). */
  admins: z.array(z.string()),
};

/** GET /api/groups/getGroup: name, game and members; the invite code only for members. */
export const groupDto = z.object({
  ...groupCore,
  members: z.array(publicGroupMemberDto),
  inviteLink: z.string().optional(),
});
export type GroupDto = z.infer<typeof groupDto>;

/** The whole group, for its members: getFullGroup and every call that returns "the updated group". */
export const fullGroupDto = z.object({
  ...groupCore,
  /** The invite code; the link is /invite?groupID={_id}&inviteLink={inviteLink}. */
  inviteLink: z.string(),
  /** The complete invite link on the product's own host. */
  inviteURL: z.string(),
  /** IANA zone the group's weekly availability slots are in; set by Administrators. */
  timeZone: z.string(),
  members: z.array(groupMemberDto),
  settings: groupSettingsDto,
  /**
   * When the game settings (settings and time zone) last changed (epoch ms): send it back as
   * expectedUpdatedAt with their save.
   */
  gameSettingsUpdatedAt: z.number().int(),
  cards: z.array(groupCardDto),
});
export type FullGroupDto = z.infer<typeof fullGroupDto>;

/** A group in the dashboard and search lists. */
export const groupSummaryDto = z.object({
  _id: z.string(),
  groupName: z.string(),
  gameName: z.string(),
  linkURL: z.enum(LINK_URLS),
  /** The game's icon from the catalogue. */
  icon: z.string(),
  isPrivate: z.boolean(),
  groupOwner: z.string(),
  /** The number of members, shown in the search table's Members column. */
  memberCount: z.number().int(),
});
export type GroupSummaryDto = z.infer<typeof groupSummaryDto>;
export const groupSummariesResponse = z.array(groupSummaryDto);

const groupName = z
  .string({ error: 'Group name field is required' })
  .trim()
  .min(1, 'Group name field is required')
  .max(GROUP_NAME_MAX, `Group name must be at most ${GROUP_NAME_MAX} characters`);

const gameName = z
  .string({ error: 'Game field is required' })
  .trim()
  .min(1, 'Game field is required')
  .refine(isSupportedGame, `Game must be one of: ${SUPPORTED_GAME_NAMES.join(', ')}`);

/**
 * POST /api/groups/createGroup. The spec's payload; the server derives owner, admins, members and
 * linkURL itself, and refuses a userID or groupOwner other than the caller.
 */
export const createGroupBody = z.object({
  userID: entityId('userID').optional(),
  groupOwner: entityId('groupOwner').optional(),
  groupName,
  gameName,
  isPrivate: z.boolean({ error: 'Private group must be true or false' }).default(true),
  admins: z.array(z.unknown()).optional(),
  members: z.array(z.unknown()).optional(),
  linkURL: z.string().optional(),
  /** The creator's browser zone: the group's time zone when their profile names none. */
  timeZone: z
    .string({ error: 'Time zone must be text' })
    .trim()
    .max(64, 'Time zone is not a known IANA time zone')
    .refine(isValidTimeZone, 'Time zone is not a known IANA time zone')
    .transform(canonicalTimeZone)
    .optional(),
});
export type CreateGroupBody = z.input<typeof createGroupBody>;
export type CreateGroupInput = z.output<typeof createGroupBody>;

export const getGroupQuery = z.object({
  groupID: entityId('groupID'),
  /** The invite code from an invite link: lets anyone read a private group's name and members. */
  inviteLink: z.string().max(INVITE_LINK_MAX).optional(),
});
export type GetGroupQuery = z.infer<typeof getGroupQuery>;

export const getUserGroupsQuery = z.object({ userID: entityId('userID') });
export const searchGroupsQuery = z.object({ gameName: z.string().trim().max(100).optional() });

export const joinGroupBody = z.object({
  groupID: entityId('groupID'),
  userID: entityId('userID'),
  inviteLink: z.string().max(INVITE_LINK_MAX).optional(),
});
export type JoinGroupBody = z.infer<typeof joinGroupBody>;

export const leaveGroupBody = z.object({ groupID: entityId('groupID'), userID: entityId('userID') });
export type LeaveGroupBody = z.infer<typeof leaveGroupBody>;

/** POST /api/groups/kickMember; replaceInviteLink also replaces the invite code, so the old link stops working. */
export const kickMemberBody = z.object({
  userID: entityId('userID'),
  groupID: entityId('groupID'),
  replaceInviteLink: z.boolean().optional(),
});
export type KickMemberBody = z.infer<typeof kickMemberBody>;

/** POST /api/groups/updateMemberRole?groupID= */
export const updateMemberRoleBody = z.object({ userID: entityId('userID'), role: roleSchema });
export type UpdateMemberRoleBody = z.infer<typeof updateMemberRoleBody>;
export const updateMemberRoleResponse = updateMemberRoleBody;

/** POST /api/groups/postPlayerMembership/{id}: the caller's own active flag in group {id}. */
export const postPlayerMembershipBody = z.object({ isActive: z.boolean({ error: 'isActive must be true or false' }) });
export type PostPlayerMembershipBody = z.infer<typeof postPlayerMembershipBody>;

/**
 * POST /api/groups/postGroupSettings?groupID=: the group or {isPrivate}. Only isPrivate and
 * settings.maxNumberOfLeaderBans are read; every other field is ignored.
 */
export const postGroupSettingsBody = z.object({
  isPrivate: z.boolean({ error: 'Private group must be true or false' }).optional(),
  settings: z.object({ maxNumberOfLeaderBans: maxNumberOfLeaderBans.optional() }).optional(),
});
export type PostGroupSettingsBody = z.infer<typeof postGroupSettingsBody>;

export const memberNotificationsParams = z.object({ groupID: entityId('groupID'), userID: entityId('userID') });
export const postMemberNotificationsBody = z.object({
  receiveEventNotifications: z.boolean({ error: 'receiveEventNotifications must be true or false' }),
});
export type PostMemberNotificationsBody = z.infer<typeof postMemberNotificationsBody>;

export const groupMessageResponse = z.object({ message: z.string() });

/** The invite link of a group on the product's host. */
export const inviteUrl = (publicUrl: string, groupID: string, inviteLink: string): string =>
  `${publicUrl.replace(/\/$/, '')}/invite?groupID=${encodeURIComponent(groupID)}&inviteLink=${encodeURIComponent(inviteLink)}`;
