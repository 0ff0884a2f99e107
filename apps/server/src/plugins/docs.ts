import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI document generated from the route schemas, with its UI at /api/docs. */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: { title: 'SMM API', description: 'Groups, events, games and accounts for gaming groups.', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description:
              'The `token` from POST /api/users/login (or from a password change), sent unchanged: it already carries its `Bearer ` prefix, so do not add another. A doubled prefix (`Bearer Bearer …`) is refused with 401.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: `default-src 'self'; base-uri 'self'; font-src 'self' data:; frame-ancestors 'self'; img-src 'self' data:; object-src 'none'; script-src 'self'; script-src-attr 'none'; style-src 'self' 'unsafe-inline'`,
  });
});
