import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  civPreferencesDto,
  civPreferencesListResponse,
  groupAndUserQuery,
  groupLeaderAgendasResponse,
  memberCivPreferencesBody,
  optionalGroupQuery,
  postCivLeaderBanPreferenceBody,
  postCivMapPreferenceBody,
  postGameSettingPreferenceBody,
  postOwnedPacksBody,
  postUserLeaderAgendaBody,
  userIDsOf,
  userLeaderAgendaResponse,
} from '@smm/shared/civilization/schemas';
import { apiErrorBody } from '@smm/shared/errors';
import { entityId, groupIdQuery } from '@smm/shared/groups/ids';
import { z } from 'zod';
import { groupIdFrom } from './civ-access';
import type { PreferencesService } from './preferences.service';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };
const tags = ['civilization'];
const security = [{ bearer: [] }];
const groupIdParams = z.object({ groupID: entityId('groupID') });

export const preferencesRoutes =
  (prefs: PreferencesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/civilization/getGroupLeaderAgendas/:groupID',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: "Members: every member's Leader Agenda (empty when none), for the members table.",
          params: groupIdParams,
          response: { 200: groupLeaderAgendasResponse, ...errors },
        },
      },
      (req) => prefs.getGroupLeaderAgendas(req.actor, req.params.groupID),
    );

    app.get(
      '/api/civilization/getUserLeaderAgenda',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: "Members: one member's Leader Agenda.",
          querystring: groupAndUserQuery,
          response: { 200: userLeaderAgendaResponse, ...errors },
        },
      },
      (req) => prefs.getUserLeaderAgenda(req.actor, req.query),
    );

    app.post(
      '/api/civilization/postUserLeaderAgenda',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "The caller saves their Leader Agenda (at most 500 characters) in the group named by ?groupID= or the body's groupID.",
          querystring: optionalGroupQuery,
          body: postUserLeaderAgendaBody,
          response: { 200: userLeaderAgendaResponse, ...errors },
        },
      },
      (req) => prefs.postUserLeaderAgenda(req.actor, groupIdFrom(req.query, req.body), req.body),
    );

    app.post(
      '/api/civilization/getMemberCivPreferences',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Members: the preferences the draft needs for the listed members (a list of userIDs, bare or as {userIDs}, at most 12): each one's leader bans within the group's limit (first made first), map choices, setting preferences and owned packs (null: not said).",
          querystring: groupIdQuery,
          body: memberCivPreferencesBody,
          response: { 200: civPreferencesListResponse, ...errors },
        },
      },
      (req) => prefs.getMemberCivPreferences(req.actor, req.query.groupID, userIDsOf(req.body)),
    );

    app.get(
      '/api/civilization/getAllCivPreferences',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: "Members: every member's preferences, with all their leader bans and the packs they own (null: not said).",
          querystring: groupIdQuery,
          response: { 200: civPreferencesListResponse, ...errors },
        },
      },
      (req) => prefs.getAllCivPreferences(req.actor, req.query.groupID),
    );

    app.get(
      '/api/civilization/getCivPreferences',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Members: one member's preferences, with all their leader bans and the packs they own (null: not said). A member reading their own also gets notices (e.g. bans dropped when the group lowered its limit), each shown once.",
          querystring: groupAndUserQuery,
          response: { 200: civPreferencesDto, ...errors },
        },
      },
      (req) => prefs.getCivPreferences(req.actor, req.query),
    );

    app.post(
      '/api/civilization/postCivMapPreference',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "The caller adds (operation 'add') or removes ('remove') a map of the group's game by name. Answers the caller's preferences.",
          querystring: optionalGroupQuery,
          body: postCivMapPreferenceBody,
          response: { 200: civPreferencesDto, ...errors },
        },
      },
      (req) => prefs.postCivMapPreference(req.actor, groupIdFrom(req.query, req.body), req.body),
    );

    app.post(
      '/api/civilization/postCivLeaderBanPreference',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "The caller bans (operation 'add') or unbans ('remove') a leader by civID. A ban past the group's maxNumberOfLeaderBans answers 409 naming the limit. Answers the caller's preferences.",
          querystring: optionalGroupQuery,
          body: postCivLeaderBanPreferenceBody,
          response: { 200: civPreferencesDto, ...errors },
        },
      },
      (req) => prefs.postCivLeaderBanPreference(req.actor, groupIdFrom(req.query, req.body), req.body),
    );

    app.post(
      '/api/civilization/postOwnedPacks',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "The caller sets the packs of the group's game they own, as a whole list of the catalogue's pack names ('Base Game' is always owned); null goes back to not said (dealt from every pack). Kept per user and game, so it holds in every group of that game. Limited per user (429 with Retry-After). Answers the caller's preferences.",
          body: postOwnedPacksBody,
          response: { 200: civPreferencesDto, ...errors, 429: apiErrorBody },
        },
      },
      (req) => prefs.postOwnedPacks(req.actor, req.body),
    );

    app.post(
      '/api/civilization/postGameSettingPreference',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "The caller chooses one of a setting's options. Only settings the group has enabled; a locked one answers 409. Answers the caller's preferences.",
          querystring: optionalGroupQuery,
          body: postGameSettingPreferenceBody,
          response: { 200: civPreferencesDto, ...errors },
        },
      },
      (req) => prefs.postGameSettingPreference(req.actor, groupIdFrom(req.query, req.body), req.body),
    );
  };
