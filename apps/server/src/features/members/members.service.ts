import {
  ALREADY_MEMBER_MESSAGE,
  GROUP_NOT_FOUND_MESSAGE,
  INVALID_INVITE_MESSAGE,
  OWNER_CANNOT_LEAVE_MESSAGE,
} from '@smm/shared/groups/messages';
import { canChangeRole, canKick } from '@smm/shared/groups/policy';
import type {
  FullGroupDto,
  GroupMemberDto,
  JoinGroupBody,
  KickMemberBody,
  LeaveGroupBody,
  UpdateMemberRoleBody,
} from '@smm/shared/groups/schemas';
import type { UserDto } from '@smm/shared/users/schemas';
import type { Clock } from '../../clock';
import type { Db } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../errors';
import { safeEqual } from '../../lib/crypto';
import { assertCan, isVisible, loadAccess, readFullGroup } from '../groups/group-access';
import * as members from '../groups/group-members.repo';
import * as groups from '../groups/groups.repo';
import { newInviteCode } from '../groups/groups.service';
import { toMemberDto, toRole } from '../groups/groups.mapper';
import { clearSeatsOfNewcomer, releaseSeatsOf } from '../events/departure';
import { releaseClanLinkOf, restoreClanLinkOf } from '../runescape/departure';
import * as outbox from '../reminders/event-mail-outbox.repo';
import { transactionWithChanges, type GroupChange, type GroupChanges } from '../live/group-changes';

interface Deps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  changes: GroupChanges;
}

const isForeignKeyViolation = (error: unknown) =>
  error instanceof Error && /foreign key|23503/i.test(`${error.message} ${(error as { code?: string }).code ?? ''}`);

/** Someone out of the group holds no seat at its events and gets no reminders for them. */
async function leaveEvents(
  tx: Db,
  groupId: string,
  userId: string,
  seats: { now: number; publicUrl: string; record: (change: GroupChange) => void },
): Promise<void> {
  // Their seats on upcoming events go to the first on each waitlist, in this transaction.
  for (const change of await releaseSeatsOf(tx, groupId, userId, seats)) seats.record(change);
  await outbox.deleteUnsentRemindersInGroup(tx, groupId, userId);
}

