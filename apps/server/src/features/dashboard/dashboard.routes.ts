import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { upcomingEventsResponse, userGroupsResponse } from '@smm/shared/dashboard/schemas';
import { apiErrorBody } from '@smm/shared/errors';
import { getUserGroupsQuery } from '@smm/shared/groups/schemas';
import { nextEventEnds } from './dashboard.mapper';
import type { DashboardService } from './dashboard.service';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody };
const security = [{ bearer: [] }];

export const dashboardRoutes =
  (dashboard: DashboardService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/groups/getUserGroups',
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['groups'],
          security,
          description:
            "The caller's groups by name; userID must be the caller. Each with the caller's role, memberCount and nextEvent (the earliest event that has not ended, or null).",
          querystring: getUserGroupsQuery,
          response: { 200: userGroupsResponse, ...errors },
        },
      },
      (req, reply) => reply.sendKept(() => dashboard.getUserGroups(req.actor, req.query.userID), { changesAt: nextEventEnds }),
    );

    app.get(
      '/api/events/getMyUpcomingEvents',
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['events'],
          security,
          description:
            "Up to 10 events across the caller's groups, soonest first, that have not ended and that the caller attends or could attend (a seat is free), each with its group's name.",
          response: { 200: upcomingEventsResponse, ...errors },
        },
      },
      (req) => dashboard.getMyUpcomingEvents(req.actor),
    );
  };
