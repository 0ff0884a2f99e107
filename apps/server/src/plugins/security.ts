import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

interface Options {
  rateLimitPerMinute: number;
  redisUrl?: string;
}

/** Security headers (a CSP the built app satisfies) and a general per-IP request limit. */
export const securityPlugin = fp<Options>(async (app: FastifyInstance, opts) => {
  await app.register(helmet, {
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
    strictTransportSecurity: false,
  });

  const redis = opts.redisUrl ? new Redis(opts.redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 }) : undefined;
  if (redis) app.addHook('onClose', async () => void redis.quit());
  await app.register(rateLimit, {
    global: true,
    max: opts.rateLimitPerMinute,
    timeWindow: '1 minute',
    // Only the API is limited; the web app's static files are cheap and cached.
    allowList: (req) => !req.url.startsWith('/api/'),
    ...(redis ? { redis, nameSpace: 'smm-rate-limit-' } : {}),
    errorResponseBuilder: (_req, context) => ({
      statusCode: context.statusCode,
      message: `Too many requests, please try again in ${context.after}`,
    }),
  });
});
