import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBody } from '@smm/shared/errors';
import { steamLinkParams, steamLoginStart, steamTokenResponse } from '@smm/shared/steam/schemas';
import type { SteamLinkService } from './steam-link.service';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 409: apiErrorBody, 429: apiErrorBody };

// Whatever Steam (or anyone) sends must end in a redirect, never in a JSON error page.
const callbackQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

export const steamLinkRoutes =
  (steamLink: SteamLinkService): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/auth/steam/start',
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['steam'],
          summary: 'Start linking a Steam account',
          description:
            'Returns the Steam sign-in page to open in the browser. Steam sends the browser back to /api/auth/steam/callback, which redirects to /steamlink?steamID=… once Steam confirmed the account, or to /profile?steamError=<cancelled|expired|invalid|replayed|taken|unavailable>.',
          security: [{ bearer: [] }],
          response: { 200: steamLoginStart, ...errors },
        },
      },
      (req) => steamLink.start(req.actor),
    );

    app.get(
      '/api/auth/steam/callback',
      {
        schema: {
          tags: ['steam'],
          summary: 'Steam OpenID return address (browser redirect, not for API clients)',
          querystring: callbackQuery,
          response: { 302: z.null().describe('Redirect to /steamlink?steamID=… or /profile?steamError=…') },
        },
      },
      async (req, reply) => {
        const outcome = await steamLink.callback(req.query);
        if (outcome.problem) req.log.warn({ problem: outcome.problem }, 'Steam sign-in refused');
        return reply.header('cache-control', 'no-store').redirect(outcome.location, 302);
      },
    );

    app.post(
      '/api/auth/steamlink/:steamID/:userID',
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['steam'],
          summary: 'Save the Steam account that Steam confirmed for the caller',
          description:
            'userID must be the caller (403 otherwise), and Steam must have confirmed this Steam ID for the caller through /api/auth/steam/start within the last 10 minutes (403 otherwise). Returns a new token carrying steamID. 409: the Steam account is linked to another user.',
          security: [{ bearer: [] }],
          params: steamLinkParams,
          response: { 200: steamTokenResponse, ...errors },
        },
      },
      (req) => steamLink.link(req.actor, req.params.userID, req.params.steamID),
    );

    app.post(
      '/api/auth/steamunlink',
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['steam'],
          summary: "Remove the caller's Steam link",
          description: 'Returns a new token with steamID null.',
          security: [{ bearer: [] }],
          response: { 200: steamTokenResponse, ...errors },
        },
      },
      (req) => steamLink.unlink(req.actor),
    );
  };
