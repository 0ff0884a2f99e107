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
  /**
   * As loadUser, for a call that names a group (`groupID` in its query or body): reads the group and
   * the caller's membership in the same statement, for the call's access check to take.
   */
  loadUserInGroup?: (id: string, sessionVersion: number, groupId: string) => Promise<SessionUser | undefined>;
}

const ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type NamingGroup = { groupID?: unknown } | undefined;

/** The group a call names (in its query, its path or its body), when it names one by an id of the right shape. */
function groupIdOf(req: FastifyRequest): string | undefined {
  const named = (req.query as NamingGroup)?.groupID ?? (req.params as NamingGroup)?.groupID ?? (req.body as NamingGroup)?.groupID;
  return typeof named === 'string' && ID_PATTERN.test(named) ? named : undefined;
}

const INVALID_SESSION = 'Your session is invalid or has expired, please log in again';
export const DOUBLE_BEARER =
  'The token was sent with the `Bearer ` prefix twice: the token from /api/users/login already starts with `Bearer `, send it unchanged as the Authorization header';

/**
 * Tokens whose signature and claims were verified, with their payload: a request with one of them
 * pays one map lookup instead of a hash, an HMAC and a JSON parse. A token is kept until it expires
 * (checked on every use), the oldest going first past this many. Whether the account still exists
 * and the session version is still current is read on every request.
 */
const VERIFIED_TOKENS_KEPT = 10_000;

type VerifiedPayload = Readonly<TokenPayload & { exp: number }>;

/** Identity comes from the bearer token only, never from a body. */
export const authPlugin = fp<Options>(async (app: FastifyInstance, opts) => {
  await app.register(fastifyJwt, {
    secret: opts.secret,
    sign: { expiresIn: opts.tokenTtlSeconds },
  });
  const verifiedTokens = new Map<string, VerifiedPayload>();

  /** The token's payload once its signature and expiry are checked; throws for any other token. */
  async function verified(req: FastifyRequest, header: string): Promise<VerifiedPayload> {
    const kept = verifiedTokens.get(header);
    if (kept && Date.now() < kept.exp * 1000) return kept;
    const payload = Object.freeze(await req.jwtVerify<TokenPayload & { exp: number }>());
    verifiedTokens.delete(header);
    if (verifiedTokens.size >= VERIFIED_TOKENS_KEPT) verifiedTokens.delete(verifiedTokens.keys().next().value as string);
    verifiedTokens.set(header, payload);
    return payload;
  }

  async function identify(req: FastifyRequest): Promise<SessionUser | null> {
    const header = req.headers.authorization;
    if (!header) return null;
    if (/^bearer\s+bearer\s/i.test(header)) throw unauthorized(DOUBLE_BEARER);
    let payload: TokenPayload;
    try {
      payload = await verified(req, header);
    } catch {
      throw unauthorized(INVALID_SESSION);
    }
    // A token without a version predates session versions: it cannot be checked, so it is refused.
    if (typeof payload.id !== 'string' || !Number.isSafeInteger(payload.sv)) throw unauthorized(INVALID_SESSION);
    const groupId = opts.loadUserInGroup && groupIdOf(req);
    const user = groupId ? await opts.loadUserInGroup!(payload.id, payload.sv, groupId) : await opts.loadUser(payload.id, payload.sv);
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
