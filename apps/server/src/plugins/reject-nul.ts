import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { invalid } from '../errors';

/** The name of the first field (top-level key) whose text holds a NUL character, if any. */
export function fieldWithNul(value: unknown, field = 'body', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? field : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return depth === 0 ? key : field;
    const found = fieldWithNul(inner, depth === 0 ? key : field, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * PostgreSQL cannot store NUL in text, and no field of this app needs it: refuse it everywhere
 * with a 400 before validation, the same on both database engines.
 */
export const rejectNulPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (req) => {
    for (const part of [req.params, req.query, req.body]) {
      const field = fieldWithNul(part);
      if (field) throw invalid({ [field]: 'Text may not contain NUL characters' });
    }
  });
});
