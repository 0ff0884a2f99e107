import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';

export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is not available right now. Please try again in a moment.';

// Node's socket errors as pg reports them, and SQLite still busy after its busy_timeout.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'SQLITE_BUSY',
]);
// pg's own messages for a connection that broke or could not be had from the pool in time.
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection closed)/i;

/**
 * The database is down, restarting or full: PostgreSQL SQLSTATE class 08 (connection exception),
 * 57P01-57P03 (shut down by an administrator, crash, cannot connect now) and 53300 (too many
 * connections), or a socket error on the way. A client should try again later: 503, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (
    typeof code === 'string' &&
    (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || /^57P0[123]$/.test(code) || code === '53300')
  ) {
    return true;
  }
  return UNAVAILABLE_MESSAGES.test(error.message);
}

/** One place that turns every thrown error into `{ message, fields? }` with the right status. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({ message: error.message, ...(error.fields ? { fields: error.fields } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = issue.instancePath.split('/').filter(Boolean)[0] ?? error.validationContext ?? 'body';
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      return reply.status(400).send({ message: 'Invalid input', fields });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = status === 400 && error.code?.startsWith('FST_ERR_CTP') ? 'The request body is not valid JSON' : error.message;
      return reply.status(status).send({ message });
    }
    if (isDatabaseUnavailable(error)) {
      req.log.warn({ err: { message: error.message, code: error.code } }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}
