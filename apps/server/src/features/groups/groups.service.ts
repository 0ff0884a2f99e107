import { linkUrlForGame } from '@smm/shared/games/catalogue';
import { can } from '@smm/shared/groups/policy';
import { GROUP_NOT_FOUND_MESSAGE } from '@smm/shared/groups/messages';
import type {
  CreateGroupInput,
  FullGroupDto,
  GetGroupQuery,
  GroupDto,
  GroupMemberDto,
  GroupSummaryDto,
  PostGroupSettingsBody,
} from '@smm/shared/groups/schemas';
import { initialGroupSettings } from '@smm/shared/civilization/group-game-settings';
import { DEFAULT_GROUP_TIME_ZONE } from '@smm/shared/civilization/availability';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import { dropBansBeyond } from '../civilization/ban-limit';
import type { Db } from '../../db/schema';
import { forbidden, invalid, notFound } from '../../errors';
import { randomToken, safeEqual } from '../../lib/crypto';
import { newId } from '../../lib/ids';
import * as cards from '../components/group-cards.repo';
import { queueGroupMessageRemovals } from '../discord/discord-bot.repo';
import { deleteGroupSeriesNudges } from '../events/quorum.repo';
import { assertCan, isVisible, loadAccess, readFullGroup } from './group-access';
import * as members from './group-members.repo';
import { transactionWithChanges, type GroupChanges } from '../live/group-changes';
import * as groups from './groups.repo';
import { findTimeZone } from '../users/users.repo';
import { parseSettings, toGroupDto, toGroupSummaryDto, toMemberDto } from './groups.mapper';

/** Search answers at most this many groups. */
export const SEARCH_LIMIT = 500;

interface Deps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  changes: GroupChanges;
}

/** A new invite code: 128 random bits. */
export const newInviteCode = (): string => randomToken(16);

const welcomeBody = (groupName: string) =>
  `Welcome to ${groupName}!\n` +
  'This card is the first thing everyone visiting the group sees.\n' +
  'Administrators can edit it, add more cards and change their order under Group Settings.';

