import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Smaller answers are sent as they are: compressing them costs more time than the bytes save. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Answers up to this size are compressed in one synchronous call. Above @fastify/compress's own
 * default (8 KB on two cores) each answer went through a zlib stream, whose setup cost more CPU
 * than the compression: an event list or a games page is 8 to 30 KB.
 */
export const SYNC_COMPRESS_MAX_BYTES = 64 * 1024;

/**
 * Brotli's fastest quality: a 10 KB event list takes 2.6 KB instead of 2.2 KB at quality 4, for
 * about a third of the CPU. Browsers ask for brotli first, so every answer of 1 KB and more pays it.
 */
export const BROTLI_QUALITY = 1;

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
    syncThreshold: SYNC_COMPRESS_MAX_BYTES,
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      },
    },
  });
});
