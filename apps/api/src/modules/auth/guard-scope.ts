import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The OpenAPI security scheme of the bearer token sign-in hands out. */
export const BEARER_SCHEME = 'bearerAuth';

/** An OpenAPI security requirement: the route needs the bearer token. */
export const BEARER_SECURITY: Record<string, string[]>[] = [{ [BEARER_SCHEME]: [] }];

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Guards every route of this plugin scope (and of the scopes inside it) with `guard`, run as
 * onRequest so it comes before body validation, and marks each of those routes in the OpenAPI
 * document as needing the bearer token. One call does both, so the document cannot say a route is
 * open while a hook guards it, or the other way round. Call it before registering the routes.
 */
export function guardScope(scope: FastifyInstance, guard: Guard) {
  scope.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: BEARER_SECURITY };
  });
  scope.addHook('onRequest', guard);
}
