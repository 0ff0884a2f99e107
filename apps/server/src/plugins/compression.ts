import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Smaller answers are sent as they are: compressing them costs more time than the bytes save. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers of 1 KB and more (brotli or gzip, as the client accepts) whose type is
 * compressible: API JSON, calendars. The web app's files come compressed from the build
 * (plugins/web.ts sends those copies as they are); a built file too small to have copies is
 * compressed here. The live event stream writes to the socket itself and is never buffered.
 */
export const compressionPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
});
