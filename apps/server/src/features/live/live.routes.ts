import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorBody } from '@smm/shared/errors';
import { idParams } from '@smm/shared/groups/ids';
import type { LiveService } from './live.service';

const errors = { 400: apiErrorBody, 401: apiErrorBody, 403: apiErrorBody, 404: apiErrorBody, 429: apiErrorBody };

export const liveRoutes =
  (live: LiveService): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preClose', async () => live.closeAll());

    app.get(
      '/api/groups/:id/live',
      {
        preHandler: app.requireUser,
        schema: {
          tags: ['groups'],
          security: [{ bearer: [] }],
          description:
            "Server-Sent Events (text/event-stream) of the group's changes, for its members: `event: change` with {topic, action, eventId?} " +
            'after each committed change to events, attendance, cards, members, the group, drafts, comments, games (gameId; action ' +
            "'updated' when one finished), members' preferences or the game settings; `event: ready` on connect; a comment line as " +
            'heartbeat; `event: closed` when the member loses access. Read it with fetch and the Authorization header; after a reconnect, ' +
            'refetch the group. 429 when the user already has too many streams open.',
          params: idParams,
          response: errors,
        },
      },
      async (req, reply) => {
        await live.authorize(req.actor, req.params.id);
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'keep-alive',
          // Proxies such as nginx would otherwise hold the events back.
          'x-accel-buffering': 'no',
          'x-content-type-options': 'nosniff',
        });
        res.flushHeaders();
        const close = live.open(req.actor, req.params.id, {
          write: (text) => void res.write(text),
          bufferedBytes: () => res.writableLength,
          end: () => res.end(),
        });
        res.once('close', close);
      },
    );
  };
