import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { discordChannelChoicesDto, discordChannelDto, postDiscordChannelBody } from '@smm/shared/discord/app-schemas';
import { apiErrorBody } from '@smm/shared/errors';
import { idParams } from '@smm/shared/groups/ids';
import type { DiscordChannelService } from './discord-channel.service';

const errors = {
  400: apiErrorBody,
  401: apiErrorBody,
  403: apiErrorBody,
  404: apiErrorBody,
  409: apiErrorBody,
  429: apiErrorBody,
  502: apiErrorBody,
  503: apiErrorBody,
};
const tags = ['groups'];
const security = [{ bearer: [] }];

export const discordChannelRoutes =
  (channels: DiscordChannelService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/groups/:id/discordChannel',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "The group's connected Discord channel, or null. `channelName` and `guildName`: the channel's and its Discord server's names as Discord gave them when it was connected (or when the bot's check of a channel connected before read them), null when not known. `pausedReason`: why the bot posts nothing new there (a channel connected before connecting asked for Manage Server, whose connector the bot's check found may not manage its Discord server; connecting it again resumes it), null while it posts. Administrators only.",
          params: idParams,
          response: { 200: discordChannelDto, ...errors },
        },
      },
      (req) => channels.get(req.actor, req.params.id),
    );

    app.get(
      '/api/groups/:id/discordChannelChoices',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "The Discord channels the caller may connect: of the servers the bot is in (the first 20), those the caller's linked Discord account owns or may manage (a role granting Manage Server or Administrator, the right Discord asks to add a bot), with their text and announcement channels. Administrators only. `linked` false when the caller has not linked Discord. 429 (with Retry-After) when asked too often; 503 when the Discord application is not configured or Discord cannot be reached.",
          params: idParams,
          response: { 200: discordChannelChoicesDto, ...errors },
        },
      },
      (req) => channels.choices(req.actor, req.params.id),
    );

    app.post(
      '/api/groups/:id/discordChannel',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Connects a Discord channel (its ID) to the group: the app's bot posts each new event there with Attend, Maybe and Not coming buttons and keeps the message up to date. Administrators only. 400 when the bot cannot see the channel (not added to its server), it is not a text channel, or the caller's linked Discord account is not a member of its server; 403 unless that account owns the server or may manage it (Manage Server or Administrator); 409 when another group has the channel; 502 when Discord cannot be reached; 503 when the Discord application is not configured.",
          params: idParams,
          body: postDiscordChannelBody,
          response: { 200: discordChannelDto, ...errors },
        },
      },
      (req) => channels.connect(req.actor, req.params.id, req.body),
    );

    app.post(
      '/api/groups/:id/removeDiscordChannel',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: 'Disconnects the Discord channel; no new events are posted there. Administrators only.',
          params: idParams,
          response: { 200: discordChannelDto, ...errors },
        },
      },
      (req) => channels.remove(req.actor, req.params.id),
    );
  };
