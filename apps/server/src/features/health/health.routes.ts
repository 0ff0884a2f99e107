import { sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/schema';

const health = z.object({ status: z.enum(['ok', 'error']), database: z.object({ engine: z.enum(['sqlite', 'postgres']), ok: z.boolean() }) });

export const healthRoutes = (db: Db, engine: 'sqlite' | 'postgres'): FastifyPluginAsyncZod => async (app) => {
  app.get('/api/health', { config: { rateLimit: false }, schema: { tags: ['health'], response: { 200: health, 503: health } } }, async (_req, reply) => {
    const ok = await sql`select 1`.execute(db).then(() => true, () => false);
    return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'error', database: { engine, ok } });
  });
};
