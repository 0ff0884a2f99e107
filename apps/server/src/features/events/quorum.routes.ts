import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBody } from '@smm/shared/errors';
import {
  cancelEventBody,
  eventNudgeDto,
  NUDGES_PER_DAY,
  remindEventMembersBody,
  remindEventMembersResponse,
} from '@smm/shared/events/quorum';
import { eventDto, eventIdQuery } from '@smm/shared/events/schemas';
import type { QuorumService } from './quorum.service';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };
const tags = ['events'];
const security = [{ bearer: [] }];

export const quorumRoutes =
  (quorum: QuorumService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/events/getEventNudge',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: `The event's creator or an Administrator: how many of the group's members have answered the event (a seat, the waitlist, Maybe, Can sub or Not coming), who has not, when they were last reminded and whether the caller may send a reminder now; once the caller has sent their ${NUDGES_PER_DAY} reminders of the day, dailyRemindersUsedUntil says when they may remind again. Other members: 403.`,
          querystring: eventIdQuery,
          response: { 200: eventNudgeDto, ...errors },
        },
      },
      (req) => quorum.getEventNudge(req.actor, req.query.eventID),
    );

    app.post(
      '/api/events/remindEventMembers',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "The event's creator or an Administrator reminds the members who have not answered: a mail to each who keeps Event Notifications on, and one post to the group's Discord channel where set. " +
            `At most once in 24 hours per event, and per weekly series whichever of its weeks is reminded; at most ${NUDGES_PER_DAY} reminders per organiser a day (each 429 with Retry-After). ` +
            '409 when the event is cancelled or has started, or everyone has answered.',
          body: remindEventMembersBody,
          response: { 200: remindEventMembersResponse, ...errors, 429: apiErrorBody },
        },
      },
      (req) => quorum.remindEventMembers(req.actor, req.body),
    );

    app.post(
      '/api/events/cancelEvent',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "The event's creator or an Administrator cancels it: nothing is deleted, the event stays listed with cancelledAt and its sign-ups, and its attendees and waitlist are mailed. Attend and the other answers are then refused (409). Already cancelled or ended: 409; other members: 403.",
          body: cancelEventBody,
          response: { 200: eventDto, ...errors },
        },
      },
      (req) => quorum.cancelEvent(req.actor, req.body),
    );
  };
