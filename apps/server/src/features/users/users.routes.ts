import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorBody } from '@smm/shared/errors';
import {
  changePasswordBody,
  loginBody,
  loginResponse,
  messageResponse,
  updatePasswordResponse,
  registerBody,
  resetPasswordBody,
  updatePasswordBody,
  userDto,
} from '@smm/shared/users/schemas';
import { postTimeZoneBody, timeZoneResponse } from '@smm/shared/events/time-zone';
import type { UsersService } from './users.service';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 409: apiErrorBody, 429: apiErrorBody };

export const usersRoutes = (users: UsersService): FastifyPluginAsyncZod => async (app) => {
  app.post('/api/users/register', {
    schema: { tags: ['users'], body: registerBody, response: { 200: userDto, ...errors } },
  }, (req) => users.register(req.body));

  app.post('/api/users/login', {
    schema: { tags: ['users'], body: loginBody, response: { 200: loginResponse, ...errors } },
  }, (req) => users.login(req.body, req.ip));

  app.post('/api/users/resetPassword', {
    schema: { tags: ['users'], body: resetPasswordBody, response: { 200: messageResponse, ...errors } },
  }, (req) => users.requestPasswordReset(req.body, req.ip));

  app.post('/api/users/updatePassword', {
    preHandler: app.requireUser,
    schema: { tags: ['users'], security: [{ bearer: [] }], body: updatePasswordBody, response: { 200: updatePasswordResponse, ...errors } },
  }, (req) => users.updatePassword(req.actor, req.body, req.ip));

  app.get('/api/users/current', {
    preHandler: app.requireUser,
    schema: { tags: ['users'], security: [{ bearer: [] }], response: { 200: userDto, ...errors } },
  }, (req) => req.actor);

  app.get('/api/users/getTimeZone', {
    preHandler: app.requireUser,
    schema: { tags: ['users'], security: [{ bearer: [] }], description: "The caller's IANA time zone for event times; null: none chosen (the web app uses the browser's).", response: { 200: timeZoneResponse, ...errors } },
  }, (req) => users.getTimeZone(req.actor));

  app.post('/api/users/postTimeZone', {
    preHandler: app.requireUser,
    schema: { tags: ['users'], security: [{ bearer: [] }], description: 'Sets the caller\'s time zone (an IANA name such as Europe/Berlin), or clears it with null.', body: postTimeZoneBody, response: { 200: timeZoneResponse, ...errors } },
  }, (req) => users.setTimeZone(req.actor, req.body.timeZone));

  app.post('/api/users/:userID/:token', {
    schema: {
      tags: ['users'],
      params: z.object({ userID: z.string().min(1).max(64), token: z.string().min(1).max(128) }),
      body: changePasswordBody,
      response: { 200: messageResponse, ...errors },
    },
  }, (req) => users.resetPassword(req.params.userID, req.params.token, req.body));
};
