import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBody } from '@smm/shared/errors';
import { groupIdQuery } from '@smm/shared/groups/ids';
import { attendanceRatesResponse, eventAttendanceResponse, eventIdQuery, markEventAttendanceBody } from '@smm/shared/events/schemas';
import type { AttendanceService } from './attendance.service';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody };
const tags = ['events'];
const security = [{ bearer: [] }];

export const attendanceRoutes =
  (attendance: AttendanceService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/events/getEventAttendance',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Who came to the event and who didn't show, as marked; for the event's creator and the group's Administrators (others: 403).",
          querystring: eventIdQuery,
          response: { 200: eventAttendanceResponse, ...errors },
        },
      },
      (req) => attendance.getEventAttendance(req.actor, req.query.eventID),
    );

    app.post(
      '/api/events/markEventAttendance',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "After the event's end, its creator or an Administrator marks a member of the group as came (attended: true) or didn't show (false); marking again replaces the mark. Before the end: 400; others: 403; userID not a member: 400 (fields.userID). Returns the event's marks.",
          body: markEventAttendanceBody,
          response: { 200: eventAttendanceResponse, ...errors },
        },
      },
      (req) => attendance.markEventAttendance(req.actor, req.body),
    );

    app.get(
      '/api/events/getAttendanceRates',
      {
        preHandler: app.requireUser,
        schema: {
          tags,
          security,
          description:
            "Each member's attendance over the group's events: attended of marked, and rate (attended / marked; null when never marked). Administrators only (others: 403).",
          querystring: groupIdQuery,
          response: { 200: attendanceRatesResponse, ...errors },
        },
      },
      (req) => attendance.getAttendanceRates(req.actor, req.query.groupID),
    );
  };