/** Group use cases: create, read, search, settings, invite link and delete. */
// `feed`: postGroupSettings names its column changes `changes`.
export function createGroupsService({ db, clock, publicUrl, changes: feed }: Deps) {
  return {
    /** Creates a group owned by the caller, who becomes its first Administrator; adds the default Welcome card. */
    async createGroup(actor: UserDto, body: CreateGroupInput): Promise<FullGroupDto> {
      if ((body.userID && body.userID !== actor.id) || (body.groupOwner && body.groupOwner !== actor.id)) {
        throw forbidden('You can only create a group as yourself');
      }
      const linkURL = linkUrlForGame(body.gameName);
      if (!linkURL) throw invalid({ gameName: 'Game is not supported' });
      const now = clock.now();
      // The owner's zone: it is only the default zone of the group's events, nobody's answers.
      const timeZone = (await findTimeZone(db, actor.id)) ?? body.timeZone ?? DEFAULT_GROUP_TIME_ZONE;
      const group: groups.GroupRow = {
        id: newId(),
        group_name: body.groupName,
        game_name: body.gameName,
        link_url: linkURL,
        is_private: body.isPrivate ? 1 : 0,
        group_owner: actor.id,
        invite_link: newInviteCode(),
        settings: JSON.stringify(initialGroupSettings(body.gameName)),
        created_at: now,
        time_zone: timeZone,
        settings_updated_at: now,
      };
      return db.transaction().execute(async (tx) => {
        await groups.insert(tx, group);
        await members.insertIfAbsent(tx, {
          group_id: group.id,
          user_id: actor.id,
          role: 'Administrator',
          is_active: 1,
          team: null,
          receive_event_notifications: 1,
          joined_at: now,
        });
        await cards.insert(tx, {
          id: newId(),
          group_id: group.id,
          title: 'Welcome',
          body: welcomeBody(body.groupName),
          footer: '',
          card_order: 0,
          created_at: now,
          updated_at: now,
        });
        return readFullGroup(tx, group, publicUrl);
      });
    },

    /** Public groups, of one game when gameName is given, with their member counts. */
    async searchGroups(gameName: string | undefined): Promise<GroupSummaryDto[]> {
      const rows = await groups.searchPublic(db, gameName || undefined, SEARCH_LIMIT);
      return rows.map(toGroupSummaryDto);
    },

    /**
     * Name, game and members: public groups to anyone, private groups to members or to holders
     * of the current invite code (the invite page); the code itself only to members.
     */
    async getGroup(actor: UserDto | null, query: GetGroupQuery): Promise<GroupDto> {
      const access = await loadAccess(db, query.groupID, actor ?? null);
      const hasInvite = query.inviteLink !== undefined && safeEqual(query.inviteLink, access.group.invite_link);
      const readable = isVisible(access) || (hasInvite && can('viewGroupByInvite', access.context));
      if (!readable) throw notFound(GROUP_NOT_FOUND_MESSAGE);
      const memberRows = await members.listByGroup(db, access.group.id);
      return toGroupDto(access.group, memberRows, can('viewInviteLink', access.context));
    },

    /** The whole group, for members. */
    async getFullGroup(actor: UserDto, groupID: string): Promise<FullGroupDto> {
      const access = await loadAccess(db, groupID, actor);
      assertCan(access, 'viewFullGroup');
      return readFullGroup(db, access.group, publicUrl);
    },

    /** The members of a group, for members. */
    async getMembers(actor: UserDto, groupID: string): Promise<GroupMemberDto[]> {
      const access = await loadAccess(db, groupID, actor);
      assertCan(access, 'viewMembers');
      return (await members.listByGroup(db, groupID)).map(toMemberDto);
    },

    /** Administrators change the privacy and the group-level settings; nothing else in the body is read. */
    async postGroupSettings(actor: UserDto, groupID: string, body: PostGroupSettingsBody): Promise<FullGroupDto> {
      return transactionWithChanges(db, feed, async (tx, record) => {
        const access = await loadAccess(tx, groupID, actor, { lock: true });
        assertCan(access, 'editGroupSettings');
        const changes: Parameters<typeof groups.update>[2] = {};
        if (body.isPrivate !== undefined) changes.is_private = body.isPrivate ? 1 : 0;
        const before = parseSettings(access.group.settings, access.group.game_name);
        const max = body.settings?.maxNumberOfLeaderBans;
        if (max !== undefined) {
          changes.settings = JSON.stringify({ ...before, maxNumberOfLeaderBans: max });
          // The ban limit is a game setting too: an open Game Settings dialog is now out of date.
          changes.settings_updated_at = Math.max(clock.now(), Number(access.group.settings_updated_at) + 1);
        }
        await groups.update(tx, groupID, changes);
        // A lower ban limit drops members' latest bans beyond it, as the Game Settings dialog does.
        if (max !== undefined && max < before.maxNumberOfLeaderBans) {
          await dropBansBeyond(tx, groupID, access.group.game_name, max, clock.now());
        }
        record({ groupId: groupID, topic: 'group', action: 'changed' });
        return readFullGroup(tx, { ...access.group, ...changes }, publicUrl);
      });
    },

    /** Administrators replace the invite code; links with the old one stop working. */
    async regenerateInviteLink(actor: UserDto, groupID: string): Promise<FullGroupDto> {
      return transactionWithChanges(db, feed, async (tx, record) => {
        const access = await loadAccess(tx, groupID, actor, { lock: true });
        assertCan(access, 'regenerateInviteLink');
        const inviteLink = newInviteCode();
        await groups.update(tx, groupID, { invite_link: inviteLink });
        record({ groupId: groupID, topic: 'group', action: 'changed' });
        return readFullGroup(tx, { ...access.group, invite_link: inviteLink }, publicUrl);
      });
    },

    /**
     * The owner deletes the group with its members and cards. The bot's event posts in its Discord
     * channel are queued for removal in the same transaction, before the cascade forgets them, and
     * the last reminders of its weekly series (kept by series, not by event) go with it.
     */
    async deleteGroup(actor: UserDto, groupID: string): Promise<{ message: string }> {
      return transactionWithChanges(db, feed, async (tx, record) => {
        const access = await loadAccess(tx, groupID, actor, { lock: true });
        assertCan(access, 'deleteGroup');
        await queueGroupMessageRemovals(tx, groupID, clock.now());
        await deleteGroupSeriesNudges(tx, groupID);
        await groups.deleteById(tx, groupID);
        record({ groupId: groupID, topic: 'group', action: 'deleted' });
        return { message: 'Group deleted' };
      });
    },
  };
}
export type GroupsService = ReturnType<typeof createGroupsService>;
