import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBody } from '@smm/shared/errors';
import { osrsDetails, osrsDetailsParams } from '@smm/shared/runescape/schemas';
import { UpstreamError } from '../../integrations/upstream';
import { HiscoresSlowError } from './hiscores-queue';
import type { RuneScapeService } from './runescape.service';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 404: apiErrorBody, 429: apiErrorBody, 502: apiErrorBody, 504: apiErrorBody };

export const runescapeRoutes =
  (runescape: RuneScapeService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onError', async (req, reply, error) => {
      if (error.cause instanceof UpstreamError) req.log.warn({ upstream: error.cause.message }, 'hiscores lookup failed');
      if (error instanceof HiscoresSlowError) reply.header('retry-after', String(error.retryAfterSeconds));
    });

    app.get(
      '/api/runescape/getOSRSDetails/:playerName/:gameMode',
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['runescape'],
          summary: 'Old School RuneScape hiscores of a player on one game mode',
          description:
            'Unranked values are null (the hiscores send -1). 404: the player is not on that hiscores table. 502: the hiscores failed or sent an unreadable answer. 504 with Retry-After: the hiscores did not answer in time, or the lookup waited past its deadline in the queue, or the name timed out in the last minute. 429 with Retry-After: too many lookups by this user, or too many waiting for this user. Results are cached for about a minute.',
          security: [{ bearer: [] }],
          params: osrsDetailsParams,
          response: { 200: osrsDetails, ...errors },
        },
      },
      (req) => runescape.getOsrsDetails(req.actor, req.params),
    );
  };
