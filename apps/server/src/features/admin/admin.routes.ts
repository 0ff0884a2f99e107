import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBody } from '@smm/shared/errors';
import { contactMessageBody, messageResponse } from '@smm/shared/users/schemas';
import type { AdminService } from './admin.service';

export const adminRoutes = (admin: AdminService): FastifyPluginAsyncZod => async (app) => {
  app.post('/api/admin/message', {
    config: { rateLimit: { max: 30, timeWindow: '1 hour' } },
    schema: { tags: ['admin'], body: contactMessageBody, response: { 200: messageResponse, 400: apiErrorBody, 429: apiErrorBody, 503: apiErrorBody } },
  }, (req) => admin.sendMessage(req.body));
};
