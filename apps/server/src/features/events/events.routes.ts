import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBody } from '@smm/shared/errors';
import { groupIdQuery } from '@smm/shared/groups/ids';
import {
  attendEventBody,
  eventDto,
  deleteEventQuery,
  eventIdQuery,
  eventMessageResponse,
  eventsResponse,
  postEventBody,
  respondToEventBody,
  updateEventBody,
} from '@smm/shared/events/schemas';
import { icsFileName } from '../calendar/ics';
import type { EventsService } from './events.service';
import { SIGNUP_CHANGES_PER_HOUR, signupLimitNote } from './signup-limit';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };
const tags = ['events'];
const security = [{ bearer: [] }];

export const eventsRoutes =
  (events: EventsService, signupChangesPerHour = SIGNUP_CHANGES_PER_HOUR): FastifyPluginAsyncZod =>
  async (app) => {
    const limitNote = signupLimitNote(signupChangesPerHour);
    app.get(
      '/api/events/getEvents',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "The group's events, earliest start first; members only. attendingMembers[].email is given only on the caller's own entry. creatorIsMember: false marks events whose creator has left the group.",
          querystring: groupIdQuery,
          response: { 200: eventsResponse, ...errors },
        },
      },
      // The group's events and their people: only this group's sign-ups, waitlists and answers.
      (req, reply) => reply.sendKept(() => events.getEvents(req.actor, req.query.groupID), { rowsOfGroup: req.query.groupID }),
    );

    app.post(
      '/api/events/postEvent',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "A member creates an event (userID must be the caller). Dates are ISO 8601 date-times; endDate before startDate: 400 'Start Date must be before End Date' (fields.endDate); a startDate more than 15 minutes in the past: 400 (fields.startDate). maxNumberOfMembers 1 to 12, default 12. At most 120 events an hour per member, each occurrence of a series counted (429 with Retry-After).",
          body: postEventBody,
          response: { 200: eventDto, ...errors, 429: apiErrorBody },
        },
      },
      (req) => events.postEvent(req.actor, req.body),
    );

    app.post(
      '/api/events/updateEvent',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            'The creator edits the event (userID must be the caller; others: 403). Same date rules as postEvent; the start may stay in the past if unchanged. maxNumberOfMembers below the number attending: 409. At most 60 edits an hour per member, each mailing the members (429 with Retry-After).',
          querystring: eventIdQuery,
          body: updateEventBody,
          response: { 200: eventDto, ...errors, 429: apiErrorBody },
        },
      },
      (req) => events.updateEvent(req.actor, req.query.eventID, req.body),
    );

    app.post(
      '/api/events/attendEvent',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: `A member signs up (userID must be the caller). Attending twice changes nothing; a full event: 409 'This event is full'. Returns the event. ${limitNote}`,
          body: attendEventBody,
          response: { 200: eventDto, ...errors, 429: apiErrorBody },
        },
      },
      (req) => events.attendEvent(req.actor, req.body),
    );

    app.post(
      '/api/events/unattendEvent',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: `A member clears their answer to the event (userID must be the caller): a seat, a place on the waitlist, or a Maybe / Can sub / Not coming. Returns the event. ${limitNote}`,
          body: attendEventBody,
          response: { 200: eventDto, ...errors, 429: apiErrorBody },
        },
      },
      (req) => events.unattendEvent(req.actor, req.body),
    );

    app.post(
      '/api/events/respondToEvent',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: `The caller answers the event: 'attending' or 'late' take a seat, or the end of the waitlist when the event is full (a place already held is kept); 'maybe', 'can_sub' and 'not_coming' take no seat and give up one held, which goes to the first on the waitlist. One answer per member: a new one replaces the old. 409 once the event has ended, or for a seat after sign-ups have closed. Returns the event (late: true on late seat holders, responseMembers for the seatless answers). ${limitNote}`,
          body: respondToEventBody,
          response: { 200: eventDto, ...errors, 429: apiErrorBody },
        },
      },
      (req) => events.respondToEvent(req.actor, req.body),
    );

    app.post(
      '/api/events/deleteEvent',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "The creator deletes the event. Once the creator has left the group (creatorIsMember: false), its owner and Administrators may too. Others: 403. scope=series also deletes every other occurrence of the event's weekly series that has not started; those that have keep their sign-ups and marks.",
          querystring: deleteEventQuery,
          response: { 200: eventMessageResponse, ...errors },
        },
      },
      (req) => events.deleteEvent(req.actor, req.query.eventID, req.query.scope),
    );

    app.get(
      '/api/events/:file',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: 'GET /api/events/{eventID}.ics: the event as an iCalendar file, for members of its group.',
          params: z.object({ file: z.string().max(80) }),
          response: { 200: z.string(), ...errors },
        },
      },
      async (req, reply) => {
        const { eventName, ics } = await events.eventIcs(req.actor, req.params.file);
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('content-disposition', `attachment; filename="${icsFileName(eventName)}"`)
          .header('cache-control', 'private, no-store')
          .send(ics);
      },
    );
  };
