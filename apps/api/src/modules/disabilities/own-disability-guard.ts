import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser } from '#src/modules/auth/require-user.ts';
import { guardScope } from '#src/modules/auth/guard-scope.ts';
import { assertOwnDisability } from './disabilities.service.ts';

/**
 * Guards a plugin scope whose paths live under `/disabilities/:id`: the caller must be signed in,
 * and the disability the path names must be theirs. That disability is looked up before the body
 * is validated, so another user's id answers 404 whatever is sent, and nothing about the body is
 * told for it. Every module with routes under a disability calls this first.
 */
export function guardOwnDisability(app: FastifyInstance) {
  guardScope(app, requireUser);
  app.addHook('preValidation', async (request) => {
    const { id } = request.params as { id?: unknown };
    if (typeof id === 'string') {
      await assertOwnDisability({ db: app.database.db, userId: currentUser(request).id, id });
    }
  });
}
