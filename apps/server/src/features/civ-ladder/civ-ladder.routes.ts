import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  headToHeadDto,
  headToHeadQuery,
  memberStatsDto,
  memberStatsQuery,
  seasonDto,
  seasonsResponse,
  startSeasonBody,
  statisticsDto,
  statisticsQuery,
} from '@smm/shared/civilization/ladder-schemas';
import { apiErrorBody } from '@smm/shared/errors';
import { groupIdQuery } from '@smm/shared/groups/ids';
import type { SeasonsService } from './seasons.service';
import type { StatisticsService } from './statistics.service';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody };
const tags = ['civilization ladder'];
const security = [{ bearer: [] }];

export const civLadderRoutes =
  (seasons: SeasonsService, statistics: StatisticsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/civilization/getSeasons',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Members: the group's seasons, newest first. A season runs from dateStarted until the next one starts (dateEnded); the latest isCurrent.",
          querystring: groupIdQuery,
          response: { 200: seasonsResponse, ...errors },
        },
      },
      (req, reply) => reply.sendKept(() => seasons.getSeasons(req.actor, req.query.groupID)),
    );

    app.post(
      '/api/civilization/startSeason',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            'Administrators: ends the current season and starts a new one now, with a name (unique in the group) and the fewest games (minGames, default 1) a member needs to appear in its table. Limited per user (429 with Retry-After).',
          body: startSeasonBody,
          response: { 200: seasonDto, ...errors, 429: apiErrorBody },
        },
      },
      (req) => seasons.startSeason(req.actor, req.body),
    );

    app.get(
      '/api/civilization/getStatistics',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Members: per member (games, wins, average placement, current and best rating, most-played and best leaders) and per leader (times played, win rate, average placement), over a season's counted games: season 'all', a season's id, or (absent) the current season, else all time.",
          querystring: statisticsQuery,
          response: { 200: statisticsDto, ...errors },
        },
      },
      (req, reply) => reply.sendKept(() => statistics.getStatistics(req.actor, req.query)),
    );

    app.get(
      '/api/civilization/getHeadToHead',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            'Members: two members of the group (first, second): the counted games both played in the season (as getStatistics) and who placed higher how often.',
          querystring: headToHeadQuery,
          response: { 200: headToHeadDto, ...errors },
        },
      },
      (req, reply) => reply.sendKept(() => statistics.getHeadToHead(req.actor, req.query)),
    );

    app.get(
      '/api/civilization/getMemberStats',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Members: one member's all-time record in a game type: statistics, the rating after each counted game (oldest first, with the change it made) and the leaders they played.",
          querystring: memberStatsQuery,
          response: { 200: memberStatsDto, ...errors },
        },
      },
      (req, reply) => reply.sendKept(() => statistics.getMemberStats(req.actor, req.query)),
    );
  };
