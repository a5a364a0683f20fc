import type { FastifyInstance } from 'fastify';
import { ERR } from '@muster/contract/errors';
import { AppError } from '#src/lib/errors.ts';

/**
 * True when a request path could mean something else once normalised: a `.` or `..` segment
 * (also percent-encoded), an encoded slash or backslash, a backslash, or an empty segment. Such a
 * path would pass the guards of the route it matched and then reach a different endpoint in a
 * component that normalises it, so it is refused outright.
 */
export function isAmbiguousPath(rawUrl: string): boolean {
  const queryAt = rawUrl.indexOf('?');
  const path = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  if (path.includes('\\') || path.includes('//')) return true;
  if (/%(2f|5c)/i.test(path)) return true;
  for (const segment of path.split('/').slice(1)) {
    const decoded = segment.replace(/%2e/gi, '.');
    if (decoded === '.' || decoded === '..') return true;
  }
  return false;
}

/** Refuses ambiguous paths with 404 in the envelope, before routing decisions matter. */
export function registerPathGuard(app: FastifyInstance) {
  // Callback style: no promise per request for a check that never waits.
  app.addHook('onRequest', (request, _reply, done) => {
    if (isAmbiguousPath(request.raw.url ?? request.url)) return done(new AppError(ERR.NOT_FOUND));
    done();
  });
}
