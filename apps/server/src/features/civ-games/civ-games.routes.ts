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
import {
  decideGameProposalBody,
  deletedGamesResponse,
  gameHistoryDto,
  proposalDto,
  proposeGameChangeBody,
  voteGameProposalBody,
} from '@smm/shared/civilization/ladder-schemas';
import { apiErrorBody } from '@smm/shared/errors';
import { groupIdQuery } from '@smm/shared/groups/ids';
import { groupMessageResponse } from '@smm/shared/groups/schemas';
import type { CivGamesService } from './civ-games.service';
import type { GameProposalsService } from './game-proposals.service';
import type { RankingsService } from './rankings.service';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody, 429: apiErrorBody };
const tags = ['civilization games'];
const security = [{ bearer: [] }];

export const civGamesRoutes =
  (games: CivGamesService, rankings: RankingsService, proposals: GameProposalsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/civilization/game',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "One game, for members of its group: host is who holds the lobby, chosenHost who records the results. In anonymous mode a member sees only their own and their teammates' civ choices until the game is finished.",
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
            "Members: adds a game. A drafted game (draftMode, the default) names the server's draft (draftGame) by draftID and takes its players, teams, civ choices, banned leaders, map, settings, civs per player, type and anonymous mode from it; a draft makes one game and lapses after 24 hours (400 naming draftID without one, 404 for a draft not of this group, 409 once used). Members, civ choices, a map, banned leaders or settings sent that differ from the draft are refused with 400 and never stored. Without Draft Mode the members and teams sent make the game (at least 2 players in a free-for-all or 2 teams in a team game), bannedLeaders come from the players' stored bans, and any civ choices sent are held to the draft rules. With eventID the event is marked drafted; a redraft replaces the event's earlier game only while nothing is recorded in it (no elimination, winner, comment or note), else 409 with fields.keepEarlier; keepEarlier: true adds the new game beside it.",
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
            "The game's host, its creator and Administrators change the result: players' isActive (Active/Eliminated) and team, host, type, winner and victoryType, placements. Players of the game change its name and lobby link and the leader they played (civPlayed), and get 403 for result changes (proposeGameChange instead); other members only read. In anonymous mode, until the game is finished, nobody sets or clears the leader of a player whose choices are hidden from them: 403 whatever leader is sent. The host stays an active member: eliminating them passes the lobby (host) to the first active player, but not the right to record results (chosenHost), which only naming a host moves. A winner (userID in ffa, team number in team games) only when one active member or team remains, and it stays the one remaining; it finishes (archives) the game with placements (the winner first, then the reverse elimination order, or as sent). winner null reopens it. Every change is audited. expectedResultVersion: the game's resultVersion when the dialog opened; if the result changed since, nothing is saved and the answer is 409.",
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
          description:
            'The game creator, its host or an Administrator deletes a game: a soft delete; the game leaves the lists and rankings, its comments, notes and audit trail are kept, and an Administrator can restore it for 30 days. No body.',
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
      (req, reply) => reply.sendKept(() => rankings.getRankings(req.actor, req.query.groupID, req.query.gameType, req.query.season)),
    );

    app.post(
      '/api/civilization/restoreGame',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            'Administrators: restores a deleted game within 30 days of its deletion; it counts in the rankings again at once. No body.',
          querystring: gameIdQuery,
          response: { 200: gameDto, ...errors },
        },
      },
      (req) => games.restoreGame(req.actor, req.query.gameID),
    );

    app.get(
      '/api/civilization/getDeletedGames',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: 'Administrators: the games of the group deleted in the last 30 days, newest first, with who deleted them.',
          querystring: groupIdQuery,
          response: { 200: deletedGamesResponse, ...errors },
        },
      },
      (req) => games.listDeletedGames(req.actor, req.query.groupID),
    );

    app.get(
      '/api/civilization/gameHistory',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Members: the game's proposed result changes with their votes and outcome, and its audit trail (who changed what, before and after, when), newest first.",
          querystring: gameIdQuery,
          response: { 200: gameHistoryDto, ...errors },
        },
      },
      (req) => proposals.getHistory(req.actor, req.query.gameID),
    );

    app.post(
      '/api/civilization/proposeGameChange',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            'Players of the game who may not change its result propose a change (eliminations, teams, host, type, winner, victory type, placements) with a reason; it is checked as if made now and stays pending until the host, the creator or an Administrator decides.',
          body: proposeGameChangeBody,
          response: { 200: proposalDto, ...errors },
        },
      },
      (req) => proposals.propose(req.actor, req.body),
    );

    app.post(
      '/api/civilization/decideGameProposal',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "The game's host, its creator or an Administrator accepts (the change is applied now, audited as theirs) or rejects a pending proposal. expectedResultVersion: the game's resultVersion when the decider opened it; if the result changed since, nothing is decided and the answer is 409.",
          body: decideGameProposalBody,
          response: { 200: proposalDto, ...errors },
        },
      },
      (req) => proposals.decide(req.actor, req.body),
    );

    app.post(
      '/api/civilization/voteGameProposal',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: "Other players of the game confirm or contest a pending proposal with a reason; a second vote replaces one's first.",
          body: voteGameProposalBody,
          response: { 200: proposalDto, ...errors },
        },
      },
      (req) => proposals.vote(req.actor, req.body),
    );
  };
