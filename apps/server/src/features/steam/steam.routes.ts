import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBody } from '@smm/shared/errors';
import { steamGames, steamIdParams, steamProfile } from '@smm/shared/steam/schemas';
import { UpstreamError } from '../../integrations/upstream';
import type { SteamService } from './steam.service';

const errors = {
  400: apiErrorBody,
  401: apiErrorBody,
  404: apiErrorBody,
  429: apiErrorBody,
  502: apiErrorBody,
  503: apiErrorBody,
  504: apiErrorBody,
};

const failures =
  '503: the server has no STEAM_API_KEY ("Steam is not configured on this server"). 502: Steam failed, refused the key or sent an unreadable answer. 504: Steam did not answer in time. 429: too many Steam lookups by this user.';

export const steamRoutes =
  (steam: SteamService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onError', async (req, _reply, error) => {
      if (error.cause instanceof UpstreamError) req.log.warn({ upstream: error.cause.message }, 'Steam Web API call failed');
    });

    app.get(
      '/api/steam/getProfile/:steamID',
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['steam'],
          summary: 'Nickname, profile link and avatar of a Steam account',
          description: `404: Steam knows no such account. ${failures}`,
          security: [{ bearer: [] }],
          params: steamIdParams,
          response: { 200: steamProfile, ...errors },
        },
      },
      (req) => steam.getProfile(req.actor, req.params.steamID),
    );

    app.get(
      '/api/steam/getGames/:steamID',
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['steam'],
          summary: 'Games a Steam account owns',
          description: `isPrivate is true (and games empty) when the profile or its game details are private. ${failures}`,
          security: [{ bearer: [] }],
          params: steamIdParams,
          response: { 200: steamGames, ...errors },
        },
      },
      (req) => steam.getGames(req.actor, req.params.steamID),
    );
  };
