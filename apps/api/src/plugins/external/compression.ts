import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers worth compressing: JSON and text. Never an event stream: each event must reach the
 * client as soon as it is written, and a compressor holds bytes back until its buffer fills.
 */
const COMPRESSIBLE_TYPES =
  /^(?:application\/(?:[\w.-]+\+)?json|application\/javascript|text\/(?!event-stream)[\w.+-]+)\s*(?:;|$)/i;

/** Smaller answers fit in a packet or two: compressing them costs more than it saves. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Compresses API answers of at least 1 KB with brotli or gzip, whichever the client's
 * Accept-Encoding prefers. Left as they are: answers that already carry a Content-Encoding, partial
 * answers (206, Content-Range) and routes that opt out with `compress: false` (stored-file
 * downloads, whose Range offsets and Content-Length describe the file itself). Request bodies are
 * never decompressed: a Content-Encoding on an upload is the stored object's, not the transport's.
 * Register before any route: routes added earlier are not covered.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
  });
}
