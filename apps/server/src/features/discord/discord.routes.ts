import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { discordWebhookDto, postDiscordWebhookBody } from '@smm/shared/discord/schemas';
import { apiErrorBody } from '@smm/shared/errors';
import { idParams } from '@smm/shared/groups/ids';
import type { DiscordService } from './discord.service';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody };
const tags = ['groups'];
const security = [{ bearer: [] }];

export const discordRoutes =
  (discord: DiscordService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/groups/:id/discordWebhook',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: "The group's Discord webhook, masked (…/webhooks/<id>/••••<last 4 of the token>), or null. Administrators only.",
          params: idParams,
          response: { 200: discordWebhookDto, ...errors },
        },
      },
      (req) => discord.getDiscordWebhook(req.actor, req.params.id),
    );

    app.post(
      '/api/groups/:id/discordWebhook',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            'Sets the Discord webhook (https://discord.com/api/webhooks/<id>/<token>, also discordapp.com, ptb. and canary.) that new, changed and cancelled events, reminders and waitlist promotions are posted to. Administrators only; answers it masked.',
          params: idParams,
          body: postDiscordWebhookBody,
          response: { 200: discordWebhookDto, ...errors },
        },
      },
      (req) => discord.postDiscordWebhook(req.actor, req.params.id, req.body),
    );

    app.post(
      '/api/groups/:id/removeDiscordWebhook',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: 'Removes the Discord webhook; nothing more is posted. Administrators only.',
          params: idParams,
          response: { 200: discordWebhookDto, ...errors },
        },
      },
      (req) => discord.removeDiscordWebhook(req.actor, req.params.id),
    );
  };
