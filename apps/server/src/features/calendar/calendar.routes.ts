import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarFeedCreated, calendarFeedParams, calendarFeedStatus } from '@smm/shared/events/calendar';
import { apiErrorBody } from '@smm/shared/errors';
import type { CalendarService } from './calendar.service';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody };
const tags = ['calendar'];
const security = [{ bearer: [] }];

export const calendarRoutes =
  (calendar: CalendarService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/calendar/feedToken',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: 'Whether the caller has an active private calendar feed, and since when.',
          response: { 200: calendarFeedStatus, ...errors },
        },
      },
      (req) => calendar.status(req.actor),
    );

    app.post(
      '/api/calendar/feedToken',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Creates the caller's private calendar feed URL, or rotates it: the new URL is returned once and the old one stops working.",
          response: { 200: calendarFeedCreated, ...errors },
        },
      },
      (req) => calendar.createFeed(req.actor),
    );

    app.post(
      '/api/calendar/revokeFeedToken',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description: "Turns the caller's calendar feed off; its URL answers 404.",
          response: { 200: z.object({ message: z.string() }), ...errors },
        },
      },
      (req) => calendar.revokeFeed(req.actor),
    );

    app.get(
      '/api/calendar/:file',
      {
        schema: {
          tags,
          description:
            "GET /api/calendar/{token}.ics: the iCalendar feed of the events of all groups of the token's owner, for calendar apps to subscribe to. No Authorization header: the token is the secret. Unknown or revoked tokens: 404.",
          params: calendarFeedParams,
          response: { 200: z.string(), 404: apiErrorBody },
        },
      },
      async (req, reply) => {
        const body = await calendar.feed(req.params.file);
        return reply.header('content-type', 'text/calendar; charset=utf-8').header('cache-control', 'private, no-store').send(body);
      },
    );
  };
