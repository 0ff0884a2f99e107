import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { ThrottledError } from '../features/throttle/throttle.service';
import { redisOrLocalStore } from './rate-limit-store';

interface Options {
  rateLimitPerMinute: number;
  /** Changes (POST, PUT, PATCH, DELETE of the API) one signed-in user may make in a minute, from all their addresses together. */
  userWritesPerMinute: number;
  redisUrl?: string;
  /** The address users open the app at; HSTS is sent only when it is https. */
  publicUrl: string;
}

/**
 * Browser features the app does not use, switched off for it and for anything it might embed; only
 * writing to the clipboard stays (copying invite links, calendar feeds and drafts). Only features
 * that Chromium recognises are named, so the browser logs no warnings for the header.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'clipboard-read=(self)',
  'clipboard-write=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=()',
  'gamepad=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'idle-detection=()',
  'local-fonts=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/** A person clicks far slower than this; only a script reaches it. */
export const USER_WRITES_PER_MINUTE = 300;
export const USER_WRITES_MESSAGE = 'You are making changes too quickly: wait a moment and try again';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The route's preHandlers as a list. */
const preHandlersOf = (route: RouteOptions): unknown[] =>
  route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];

// For a 429 from somewhere that did not say when to retry: the longest general window.
const FALLBACK_RETRY_AFTER_SECONDS = 60;

/**
 * The headers helmet sets for these options, computed once: they are the same on every answer, and
 * building helmet's middleware anew for each request cost a few percent of the server's CPU.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Security headers (a CSP the built app satisfies, HSTS on https, a Permissions-Policy) and a general per-IP request limit. */
export const securityPlugin = fp<Options>(async (app: FastifyInstance, opts) => {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        // Steam avatars and game icons are served from Valve's image hosts.
        imgSrc: ["'self'", 'data:', 'https:'],
        objectSrc: ["'none'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Only a site that is really served over https may pin browsers to it: on a plain-http
    // install (a LAN, a laptop) HSTS would lock users out of every http service on that host name.
    strictTransportSecurity: /^https:\/\//i.test(opts.publicUrl) ? { maxAge: 31_536_000, includeSubDomains: true, preload: false } : false,
  });
  headers['permissions-policy'] = PERMISSIONS_POLICY;
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });

  // Every 429 says when to try again. onError runs before the error handler, which keeps the header.
  app.addHook('onError', async (_req, reply, error) => {
    if (error instanceof ThrottledError) reply.header('retry-after', String(error.retryAfterSeconds));
  });
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (reply.statusCode === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', String(FALLBACK_RETRY_AFTER_SECONDS));
    done(null, payload);
  });

  // ioredis loads only when a Redis is configured.
  const redis = opts.redisUrl
    ? new (await import('ioredis')).Redis(opts.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  if (redis) {
    let down = false;
    redis.on('error', (error: Error) => {
      if (!down) app.log.warn({ err: error.message }, 'Redis unavailable: rate limits are counted per instance until it is back');
      down = true;
    });
    redis.on('ready', () => {
      if (down) app.log.info('Redis is back: rate limits are shared again');
      down = false;
    });
    app.addHook('onClose', async () => void redis.quit());
  }
  await app.register(rateLimit, {
    global: true,
    max: opts.rateLimitPerMinute,
    timeWindow: '1 minute',
    // Only the API is limited; the web app's static files are cheap and cached.
    allowList: (req) => !req.url.startsWith('/api/'),
    ...(redis ? { store: redisOrLocalStore(redis, 'smm-rate-limit-') } : {}),
    skipOnError: true,
    errorResponseBuilder: (_req, context) => ({
      statusCode: context.statusCode,
      message: `Too many requests, please try again in ${context.after}`,
    }),
  });

  // Each signed-in user's changes, counted per account rather than per address (so one account
  // cannot spread a flood over many addresses), shared through Redis like the limit above: every
  // API write that needs a signed-in user counts, after the token is checked. Calls with a tighter
  // limit of their own (events, comments, sign-ups…) keep it as well.
  const userWrites = app.createRateLimit({
    max: opts.userWritesPerMinute,
    timeWindow: 60_000,
    keyGenerator: (req: FastifyRequest) => `user-writes:${req.actor.id}`,
  });
  async function countUserWrite(req: FastifyRequest) {
    const limit = await userWrites(req);
    if (!limit.isAllowed && limit.isExceeded) throw new ThrottledError(USER_WRITES_MESSAGE, Math.max(1, limit.ttlInSeconds));
  }
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith('/api/') || !methods.some((method) => WRITE_METHODS.has(method))) return;
    const preHandlers = preHandlersOf(route);
    if (!preHandlers.includes(app.requireUser)) return;
    route.preHandler = [...preHandlers, countUserWrite] as RouteOptions['preHandler'];
  });
});
