import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postGroupGameSettingBody, updateGroupBody } from '@smm/shared/civilization/schemas';
import { apiErrorBody } from '@smm/shared/errors';
import { groupIdQuery } from '@smm/shared/groups/ids';
import { fullGroupDto } from '@smm/shared/groups/schemas';
import type { GroupGameSettingsService } from './group-game-settings.service';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };
const tags = ['civilization'];
const security = [{ bearer: [] }];

export const groupGameSettingsRoutes =
  (settings: GroupGameSettingsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/civilization/postGroupGameSetting',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Administrators: property 'isEnabled' enables (members choose) or locks an entry; 'lockedValue' sets the option it is locked to. Returns the updated group.",
          querystring: groupIdQuery,
          body: postGroupGameSettingBody,
          response: { 200: fullGroupDto, ...errors },
        },
      },
      (req) => settings.postGroupGameSetting(req.actor, req.query.groupID, req.body),
    );

    app.post(
      '/api/civilization/updateGroup',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Administrators: saves the Game Settings dialog: timeZone (IANA) of the availability slots, settings.maxNumberOfLeaderBans (1 to 5), settings.allowDuplicateCivs (drafts may deal one civilization, or two personas of one leader, to two players) and any entries {title, isEnabled, lockedValue} per setting type. Lowering the limit drops each member's latest bans beyond it (first made first are kept), and each member who lost bans is told on their next visit to Preferences. Sent with expectedUpdatedAt (the group's gameSettingsUpdatedAt when the dialog opened), a save over settings changed since answers 409 and changes nothing. Returns the updated group.",
          querystring: groupIdQuery,
          body: updateGroupBody,
          response: { 200: fullGroupDto, ...errors },
        },
      },
      (req) => settings.updateGroup(req.actor, req.query.groupID, req.body),
    );
  };
