import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  groupAndUserQuery,
  groupAvailabilityQuery,
  groupAvailabilityResponse,
  playerAvailabilityResponse,
  postPlayerAvailabilityBody,
  postPlayerAvailabilityParams,
} from '@smm/shared/civilization/schemas';
import { apiErrorBody } from '@smm/shared/errors';
import type { AvailabilityService } from './availability.service';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody };
const tags = ['civilization'];
const security = [{ bearer: [] }];

export const availabilityRoutes =
  (availability: AvailabilityService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/civilization/getGroupAvailability',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Members: every current member's free slots (day Sunday..Saturday, time Morning/Afternoon/Evening of their own day, in the IANA zone timeZone of each), and when they fall as instants (freeTimes, epoch ms) from weekOf (default now) for a week (from..to). The top-level timeZone is the group's, the default zone of its events.",
          querystring: groupAvailabilityQuery,
          response: { 200: groupAvailabilityResponse, ...errors },
        },
      },
      (req, reply) => {
        // Without weekOf the week starts at the request's own time, so no two answers are alike: none is kept.
        // The members page always names its week (the start of the viewer's day).
        if (req.query.weekOf === undefined) return availability.getGroupAvailability(req.actor, req.query);
        // Only this group's slots are read: a tick in another group leaves the grid kept.
        reply.sendKept(() => availability.getGroupAvailability(req.actor, req.query), { rowsOfGroup: req.query.groupID });
      },
    );

    app.get(
      '/api/civilization/getPlayerAvailability',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: "Members: one member's free slots.",
          querystring: groupAndUserQuery,
          response: { 200: playerAvailabilityResponse, ...errors },
        },
      },
      (req) => availability.getPlayerAvailability(req.actor, req.query),
    );

    app.post(
      '/api/civilization/postPlayerAvailability/:groupID/:userID',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "The caller (userID) marks a slot of their own day free (available true) or not (false); without available the slot is toggled. The slot is on the clock of the caller's profile time zone, else of timeZone (the browser's), else of their earlier answers, else the group's; answering from a new zone moves all their answers to it. Answers the caller's slots.",
          params: postPlayerAvailabilityParams,
          body: postPlayerAvailabilityBody,
          response: { 200: playerAvailabilityResponse, ...errors },
        },
      },
      (req) => availability.postPlayerAvailability(req.actor, req.params, req.body),
    );
  };
