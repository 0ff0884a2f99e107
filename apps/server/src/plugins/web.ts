import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../errors';

/**
 * Serves the built web app: hashed assets cached for a year, index.html for every other
 * GET that is not an API call, so client-side routes survive a reload. The build writes a .br
 * and a .gz beside each file worth compressing; the one the client accepts is sent, with the
 * file's own Content-Type and `Vary: Accept-Encoding`.
 */
export const webPlugin = fp<{ root: string }>(async (app: FastifyInstance, opts) => {
  const hasBuild = fs.existsSync(path.join(opts.root, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: opts.root,
      // One route per built file (the build is fixed at start); everything else falls to the SPA handler.
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are sent in place of their file, never under their own names.
      globIgnore: ['**/*.br', '**/*.gz', 'first-load.json'],
      setHeaders: (res, file) => {
        res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const wantsPage = req.method === 'GET' && !req.url.startsWith('/api/') && !path.extname(req.url.split('?')[0] ?? '');
    if (hasBuild && wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    throw notFound(`No route ${req.method} ${req.url.split('?')[0]}`);
  });
});
