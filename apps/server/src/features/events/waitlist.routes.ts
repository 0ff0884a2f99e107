import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBody } from '@smm/shared/errors';
import { attendEventBody, eventDto } from '@smm/shared/events/schemas';
import type { WaitlistService } from './waitlist.service';
import { SIGNUP_CHANGES_PER_HOUR, signupLimitNote } from './signup-limit';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };
const tags = ['events'];
const security = [{ bearer: [] }];

export const waitlistRoutes =
  (waitlist: WaitlistService, signupChangesPerHour = SIGNUP_CHANGES_PER_HOUR): FastifyPluginAsyncZod =>
  async (app) => {
    const limitNote = signupLimitNote(signupChangesPerHour);
    app.post(
      '/api/events/joinWaitlist',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: `A member queues for a seat on a full event (userID must be the caller). When a seat frees before the start, the first in line gets it and a mail. 409 when the event has free seats ('attend it instead'), the caller attends, sign-ups have closed or the event has ended. Returns the event with waitlistMembers and the caller's waitlistPosition. ${limitNote}`,
          body: attendEventBody,
          response: { 200: eventDto, ...errors, 429: apiErrorBody },
        },
      },
      (req) => waitlist.joinWaitlist(req.actor, req.body),
    );

    app.post(
      '/api/events/leaveWaitlist',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: `A member leaves the waitlist of an event (userID must be the caller). Returns the event. ${limitNote}`,
          body: attendEventBody,
          response: { 200: eventDto, ...errors, 429: apiErrorBody },
        },
      },
      (req) => waitlist.leaveWaitlist(req.actor, req.body),
    );
  };
