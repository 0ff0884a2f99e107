import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors';

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
    req.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong on our side. Please try again.' });
  });
}
