import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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

/** What answers are compressed with, the client's preference first and brotli before gzip. */
const ENCODINGS = ['br', 'gzip'] as const;
export type AnswerEncoding = (typeof ENCODINGS)[number];

const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
  },
};

/**
 * The encoding an answer to this request is compressed with, chosen as @fastify/compress chooses
 * it (the client's Accept-Encoding with its weights, `*` and x-gzip taken as gzip); undefined when
 * it is sent as it is.
 */
export function answerEncoding(request: FastifyRequest): AnswerEncoding | undefined {
  const header = request.headers['accept-encoding'];
  if (header === undefined || request.headers['x-no-compression'] !== undefined) return undefined;
  const chosen = negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...ENCODINGS]);
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

/** An answer's text compressed as the plugin below compresses it. */
export function compressAnswer(encoding: AnswerEncoding, body: string): Buffer {
  return encoding === 'br' ? zlib.brotliCompressSync(body, BROTLI_OPTIONS) : zlib.gzipSync(body);
}

/** Sends an answer compressed already, with the headers the plugin below would give it. */
export function sendCompressed(reply: FastifyReply, encoding: AnswerEncoding, bytes: Buffer): void {
  const vary = reply.getHeader('vary');
  const varies = [vary ?? []].flat().map(String);
  if (!varies.some((value) => value.toLowerCase().includes('accept-encoding'))) {
    reply.header('vary', [...varies, 'accept-encoding'].join(', '));
  }
  reply.header('content-encoding', encoding).send(bytes);
}

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
    encodings: [...ENCODINGS],
    syncThreshold: SYNC_COMPRESS_MAX_BYTES,
    brotliOptions: BROTLI_OPTIONS,
  });
});
