import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import type { FastifyPluginAsync } from 'fastify';
import { ERR } from '@muster/contract/errors';
import { AppError } from '#src/lib/errors.ts';
import type { LocalStorage } from './storage.ts';
import { contentDisposition } from './s3-driver.ts';
import type { TokenSigner } from './signed-token.ts';
import { StorageObjectError, type ByteRange } from './storage-driver.ts';

const DENIED = () => new AppError(ERR.FORBIDDEN, { detail: 'This link is invalid or has expired' });

/**
 * The local driver's stand-in for S3's presigned URLs: `PUT` and `GET /storage/local/:token`.
 * The token is the whole authorization (like an S3 signature): one object, one operation, an
 * expiry and a size bound. Registered only when files are stored locally.
 */
export function localStorageRoutes(options: {
  storage: LocalStorage;
  signer: TokenSigner;
  root: string;
  /**
   * Whether the object still waits for its bytes: a link outlives its upload (an hour), but bytes
   * are taken only while the upload is pending, never after it was finished, refused or cancelled.
   */
  isPending: (key: string) => Promise<boolean>;
}): FastifyPluginAsync {
  return async (app) => {
    // Upload bodies are streamed to disk as they arrive, never buffered or parsed.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    app.put<{ Params: { token: string } }>(
      '/storage/local/:token',
      { schema: { hide: true }, config: { longRequest: true } },
      async (request, reply) => {
        const grant = options.signer.verify(request.params.token);
        if (!grant || (grant.op !== 'put' && grant.op !== 'part')) throw DENIED();
        if (!(await options.isPending(grant.key))) {
          throw new AppError(ERR.INVALID_STATE, {
            detail: 'This upload is finished or cancelled; start a new one',
          });
        }
        const declared = Number(request.headers['content-length']);
        const limit = grant.op === 'put' ? grant.size : grant.maxBytes;
        if (Number.isFinite(declared) && declared > limit) {
          throw new AppError(ERR.TOO_LARGE, { detail: `at most ${limit} bytes may be sent here` });
        }
        const target =
          grant.op === 'put'
            ? path.resolve(options.root, grant.key)
            : path.join(options.storage.partsDir(grant.uploadId), String(grant.partNumber));
        if (!target.startsWith(path.resolve(options.root) + path.sep)) throw DENIED();
        const body = (request.body ?? request.raw) as IncomingMessage;
        let written: { size: number; etag: string };
        try {
          written = await options.storage.writeObject(target, body, limit);
        } catch (error) {
          if (error instanceof StorageObjectError) {
            throw new AppError(ERR.TOO_LARGE, {
              detail: `at most ${limit} bytes may be sent here`,
            });
          }
          throw error;
        }
        if (grant.op === 'put' && written.size !== grant.size) {
          await options.storage.delete(grant.key);
          throw new AppError(ERR.CHECK_INPUT, {
            detail: `expected ${grant.size} bytes, received ${written.size}`,
          });
        }
        return reply.header('etag', written.etag).status(200).send();
      },
    );

    app.get<{ Params: { token: string } }>(
      '/storage/local/:token',
      // Sent as stored: Content-Length and Range offsets describe the file's own bytes.
      { schema: { hide: true }, config: { longRequest: true }, compress: false },
      async (request, reply) => {
        const grant = options.signer.verify(request.params.token);
        if (!grant || grant.op !== 'get') throw DENIED();
        const size = await options.storage.size(grant.key);
        if (size === null) throw new AppError(ERR.NOT_FOUND);
        const range = parseRange(request.headers.range, size);
        reply
          .header('content-type', grant.contentType)
          .header('accept-ranges', 'bytes')
          .header('content-disposition', contentDisposition(grant.filename, grant.disposition))
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff');
        if (range === 'unsatisfiable') {
          reply.header('content-range', `bytes */${size}`);
          throw Object.assign(new Error('range not satisfiable'), { statusCode: 416 });
        }
        if (!range) {
          return reply
            .header('content-length', String(size))
            .send(await options.storage.openRead(grant.key));
        }
        return reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', String(range.end - range.start + 1))
          .send(await options.storage.openRead(grant.key, range));
      },
    );
  };
}

/**
 * One HTTP byte range (`bytes=a-b`, `bytes=a-`, `bytes=-n`) against an object of `size` bytes.
 * No header, a malformed one or several ranges: null (the whole object is sent, as RFC 9110 allows).
 * A well-formed range that starts past the end: 'unsatisfiable'.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (!Number.isSafeInteger(start) || (match[2] !== '' && Number(match[2]) < start)) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
