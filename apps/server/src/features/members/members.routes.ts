import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBody } from '@smm/shared/errors';
import { groupIdQuery, idParams } from '@smm/shared/groups/ids';
import {
  fullGroupDto,
  groupMemberDto,
  groupMessageResponse,
  joinGroupBody,
  kickMemberBody,
  leaveGroupBody,
  memberNotificationsParams,
  postMemberNotificationsBody,
  postPlayerMembershipBody,
  updateMemberRoleBody,
  updateMemberRoleResponse,
} from '@smm/shared/groups/schemas';
import type { MembersService } from './members.service';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };
const tags = ['members'];
const security = [{ bearer: [] }];

export const membersRoutes =
  (members: MembersService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/groups/joinGroup',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Joins the caller (userID must be the caller). Public groups: with or without inviteLink; private groups: only with the current inviteLink. 409 'You are already a member of this group!'. Returns the group.",
          body: joinGroupBody,
          response: { 200: fullGroupDto, ...errors },
        },
      },
      (req) => members.joinGroup(req.actor, req.body),
    );

    app.post(
      '/api/groups/leaveGroup',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "The caller leaves (userID must be the caller). The owner gets 403 'Group creators/owners cannot leave, they may only delete'.",
          body: leaveGroupBody,
          response: { 200: groupMessageResponse, ...errors },
        },
      },
      (req) => members.leaveGroup(req.actor, req.body),
    );

    app.post(
      '/api/groups/kickMember',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            'The owner removes a member (never the owner). With replaceInviteLink: true the invite code is replaced in the same step, so links with the old code stop working. Returns the updated group.',
          body: kickMemberBody,
          response: { 200: fullGroupDto, ...errors },
        },
      },
      (req) => members.kickMember(req.actor, req.body),
    );

    app.post(
      '/api/groups/updateMemberRole',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Administrators set a member's role (Administrator or Member). The owner's role never changes; only the owner changes another Administrator's role.",
          querystring: groupIdQuery,
          body: updateMemberRoleBody,
          response: { 200: updateMemberRoleResponse, ...errors },
        },
      },
      (req) => members.updateMemberRole(req.actor, req.query.groupID, req.body),
    );

    app.post(
      '/api/groups/postPlayerMembership/:id',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: "Sets the caller's own isActive flag in group {id}. Returns the caller's member entry.",
          params: idParams,
          body: postPlayerMembershipBody,
          response: { 200: groupMemberDto, ...errors },
        },
      },
      (req) => members.postPlayerMembership(req.actor, req.params.id, req.body.isActive),
    );

    app.post(
      '/api/members/postMemberNotifications/:groupID/:userID',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: "Sets the caller's own event notifications in the group (userID must be the caller). Returns the member entry.",
          params: memberNotificationsParams,
          body: postMemberNotificationsBody,
          response: { 200: groupMemberDto, ...errors },
        },
      },
      (req) => members.postMemberNotifications(req.actor, req.params.groupID, req.params.userID, req.body.receiveEventNotifications),
    );
  };