/** Membership use cases: join, leave, kick, roles and each member's own settings. */
export function createMembersService({ db, clock, publicUrl, changes }: Deps) {
  const membersChanged = (groupId: string, userId: string) => changes.publish({ groupId, topic: 'members', action: 'changed', userId });

  async function ownMember(groupId: string, userId: string): Promise<GroupMemberDto> {
    const row = await members.find(db, groupId, userId);
    if (!row) throw notFound('Member not found');
    return toMemberDto(row);
  }

  return {
    /**
     * Joins the caller to a group: a public group with or without its invite code, a private one
     * only with the current code. The (group, user) unique constraint settles concurrent joins.
     */
    async joinGroup(actor: UserDto, body: JoinGroupBody): Promise<FullGroupDto> {
      if (body.userID !== actor.id) throw forbidden('You can only join a group as yourself');
      const access = await loadAccess(db, body.groupID, actor);
      if (access.viewer !== 'nonMember') throw conflict(ALREADY_MEMBER_MESSAGE);
      const withCode = body.inviteLink !== undefined && body.inviteLink !== '';
      if (withCode && !safeEqual(body.inviteLink ?? '', access.group.invite_link)) {
        if (!isVisible(access)) throw notFound(GROUP_NOT_FOUND_MESSAGE);
        throw forbidden(INVALID_INVITE_MESSAGE);
      }
      assertCan(access, withCode ? 'joinGroupByInvite' : 'joinGroup');
      try {
        await db.transaction().execute(async (tx) => {
          const inserted = await members.insertIfAbsent(tx, {
            group_id: access.group.id,
            user_id: actor.id,
            role: 'Member',
            is_active: 1,
            team: null,
            receive_event_notifications: 1,
            joined_at: clock.now(),
          });
          // Already a member (another join got there first): their sign-ups are real, and nothing is cleared.
          if (!inserted) throw conflict(ALREADY_MEMBER_MESSAGE);
          await clearSeatsOfNewcomer(tx, access.group.id, actor.id, clock.now());
        });
      } catch (error) {
        // The group was deleted between the read and the insert.
        if (isForeignKeyViolation(error)) throw notFound(GROUP_NOT_FOUND_MESSAGE);
        throw error;
      }
      // A RuneScape clan member back within the kept days finds their linked account and history again.
      await restoreClanLinkOf(db, access.group.id, actor.id, clock.now());
      membersChanged(access.group.id, actor.id);
      return readFullGroup(db, access.group, publicUrl);
    },

    /** The caller leaves a group; the owner cannot leave, only delete. */
    async leaveGroup(actor: UserDto, body: LeaveGroupBody): Promise<{ message: string }> {
      if (body.userID !== actor.id) throw forbidden('You can only leave a group yourself; the owner may kick members');
      return transactionWithChanges(db, changes, async (tx, record) => {
        const access = await loadAccess(tx, body.groupID, actor, { lock: true });
        if (access.viewer === 'owner') throw forbidden(OWNER_CANNOT_LEAVE_MESSAGE);
        assertCan(access, 'leaveGroup');
        await members.removeNonOwner(tx, body.groupID, actor.id);
        await leaveEvents(tx, body.groupID, actor.id, { now: clock.now(), publicUrl, record });
        await releaseClanLinkOf(tx, body.groupID, actor.id, clock.now());
        record({ groupId: body.groupID, topic: 'members', action: 'changed', userId: actor.id });
        return { message: 'You have left the group' };
      });
    },

    /**
     * The owner removes a member; the owner's own row can never be removed. With replaceInviteLink the
     * invite code is replaced in the same transaction, so the kicked member cannot rejoin with the old link.
     */
    async kickMember(actor: UserDto, body: KickMemberBody): Promise<FullGroupDto> {
      return transactionWithChanges(db, changes, async (tx, record) => {
        const access = await loadAccess(tx, body.groupID, actor, { lock: true });
        assertCan(access, 'kickMember');
        const target = await members.find(tx, body.groupID, body.userID);
        if (!target) throw notFound('Member not found');
        if (!canKick(access.viewer, { isOwner: target.user_id === access.group.group_owner })) {
          throw forbidden('The group owner cannot be kicked');
        }
        await members.removeNonOwner(tx, body.groupID, body.userID);
        await leaveEvents(tx, body.groupID, body.userID, { now: clock.now(), publicUrl, record });
        await releaseClanLinkOf(tx, body.groupID, body.userID, clock.now());
        record({ groupId: body.groupID, topic: 'members', action: 'changed', userId: body.userID });
        if (!body.replaceInviteLink) return readFullGroup(tx, access.group, publicUrl);
        assertCan(access, 'regenerateInviteLink');
        const inviteLink = newInviteCode();
        await groups.update(tx, body.groupID, { invite_link: inviteLink });
        record({ groupId: body.groupID, topic: 'group', action: 'changed' });
        return readFullGroup(tx, { ...access.group, invite_link: inviteLink }, publicUrl);
      });
    },

    /** Administrators set a member's role; the owner's role is fixed, and only the owner changes another Administrator's. */
    async updateMemberRole(actor: UserDto, groupID: string, body: UpdateMemberRoleBody): Promise<UpdateMemberRoleBody> {
      return transactionWithChanges(db, changes, async (tx, record) => {
        const access = await loadAccess(tx, groupID, actor, { lock: true });
        assertCan(access, 'changeMemberRole');
        const target = await members.find(tx, groupID, body.userID);
        if (!target) throw notFound('Member not found');
        const row = { isOwner: target.user_id === access.group.group_owner, role: toRole(target.role) };
        if (row.isOwner) throw forbidden("The group owner's role cannot be changed");
        if (!canChangeRole(access.viewer, row)) throw forbidden("Only the group owner can change an Administrator's role");
        await members.setRoleOfNonOwner(tx, groupID, body.userID, body.role);
        record({ groupId: groupID, topic: 'members', action: 'changed', userId: body.userID });
        return { userID: body.userID, role: body.role };
      });
    },

    /** A member marks themself active or inactive in the group. */
    async postPlayerMembership(actor: UserDto, groupID: string, isActive: boolean): Promise<GroupMemberDto> {
      const access = await loadAccess(db, groupID, actor);
      assertCan(access, 'editOwnMembership');
      await members.updateActive(db, groupID, actor.id, isActive);
      membersChanged(groupID, actor.id);
      return ownMember(groupID, actor.id);
    },

    /** A member turns their own event notifications on or off. */
    async postMemberNotifications(
      actor: UserDto,
      groupID: string,
      userID: string,
      receiveEventNotifications: boolean,
    ): Promise<GroupMemberDto> {
      const access = await loadAccess(db, groupID, actor);
      assertCan(access, 'editOwnMembership');
      if (userID !== actor.id) throw forbidden('You can only change your own notifications');
      await members.updateEventNotifications(db, groupID, actor.id, receiveEventNotifications);
      return ownMember(groupID, actor.id);
    },
  };
}
export type MembersService = ReturnType<typeof createMembersService>;
