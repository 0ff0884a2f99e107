import { ROLES, type Role } from '@smm/shared/constants';
import type { GroupCardDto } from '@smm/shared/components/schemas';
import { iconForGame, LINK_URLS, type LinkUrl } from '@smm/shared/games/catalogue';
import {
  inviteUrl,
  type FullGroupDto,
  type GroupDto,
  type GroupMemberDto,
  type GroupSummaryDto,
  type PublicGroupMemberDto,
} from '@smm/shared/groups/schemas';
import { resolveGroupSettings } from '@smm/shared/civilization/group-game-settings';
import { defaultGroupSettings, groupSettingsDto, type GroupSettings } from '@smm/shared/groups/settings';
import type { GroupMemberWithNameRow } from './group-members.repo';
import type { GroupRow, GroupWithCountRow } from './groups.repo';

export const toRole = (value: string): Role => ((ROLES as readonly string[]).includes(value) ? (value as Role) : 'Member');

export const toLinkUrl = (value: string): LinkUrl => ((LINK_URLS as readonly string[]).includes(value) ? (value as LinkUrl) : 'civGroup');

/** Stored settings, with the defaults filling anything missing or unreadable, resolved against the game's catalogue. */
export function parseSettings(text: string, gameName: string): GroupSettings {
  return resolveGroupSettings(gameName, parseStoredSettings(text));
}

function parseStoredSettings(text: string): GroupSettings {
  let stored: unknown;
  try {
    stored = JSON.parse(text);
  } catch {
    stored = {};
  }
  const merged = { ...defaultGroupSettings(), ...(typeof stored === 'object' && stored !== null ? stored : {}) };
  const parsed = groupSettingsDto.safeParse(merged);
  return parsed.success ? parsed.data : defaultGroupSettings();
}

export const toPublicMemberDto = (row: GroupMemberWithNameRow): PublicGroupMemberDto => ({
  userID: row.user_id,
  username: row.username,
  role: toRole(row.role),
  isActive: row.is_active === 1,
  team: row.team,
});

export const toMemberDto = (row: GroupMemberWithNameRow): GroupMemberDto => ({
  ...toPublicMemberDto(row),
  notifications: { receiveEventNotifications: row.receive_event_notifications === 1 },
});

const core = (group: GroupRow, members: GroupMemberWithNameRow[]) => ({
  _id: group.id,
  groupName: group.group_name,
  gameName: group.game_name,
  linkURL: toLinkUrl(group.link_url),
  isPrivate: group.is_private === 1,
  groupOwner: group.group_owner,
  admins: members.filter((m) => m.user_id === group.group_owner || m.role === 'Administrator').map((m) => m.user_id),
});

/** getGroup: what anyone allowed to see the group sees; the invite code only when asked for. */
export const toGroupDto = (group: GroupRow, members: GroupMemberWithNameRow[], withInvite: boolean): GroupDto => ({
  ...core(group, members),
  members: members.map(toPublicMemberDto),
  ...(withInvite ? { inviteLink: group.invite_link } : {}),
});

/** The whole group, for members. */
export const toFullGroupDto = (
  group: GroupRow,
  members: GroupMemberWithNameRow[],
  cards: GroupCardDto[],
  publicUrl: string,
): FullGroupDto => ({
  ...core(group, members),
  inviteLink: group.invite_link,
  inviteURL: inviteUrl(publicUrl, group.id, group.invite_link),
  timeZone: group.time_zone,
  members: members.map(toMemberDto),
  settings: parseSettings(group.settings, group.game_name),
  gameSettingsUpdatedAt: Number(group.settings_updated_at),
  cards,
});

export const toGroupSummaryDto = (row: GroupWithCountRow): GroupSummaryDto => ({
  _id: row.id,
  groupName: row.group_name,
  gameName: row.game_name,
  linkURL: toLinkUrl(row.link_url),
  icon: iconForGame(row.game_name),
  isPrivate: row.is_private === 1,
  groupOwner: row.group_owner,
  memberCount: row.member_count,
});
