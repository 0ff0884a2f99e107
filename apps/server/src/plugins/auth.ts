import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TokenUser, UserDto } from '@smm/shared/users/schemas';
import { unauthorized } from '../errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: refuses with 401 unless the request carries a valid token of an existing user. */
    requireUser: (req: FastifyRequest) => Promise<void>;
    /** preHandler: sets req.actor when a valid token is present, and lets anonymous requests through. */
    optionalUser: (req: FastifyRequest) => Promise<void>;
    signToken: (user: TokenUser) => string;
  }
  interface FastifyRequest {
    actor: UserDto;
    maybeActor: UserDto | null;
  }
}

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenUser;
    user: TokenUser & { exp: number };
  }
}

interface Options {
  secret: string;
  tokenTtlSeconds: number;
  /**
   * Loads the current user, so a deleted account's token, or one issued before the last
   * password change, stops working at once.
   */
  loadUser: (id: string, issuedAtSeconds: number) => Promise<UserDto | undefined>;
}

/** Identity comes from the bearer token only, never from a body. */
export const authPlugin = fp<Options>(async (app: FastifyInstance, opts) => {
  await app.register(fastifyJwt, { secret: opts.secret, sign: { expiresIn: opts.tokenTtlSeconds } });

  async function identify(req: FastifyRequest): Promise<UserDto | null> {
    if (!req.headers.authorization) return null;
    let payload: TokenUser & { iat: number };
    try {
      payload = await req.jwtVerify<TokenUser & { exp: number; iat: number }>();
    } catch {
      throw unauthorized('Your session is invalid or has expired, please log in again');
    }
    const user = await opts.loadUser(payload.id, payload.iat);
    if (!user) throw unauthorized('Your session is invalid or has expired, please log in again');
    return user;
  }

  app.decorateRequest('actor', null as unknown as UserDto);
  app.decorateRequest('maybeActor', null);
  app.decorate('signToken', (user: TokenUser) =>
    app.jwt.sign({ id: user.id, username: user.username, email: user.email, steamID: user.steamID }),
  );
  app.decorate('requireUser', async (req: FastifyRequest) => {
    const user = await identify(req);
    if (!user) throw unauthorized();
    req.actor = user;
    req.maybeActor = user;
  });
  app.decorate('optionalUser', async (req: FastifyRequest) => {
    req.maybeActor = await identify(req).catch(() => null);
    if (req.maybeActor) req.actor = req.maybeActor;
  });
});
