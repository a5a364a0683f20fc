import type { FastifyInstance } from 'fastify';
import { ERR } from '@muster/contract/errors';
import { AppError } from './errors.ts';

/**
 * Deepest nesting of arrays and objects a JSON body may have. Our request shapes need a handful of
 * levels; much deeper input exists only to exhaust the stack of whatever walks it next (a
 * validator, a serializer, a library the body is handed on to).
 */
export const JSON_MAX_DEPTH = 32;

/** Whether JSON text nests arrays/objects deeper than `max`, found by a scan that skips strings. */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) {
      depth -= 1;
    }
  }
  return false;
}

/**
 * The JSON body parser: Fastify's own (same prototype-poisoning rules, same empty-body error),
 * preceded by the nesting bound. Too deep answers 400 (2001).
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser(
    app.initialConfig.onProtoPoisoning ?? 'error',
    app.initialConfig.onConstructorPoisoning ?? 'error',
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonNestsDeeperThan(text, JSON_MAX_DEPTH)) {
      done(
        new AppError(ERR.INVALID_INPUT, {
          detail: `The request body nests deeper than ${JSON_MAX_DEPTH} levels`,
        }),
        undefined,
      );
      return;
    }
    void parse(request, text, done);
  });
}
