import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { TokenUser, UserDto } from '@smm/shared/users/schemas';
import { unauthorized } from '../errors';
import { sessionVersionOf, type SessionUser } from '../features/users/session-version';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: refuses with 401 unless the request carries a valid token of an existing user. */
    requireUser: (req: FastifyRequest) => Promise<void>;
    /** preHandler: sets req.actor when a valid token is present, and lets anonymous requests through. */
    optionalUser: (req: FastifyRequest) => Promise<void>;
    /**
     * Signs a token for a user loaded with their session version: req.actor (or a copy of it), or
     * a user from the users service. Throws for any other object rather than sign a token that
     * would outlive the next password change.
     */
    signToken: (user: TokenUser) => string;
  }
  interface FastifyRequest {
    actor: UserDto;
    maybeActor: UserDto | null;
  }
}

/** The token: the user fields the web app reads, plus the session version (`sv`) it was issued for. */
type TokenPayload = TokenUser & { sv: number };

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenPayload;
    user: TokenPayload & { exp: number };
  }
}

interface Options {
  secret: string;
  tokenTtlSeconds: number;
  /**
   * Loads the current user when `sessionVersion` is still theirs, so a deleted account's token,
   * or one issued before the last password change or reset, stops working at once.
   */
  loadUser: (id: string, sessionVersion: number) => Promise<SessionUser | undefined>;
}

const INVALID_SESSION = 'Your session is invalid or has expired, please log in again';

/** Identity comes from the bearer token only, never from a body. */
export const authPlugin = fp<Options>(async (app: FastifyInstance, opts) => {
  await app.register(fastifyJwt, { secret: opts.secret, sign: { expiresIn: opts.tokenTtlSeconds } });

  async function identify(req: FastifyRequest): Promise<SessionUser | null> {
    if (!req.headers.authorization) return null;
    let payload: TokenPayload;
    try {
      payload = await req.jwtVerify<TokenPayload & { exp: number }>();
    } catch {
      throw unauthorized(INVALID_SESSION);
    }
    // A token without a version predates session versions: it cannot be checked, so it is refused.
    if (typeof payload.id !== 'string' || !Number.isSafeInteger(payload.sv)) throw unauthorized(INVALID_SESSION);
    const user = await opts.loadUser(payload.id, payload.sv);
    if (!user) throw unauthorized(INVALID_SESSION);
    return user;
  }

  app.decorateRequest('actor', null as unknown as UserDto);
  app.decorateRequest('maybeActor', null);
  app.decorate('signToken', (user: TokenUser) =>
    app.jwt.sign({ id: user.id, username: user.username, email: user.email, steamID: user.steamID, sv: sessionVersionOf(user) }),
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
