import { PassThrough } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  completeUpload,
  createUpload,
  getDownloadUrl,
} from '#src/modules/storage/storage.service.ts';
import { createTokenSigner } from '#src/modules/storage/signed-token.ts';
import { pdfOfSize } from '../../fixtures/files.ts';
import { freePort, buildTestApp, type TestApp } from '../../helpers/build-test-app.ts';
import { decodeBody, openRequest, rawRequest } from '../../helpers/raw-http.ts';

const OWNER = 'user_compression_owner';
/** Well over the 1 KB threshold once serialised. */
const LARGE = {
  items: Array.from({ length: 60 }, (_, i) => ({
    id: i,
    name: `condition ${i}`,
    rating: (i * 10) % 100,
  })),
};
const PREGZIPPED = gzipSync(JSON.stringify(LARGE));

describe('[COMPRESSION] API answers', () => {
  let app: TestApp;
  let base: string;
  let events: PassThrough | undefined;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await buildTestApp({
      env: { API_PORT: String(port), API_URL: base },
      beforeReady: (instance) => {
        instance.get('/test/large', { schema: { hide: true } }, async () => LARGE);
        instance.get('/test/small', { schema: { hide: true } }, async () => ({ ok: true }));
        instance.get('/test/encoded', { schema: { hide: true } }, async (_request, reply) =>
          reply.header('content-encoding', 'gzip').type('application/json').send(PREGZIPPED),
        );
        // An event stream as a route would write one: events are pushed while the answer is open.
        instance.get(
          '/test/events',
          { schema: { hide: true }, config: { longRequest: true } },
          async (_request, reply) => {
            events = new PassThrough();
            events.write(`data: ${JSON.stringify({ n: 1, pad: 'x'.repeat(2000) })}\n\n`);
            return reply.type('text/event-stream').header('cache-control', 'no-store').send(events);
          },
        );
      },
    });
    await app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => {
    events?.destroy();
    await app.close();
  });

  it('[COMPRESSION]: JSON over 1 KB is sent as br or gzip by Accept-Encoding, and decodes to the same JSON', async () => {
    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      const answer = await rawRequest(`${base}/test/large`, { 'accept-encoding': accept });
      expect(answer.status, accept).toBe(200);
      expect(answer.headers['content-encoding'], accept).toBe(expected);
      expect(answer.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.body.length).toBeLessThan(JSON.stringify(LARGE).length);
      expect(JSON.parse(decodeBody(answer).toString('utf8'))).toEqual(LARGE);
    }
  });

  it('[COMPRESSION]: small answers, refused codings and garbage headers are sent as they are', async () => {
    const small = await rawRequest(`${base}/test/small`, { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toEqual({ ok: true });
    for (const accept of [
      'br;q=0, gzip;q=0',
      'identity',
      ';;;,,,=q;',
      'br;q=abc',
      '\u00ff\u00fe',
    ]) {
      const answer = await rawRequest(`${base}/test/large`, { 'accept-encoding': accept });
      expect(answer.status, accept).toBe(200);
      expect(answer.headers['content-encoding'], accept).toBeUndefined();
      expect(JSON.parse(answer.body.toString('utf8')), accept).toEqual(LARGE);
    }
    const none = await rawRequest(`${base}/test/large`);
    expect(none.headers['content-encoding']).toBeUndefined();
    // An answer that already states its coding is not encoded again.
    const encoded = await rawRequest(`${base}/test/encoded`, { 'accept-encoding': 'br' });
    expect(encoded.headers['content-encoding']).toBe('gzip');
    expect(encoded.body).toEqual(PREGZIPPED);
  });

  it('[COMPRESSION]: an event stream is never compressed, and its first event arrives while it is still open', async () => {
    const response = await openRequest(`${base}/test/events`, { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(response.headers['content-encoding']).toBeUndefined();
    const reader = response[Symbol.asyncIterator]();
    let first = '';
    while (!first.includes('\n\n')) {
      const next = (await reader.next()) as IteratorResult<Buffer>;
      expect(next.done).toBe(false);
      first += next.value.toString('utf8');
    }
    expect(JSON.parse(first.slice('data: '.length).trim())).toMatchObject({ n: 1 });
    // Only now, with the first event read, does the server write the second and close.
    events!.end('data: {"n":2}\n\n');
    let rest = '';
    for (;;) {
      const next = (await reader.next()) as IteratorResult<Buffer>;
      if (next.done) break;
      rest += next.value.toString('utf8');
    }
    expect(rest).toBe('data: {"n":2}\n\n');
  });

  it('[COMPRESSION]: a stored file is downloaded as stored, ranges included, whatever the Accept-Encoding', async () => {
    const bytes = pdfOfSize(20_000);
    const grant = await createUpload({
      db: app.database.db,
      storage: app.storage,
      ownerId: OWNER,
      input: {
        kind: 'document',
        filename: 'letter.pdf',
        content_type: 'application/pdf',
        size: bytes.length,
      },
    });
    const put = await fetch(grant.url!, {
      method: 'PUT',
      body: bytes,
      headers: { 'content-length': String(bytes.length), ...grant.headers },
    });
    expect(put.status).toBe(200);
    await completeUpload({
      db: app.database.db,
      storage: app.storage,
      ownerId: OWNER,
      fileId: grant.file_id,
      input: {},
    });
    const { url } = await getDownloadUrl({
      db: app.database.db,
      storage: app.storage,
      ownerId: OWNER,
      fileId: grant.file_id,
    });
    // The same object under a text type, which the compressor would otherwise pick.
    const textUrl = `${base}/storage/local/${createTokenSigner(app.keyRing).sign({
      op: 'get',
      key: `u/${OWNER}/${grant.file_id}`,
      filename: 'letter.txt',
      contentType: 'text/plain; charset=utf-8',
      exp: Math.floor(Date.now() / 1000) + 600,
    })}`;
    for (const link of [url, textUrl]) {
      const whole = await rawRequest(link, { 'accept-encoding': 'br, gzip' });
      expect(whole.status).toBe(200);
      expect(whole.headers['content-encoding']).toBeUndefined();
      expect(whole.headers['content-length']).toBe(String(bytes.length));
      expect(whole.body).toEqual(bytes);
      const part = await rawRequest(link, {
        'accept-encoding': 'br, gzip',
        range: 'bytes=100-4195',
      });
      expect(part.status).toBe(206);
      expect(part.headers['content-encoding']).toBeUndefined();
      expect(part.headers['content-range']).toBe(`bytes 100-4195/${bytes.length}`);
      expect(part.headers['content-length']).toBe('4096');
      expect(part.body).toEqual(bytes.subarray(100, 4196));
    }
  });
});
