import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { draftDto, draftGameBody, draftIdQuery } from '@smm/shared/civilization/draft-schemas';
import { apiErrorBody } from '@smm/shared/errors';
import type { DraftsService } from './drafts.service';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 429: apiErrorBody };
const tags = ['civilization games'];
const security = [{ bearer: [] }];

export const draftsRoutes =
  (drafts: DraftsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/civilization/draftGame',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Members: the server deals a draft for members of the group from their stored bans (within the group's limit, first made first), map and setting preferences and owned packs, and the group's settings, with its own random source, and stores it; createGame then takes it by draftID. Teams: 'manual' from members[].team, 'random' round-robin, 'balanced' by team-game rating. In anonymous mode the answer shows the caller only their own and their team-mates' hands. A draft that cannot be made answers 400 naming the player; 30 drafts per 10 minutes per user, then 429 with Retry-After.",
          body: draftGameBody,
          response: { 200: draftDto, ...errors },
        },
      },
      (req) => drafts.draftGame(req.actor, req.body),
    );

    app.get(
      '/api/civilization/getDraft',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Members of the draft's group: a stored draft as the reader may see it (in anonymous mode only their own and their team-mates' hands); gameID once a game was made from it.",
          querystring: draftIdQuery,
          response: { 200: draftDto, ...errors },
        },
      },
      (req) => drafts.getDraft(req.actor, req.query.draftID),
    );
  };
