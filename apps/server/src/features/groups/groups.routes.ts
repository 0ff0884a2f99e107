import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBody } from '@smm/shared/errors';
import { groupIdQuery, idParams } from '@smm/shared/groups/ids';
import {
  createGroupBody,
  fullGroupDto,
  getGroupQuery,
  groupDto,
  groupMembersResponse,
  groupMessageResponse,
  groupSummariesResponse,
  postGroupSettingsBody,
  searchGroupsQuery,
} from '@smm/shared/groups/schemas';
import type { GroupsService } from './groups.service';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };
const tags = ['groups'];
const security = [{ bearer: [] }];

export const groupsRoutes =
  (groups: GroupsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/groups/searchGroups',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            'Public groups, of one game when gameName is given (empty or absent: all games), by name; memberCount fills the Members column. At most 500.',
          querystring: searchGroupsQuery,
          response: { 200: groupSummariesResponse, ...errors },
        },
      },
      (req) => groups.searchGroups(req.query.gameName),
    );

    // GET /api/groups/getUserGroups is served by the dashboard feature (roles, member counts, next events).
    app.post(
      '/api/groups/createGroup',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            'Creates a group owned by the caller (its first Administrator) with a Welcome card. Owner, admins, members and linkURL are derived by the server; userID/groupOwner, when sent, must be the caller.',
          body: createGroupBody,
          response: { 200: fullGroupDto, ...errors },
        },
      },
      (req) => groups.createGroup(req.actor, req.body),
    );

    app.get(
      '/api/groups/getGroup',
      {
        preHandler: app.optionalUser,
        schema: {
          tags,
          security: [{}, ...security],
          description:
            'Name, game and members. Public groups: anyone. Private groups: members, or anyone with the current inviteLink code. inviteLink is returned to members only.',
          querystring: getGroupQuery,
          response: { 200: groupDto, ...errors },
        },
      },
      (req) => groups.getGroup(req.maybeActor, req.query),
    );

    app.get(
      '/api/groups/getFullGroup',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: 'The whole group with settings and cards, for members.',
          querystring: groupIdQuery,
          response: { 200: fullGroupDto, ...errors },
        },
      },
      (req, reply) => reply.sendKept(() => groups.getFullGroup(req.actor, req.query.groupID)),
    );

    app.get(
      '/api/groups/getMembers',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: 'The members of a group, for members.',
          querystring: groupIdQuery,
          response: { 200: groupMembersResponse, ...errors },
        },
      },
      (req) => groups.getMembers(req.actor, req.query.groupID),
    );

    app.post(
      '/api/groups/postGroupSettings',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            'Administrators: the body is the group or {isPrivate}; only isPrivate and settings.maxNumberOfLeaderBans (1 to 5) are read; a lower ban limit drops the latest bans of each member beyond it (they are told on Preferences). Returns the updated group.',
          querystring: groupIdQuery,
          body: postGroupSettingsBody,
          response: { 200: fullGroupDto, ...errors },
        },
      },
      (req) => groups.postGroupSettings(req.actor, req.query.groupID, req.body),
    );

    app.post(
      '/api/groups/regenerateInviteLink',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            'Administrators: replaces the invite code, so links with the old code stop working. No body. Returns the updated group.',
          querystring: groupIdQuery,
          response: { 200: fullGroupDto, ...errors },
        },
      },
      (req) => groups.regenerateInviteLink(req.actor, req.query.groupID),
    );

    app.post(
      '/api/groups/deleteGroup/:id',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: 'The owner deletes the group, its members and cards. No body.',
          params: idParams,
          response: { 200: groupMessageResponse, ...errors },
        },
      },
      (req) => groups.deleteGroup(req.actor, req.params.id),
    );
  };
