import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from '../src/plugins/response-serializer';

const member = z.object({
  userID: z.string(),
  team: z.number().int().nullable(),
  note: z.string().optional(),
  role: z.enum(['manager', 'player']),
});
const answer = z.object({
  _id: z.string(),
  winner: z.union([z.string(), z.number()]).nullable(),
  members: z.array(member),
  scores: z.record(z.string(), z.number()),
  settings: z.object({ bans: z.number(), duplicates: z.boolean().optional(), modes: z.array(z.string()) }),
});

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A server with one route answering `value` through `schema`, its answers written as the app writes them. */
async function serve(schema: z.ZodType, value: unknown, check: boolean) {
  app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ check }));
  app.get('/answer', { schema: { response: { 200: schema } } }, async () => value as never);
  await app.ready();
  return app.inject({ url: '/answer' });
}

const full = {
  _id: 'game-1',
  winner: 2,
  members: [
    { userID: 'ann', team: 1, role: 'manager', secret: 'hidden' },
    { userID: 'bob', team: null, note: 'late', role: 'player' },
  ],
  scores: { ann: 3, bob: 1.5 },
  settings: { modes: ['Apocalypse'], bans: 3, duplicates: false, internal: true },
  passwordHash: 'never sent',
};

describe('answers written by the compiled serializer', () => {
  it('carry what zod would answer: the same values, optional keys absent when absent', async () => {
    for (const check of [false, true]) {
      const res = await serve(answer, full, check);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(z.encode(answer, full as never));
    }
  });

  it('leave out every key the schema does not name, however deep', async () => {
    const res = await serve(answer, full, false);
    expect(res.body).not.toMatch(/secret|hidden|passwordHash|never sent|internal/);
    expect(res.json().members[0]).toEqual({ userID: 'ann', team: 1, role: 'manager' });
  });

  it('write a number winner as a number and a text winner as text', async () => {
    expect((await serve(answer, { ...full, winner: 'ann' }, false)).json().winner).toBe('ann');
    expect((await serve(answer, { ...full, winner: null }, false)).json().winner).toBeNull();
  });

  it('fall back to zod for a schema only zod can encode', async () => {
    const at = z.codec(z.iso.datetime(), z.date(), { decode: (text) => new Date(text), encode: (date) => date.toISOString() });
    const res = await serve(z.object({ at }), { at: new Date(0) }, false);
    expect(res.json()).toEqual({ at: '1970-01-01T00:00:00.000Z' });
  });

  it('while checked, refuse what zod refuses', async () => {
    const res = await serve(answer, { ...full, members: [{ userID: 'ann', team: 1.5, role: 'manager' }] }, true);
    expect(res.statusCode).toBe(500);
  });
});
