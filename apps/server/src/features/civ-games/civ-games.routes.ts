import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createGameBody,
  gameDto,
  gameIdQuery,
  gamesListQuery,
  gamesPageDto,
  rankingsQuery,
  rankingsResponse,
  updateGameBody,
} from '@smm/shared/civilization/games-schemas';
import { apiErrorBody } from '@smm/shared/errors';
import { groupMessageResponse } from '@smm/shared/groups/schemas';
import type { CivGamesService } from './civ-games.service';
import type { RankingsService } from './rankings.service';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };
const tags = ['civilization games'];
const security = [{ bearer: [] }];

export const civGamesRoutes =
  (games: CivGamesService, rankings: RankingsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/civilization/game',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "One game, for members of its group. In anonymous mode a member sees only their own and their teammates' civ choices until the game is finished.",
          querystring: gameIdQuery,
          response: { 200: gameDto, ...errors },
        },
      },
      (req) => games.getGame(req.actor, req.query.gameID),
    );

    app.post(
      '/api/civilization/createGame',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Members: adds a game, usually from a draft. The server re-checks the draft (players in the group, at most 12, no banned or duplicate leader, counts within limits, allowed map, locked settings); bannedLeaders is derived from the players' stored bans. With eventID the event is marked drafted; a redraft deletes the event's earlier game in the same transaction.",
          body: createGameBody,
          response: { 200: gameDto, ...errors },
        },
      },
      (req) => games.createGame(req.actor, req.body),
    );

    app.post(
      '/api/civilization/updateGame',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Members: edits name, lobby link, type, players' isActive (Active/Eliminated) and team, host, winner and victoryType. The host stays an active member; a winner (userID in ffa, team number in team games) only when one active member or team remains; it finishes (archives) the game. winner null reopens it.",
          body: updateGameBody,
          response: { 200: gameDto, ...errors },
        },
      },
      (req) => games.updateGame(req.actor, req.body),
    );

    app.post(
      '/api/civilization/deleteGame',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: 'The game creator, its host or an Administrator deletes a game with its comments and notes. No body.',
          querystring: gameIdQuery,
          response: { 200: groupMessageResponse, ...errors },
        },
      },
      (req) => games.deleteGame(req.actor, req.query.gameID),
    );

    app.get(
      '/api/civilization/getActiveGames',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            'Members: active games, newest first, a page of pageSize (default 10); filterField (gameName, host, map, member, victoryType, winner) with filterType is or includes.',
          querystring: gamesListQuery,
          response: { 200: gamesPageDto, ...errors },
        },
      },
      (req, reply) => reply.sendKept(() => games.listGames(req.actor, req.query, false)),
    );

    app.get(
      '/api/civilization/getFinishedGames',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: 'Members: finished (archived) games of gameType ffa or team, newest first, paged and filtered like getActiveGames.',
          querystring: gamesListQuery,
          response: { 200: gamesPageDto, ...errors },
        },
      },
      (req, reply) => reply.sendKept(() => games.listGames(req.actor, req.query, true)),
    );

    app.get(
      '/api/civilization/getRankings',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            'Members: Rankings - FFA (gameType ffa) or Rankings - Teams (team): per member games played, wins per victory type, total and a Weng-Lin skill rating.',
          querystring: rankingsQuery,
          response: { 200: rankingsResponse, ...errors },
        },
      },
      (req, reply) => reply.sendKept(() => rankings.getRankings(req.actor, req.query.groupID, req.query.gameType)),
    );
  };
