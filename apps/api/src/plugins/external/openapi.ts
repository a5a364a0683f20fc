import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { BEARER_SCHEME } from '#src/modules/auth/guard-scope.ts';

/**
 * The operationId of a route that does not name its own, from its method and path, e.g.
 * `GET /users/:userId/export` → `getUsersByUserIdExport`. Method and path identify a route, so the
 * ids are unique and stay the same from one build to the next.
 */
export function operationIdFor(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/),
    )
    .filter(Boolean);
  return [
    method.toLowerCase(),
    ...words.map((word) => word[0]!.toUpperCase() + word.slice(1)),
  ].join('');
}

/** OpenAPI 3.1 built from the zod route schemas, at /openapi.json; the docs UI at /docs. */
export async function registerOpenApi(app: FastifyInstance, options: { apiUrl: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Muster API',
        description:
          'API of Muster, which helps US veterans prepare VA disability claims. Every error answers the ErrorEnvelope.',
        version: '0.1.0',
      },
      servers: [{ url: options.apiUrl }],
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The token a sign-in answers with (body `token`, header `set-auth-token`).',
          },
        },
      },
    },
    transform: (document) => {
      const transformed = jsonSchemaTransform(document);
      const url = transformed.url;
      // Typed as always there, but a route registered without a schema gives none.
      const schema = transformed.schema as typeof transformed.schema | undefined;
      if (schema?.hide) return { schema, url };
      const method = [document.route.method].flat()[0] ?? 'GET';
      return {
        schema: {
          ...schema,
          operationId: schema?.operationId ?? operationIdFor(method, url),
          // A route no guard marked (see guardScope) is open: say so rather than leave it unsaid.
          security: schema?.security ?? [],
        },
        url,
      };
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
