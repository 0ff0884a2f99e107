import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBody } from '@smm/shared/errors';
import { groupIdQuery } from '@smm/shared/groups/ids';
import {
  claimInvitationBody,
  importRosterBody,
  importRosterResponse,
  linkedAccountResponse,
  renameAccountBody,
  rosterInvitations,
} from '@smm/shared/runescape/clan-schemas';
import { HiscoresSlowError } from './hiscores-queue';
import type { ClanNamesService } from './clan-names.service';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody };
const upstreamErrors = { 409: apiErrorBody, 429: apiErrorBody, 502: apiErrorBody, 504: apiErrorBody };
const tags = ['runescape'];
const security = [{ bearer: [] }];

export const clanNamesRoutes =
  (names: ClanNamesService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onError', async (_req, reply, error) => {
      if (error instanceof HiscoresSlowError) reply.header('retry-after', String(error.retryAfterSeconds));
    });

    app.post(
      '/api/runescape/renameAccount',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Members: renames the caller's linked account in the clan (same game mode) once the hiscores know the new name; its history carries over. 404: nothing linked. Unknown name -> 400 with fields.playerName. 409: another member of the clan has linked that name.",
          body: renameAccountBody,
          response: { 200: linkedAccountResponse, ...errors, ...upstreamErrors },
        },
      },
      (req) => names.renameAccount(req.actor, req.body),
    );

    app.post(
      '/api/runescape/importRoster',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            'Administrators: adds the pasted names (one per line, or CSV with a header naming the name column) as invitations of one game mode that members claim. Names already invited are skipped. A line with no valid name -> 400 with fields.roster, nothing saved.',
          body: importRosterBody,
          response: { 200: importRosterResponse, ...errors },
        },
      },
      (req) => names.importRoster(req.actor, req.body),
    );

    app.get(
      '/api/runescape/listRosterInvitations',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: "Members: the clan's imported names in name order, each with who claimed it (null: unclaimed).",
          querystring: groupIdQuery,
          response: { 200: rosterInvitations, ...errors },
        },
      },
      (req) => names.listInvitations(req.actor, req.query.groupID),
    );

    app.post(
      '/api/runescape/claimRosterInvitation',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Members: claims an imported name, which links it as the caller's account (replacing an earlier one) after the hiscores confirm it; the first snapshot is taken at once. 409: claimed by, or linked by, another member.",
          body: claimInvitationBody,
          response: { 200: linkedAccountResponse, ...errors, ...upstreamErrors },
        },
      },
      (req) => names.claimInvitation(req.actor, req.body),
    );
  };
