import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBody } from '@smm/shared/errors';
import {
  competitionDetail,
  competitionIdBody,
  competitionQuery,
  competitionsQuery,
  competitionsResponse,
  createCompetitionBody,
  deleteCompetitionResponse,
  setCompetitionTeamsBody,
  updateCompetitionBody,
} from '@smm/shared/runescape/competition-schemas';
import type { CompetitionParticipantsService } from './competition-participants.service';
import type { CompetitionsService } from './competitions.service';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody };
const tags = ['runescape'];
const security = [{ bearer: [] }];

export const competitionsRoutes =
  (competitions: CompetitionsService, participants: CompetitionParticipantsService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/runescape/getCompetitions',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Members of a RuneScape clan: the clan's competitions with their status and counts; ongoing first, then upcoming, then finished.",
          querystring: competitionsQuery,
          response: { 200: competitionsResponse, ...errors },
        },
      },
      (req) => competitions.getCompetitions(req.actor, req.query),
    );

    app.get(
      '/api/runescape/getCompetition',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Members: a competition's standings (gains per metric, total and rank of each participant, team totals), the top 10's gains over time, and what the caller may do. A finished competition answers from its end snapshots only.",
          querystring: competitionQuery,
          response: { 200: competitionDetail, ...errors },
        },
      },
      (req) => competitions.getCompetition(req.actor, req.query),
    );

    app.post(
      '/api/runescape/createCompetition',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: "Administrators: creates a competition starting in the future, measuring one or several of the clan game's metrics.",
          body: createCompetitionBody,
          response: { 200: competitionDetail, ...errors, 429: apiErrorBody },
        },
      },
      (req) => competitions.createCompetition(req.actor, req.body),
    );

    app.post(
      '/api/runescape/updateCompetition',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            'Administrators: edits a competition (absent fields are kept). Before its start anything; after it only the name and the end time (still in the future). 409 when expectedUpdatedAt is not the stored version.',
          body: updateCompetitionBody,
          response: { 200: competitionDetail, ...errors, 409: apiErrorBody },
        },
      },
      (req) => competitions.updateCompetition(req.actor, req.body),
    );

    app.post(
      '/api/runescape/deleteCompetition',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: 'Administrators: deletes a competition and its standings.',
          body: competitionIdBody,
          response: { 200: deleteCompetitionResponse, ...errors },
        },
      },
      (req) => competitions.deleteCompetition(req.actor, req.body),
    );

    app.post(
      '/api/runescape/joinCompetition',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            'Members with a linked account: join a competition members join, any time before its end. 409 after the start when another participant is measured on that account.',
          body: competitionIdBody,
          response: { 200: competitionDetail, ...errors, 409: apiErrorBody },
        },
      },
      (req) => participants.joinCompetition(req.actor, req.body),
    );

    app.post(
      '/api/runescape/leaveCompetition',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: 'Members: leave a competition they joined, before its start (409 after it: their record stays).',
          body: competitionIdBody,
          response: { 200: competitionDetail, ...errors, 409: apiErrorBody },
        },
      },
      (req) => participants.leaveCompetition(req.actor, req.body),
    );

    app.post(
      '/api/runescape/setCompetitionTeams',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            'Administrators, teams competitions, before the start: the teams by hand ({teams: [{name, userIDs}]}) or an even split of the participants by current total level or experience ({split: {teams, by}}).',
          body: setCompetitionTeamsBody,
          response: { 200: competitionDetail, ...errors, 409: apiErrorBody },
        },
      },
      (req) => competitions.setCompetitionTeams(req.actor, req.body),
    );
  };
