import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBody } from '@smm/shared/errors';
import { groupIdQuery } from '@smm/shared/groups/ids';
import {
  clanStats,
  clanStatsQuery,
  groupIdBody,
  linkAccountBody,
  linkedAccountResponse,
  playerHistory,
  playerHistoryQuery,
  updateClanStatsResponse,
} from '@smm/shared/runescape/clan-schemas';
import type { ClanService } from './clan.service';
import { HiscoresSlowError } from './hiscores-queue';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody };
const upstreamErrors = { 409: apiErrorBody, 429: apiErrorBody, 502: apiErrorBody, 504: apiErrorBody };
const tags = ['runescape'];
const security = [{ bearer: [] }];

export const clanRoutes =
  (clan: ClanService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onError', async (_req, reply, error) => {
      if (error instanceof HiscoresSlowError) reply.header('retry-after', String(error.retryAfterSeconds));
    });

    app.get(
      '/api/runescape/getLinkedAccount',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: "Members of a RuneScape clan: the caller's linked in-game account in it, or null.",
          querystring: groupIdQuery,
          response: { 200: linkedAccountResponse, ...errors },
        },
      },
      (req) => clan.getLinkedAccount(req.actor, req.query.groupID),
    );

    app.post(
      '/api/runescape/linkAccount',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Members: links the caller's in-game name and game mode in the clan (one per member per clan, replacing an earlier one). The name is checked on the hiscores first: unknown -> 400 with fields.playerName, nothing saved. 409: another member of the clan has linked that name.",
          body: linkAccountBody,
          response: { 200: linkedAccountResponse, ...errors, ...upstreamErrors },
        },
      },
      (req) => clan.linkAccount(req.actor, req.body),
    );

    app.post(
      '/api/runescape/unlinkAccount',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: "Members: removes the caller's linked account from the clan.",
          body: groupIdBody,
          response: { 200: linkedAccountResponse, ...errors },
        },
      },
      (req) => clan.unlinkAccount(req.actor, req.body),
    );

    app.get(
      '/api/runescape/getClanStats',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Members: each linked member's total level, total experience, combat level and skills from their latest snapshot, the experience gained since the start of the period (day, week or month; default week), and the period's top gainers.",
          querystring: clanStatsQuery,
          response: { 200: clanStats, ...errors },
        },
      },
      (req) => clan.getClanStats(req.actor, req.query),
    );

    app.post(
      '/api/runescape/updateClanStats',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Members: asks the hiscores now about every linked account not checked in the last minute, behind lookups people wait for, each within a deadline (those not answered count as failed). Limited per clan, and counted in the caller's own lookup limit (one per account asked, whatever the clan): 429 with Retry-After when refused.",
          body: groupIdBody,
          response: { 200: updateClanStatsResponse, ...errors, 429: apiErrorBody },
        },
      },
      (req) => clan.updateClanStats(req.actor, req.body),
    );

    app.get(
      '/api/runescape/getPlayerHistory',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Members: a clan member's experience per skill and in total at each snapshot of the last year, and their records (largest gain within a day and within a week).",
          querystring: playerHistoryQuery,
          response: { 200: playerHistory, ...errors },
        },
      },
      (req) => clan.getPlayerHistory(req.actor, req.query),
    );
  };
