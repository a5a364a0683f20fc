import { connect, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERR, errorEnvelopeSchema } from '@muster/contract/errors';
import { createUpload } from '#src/modules/storage/storage.service.ts';
import { PDF_BYTES } from '../../fixtures/files.ts';
import { startTestServer, type TestApp } from '../../helpers/build-test-app.ts';

/** Small deadlines so a slow client is cut off quickly; bounds below are generous on purpose. */
const LIMITS = {
  HTTP_HEADERS_TIMEOUT_MS: '500',
  HTTP_REQUEST_TIMEOUT_MS: '1000',
  HTTP_KEEP_ALIVE_TIMEOUT_MS: '500',
  HTTP_LONG_REQUEST_TIMEOUT_MS: '4000',
};
/** Long enough for a deadline of ≤ 4 s to have passed on a busy machine, far below the old defaults. */
const BOUND_MS = 10_000;

type Exchange = { socket: Socket; received: () => string; closed: Promise<number | 'open'> };

/**
 * Opens a raw connection and writes `first`. `closed` settles with the milliseconds until the
 * server closed the connection, or 'open' when it was still open after `boundMs`.
 */
function openRaw(port: number, first: string | Buffer, boundMs = BOUND_MS): Exchange {
  const started = Date.now();
  const chunks: Buffer[] = [];
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.write(first);
  const closed = new Promise<number | 'open'>((resolve) => {
    const timer = setTimeout(() => resolve('open'), boundMs);
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
  return { socket, received: () => Buffer.concat(chunks).toString('utf8'), closed };
}

/** Status and JSON body of the first HTTP answer on a raw connection. */
function parseAnswer(raw: string): { status: number; headers: string; body: unknown } {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  const text = rest.join('\r\n\r\n');
  return {
    status,
    headers: head.toLowerCase(),
    body: text ? (JSON.parse(text) as unknown) : undefined,
  };
}

const envelope = (body: unknown) => errorEnvelopeSchema.strict().parse(body);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function probes(app: FastifyInstance) {
  app.post('/__probe/echo', async (request) => ({ got: request.body }));
  // A slow body on a route that moves large files: allowed past the request deadline.
  void app.register(async (scope) => {
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
    scope.put('/__probe/long', { config: { longRequest: true } }, async (request) => {
      let bytes = 0;
      for await (const chunk of request.raw) bytes += (chunk as Buffer).length;
      return { bytes };
    });
  });
  // An event stream: the answer lasts longer than the request deadline.
  app.get('/__probe/events', async (_request, reply) => {
    reply.raw.writeHead(200, { 'content-type': 'text/event-stream' });
    for (let i = 0; i < 6; i += 1) {
      reply.raw.write(`data: ${i}\n\n`);
      await sleep(300);
    }
    reply.raw.end();
    return reply;
  });
}

let app: TestApp;
let port: number;
beforeAll(async () => {
  ({ app } = await startTestServer({ env: LIMITS, beforeReady: probes }));
  port = Number(new URL(app.config.urls.api).port);
});
afterAll(async () => app.close());

describe('[HTTP-LIMITS]: deadlines over a real port', () => {
  it('[HTTP-LIMITS]: a body that stops arriving is answered 408 in the envelope and closed', async () => {
    const exchange = openRaw(
      port,
      'POST /__probe/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":"1234',
    );
    expect(await exchange.closed).not.toBe('open');
    const answer = parseAnswer(exchange.received());
    expect(answer.status).toBe(408);
    expect(envelope(answer.body)).toMatchObject({ code: ERR.CHECK_INPUT });
  });

  it('[HTTP-LIMITS]: unfinished headers are cut off, on many connections at once', async () => {
    const exchanges = Array.from({ length: 50 }, () =>
      openRaw(port, 'GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: '),
    );
    const closed = await Promise.all(exchanges.map((e) => e.closed));
    expect(closed.filter((c) => c === 'open')).toHaveLength(0);
    const answer = parseAnswer(exchanges[0]!.received());
    expect(answer.status).toBe(408);
    expect(envelope(answer.body).code).toBe(ERR.CHECK_INPUT);
  });

  it('[HTTP-LIMITS]: a connection that never sends anything is closed', async () => {
    const exchange = openRaw(port, '');
    expect(await exchange.closed).not.toBe('open');
  });

  it('[HTTP-LIMITS]: an idle keep-alive connection is closed after its timeout', async () => {
    const exchange = openRaw(
      port,
      'GET /health HTTP/1.1\r\nHost: x\r\nConnection: keep-alive\r\n\r\n',
    );
    expect(await exchange.closed).not.toBe('open');
    expect(parseAnswer(exchange.received()).status).toBe(200);
  });

  it('[HTTP-LIMITS]: a long-request route may take longer than the request deadline', async () => {
    const exchange = openRaw(
      port,
      'PUT /__probe/long HTTP/1.1\r\nHost: x\r\nContent-Length: 8\r\nConnection: close\r\n\r\n',
    );
    for (let i = 0; i < 8; i += 1) {
      await sleep(300); // 2.4 s in all: past the 1 s request deadline
      exchange.socket.write('x');
    }
    expect(await exchange.closed).not.toBe('open');
    const answer = parseAnswer(exchange.received());
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ bytes: 8 });
  });

  it('[HTTP-LIMITS]: a long-request route is still bounded by the long deadline', async () => {
    const exchange = openRaw(
      port,
      'PUT /__probe/long HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nxx',
    );
    const keepTrickling = setInterval(
      () => exchange.socket.writable && exchange.socket.write('x'),
      300,
    );
    try {
      const closedAfter = await exchange.closed;
      expect(closedAfter).not.toBe('open');
      expect(closedAfter).toBeGreaterThan(2000); // not cut at the ordinary 1 s deadline
    } finally {
      clearInterval(keepTrickling);
    }
    const answer = parseAnswer(exchange.received());
    expect(answer.status).toBe(408);
    expect(envelope(answer.body).code).toBe(ERR.CHECK_INPUT);
  });

  it('[HTTP-LIMITS]: the local storage driver accepts a slow signed upload', async () => {
    const grant = await createUpload({
      db: app.database.db,
      storage: app.storage,
      ownerId: 'user_http_limits',
      input: {
        kind: 'document',
        filename: 'a.pdf',
        content_type: 'application/pdf',
        size: PDF_BYTES.length,
      },
    });
    const url = new URL(grant.url!);
    const headers = Object.entries(grant.headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const exchange = openRaw(
      port,
      `PUT ${url.pathname} HTTP/1.1\r\nHost: x\r\n${headers}Content-Length: ${PDF_BYTES.length}\r\nConnection: close\r\n\r\n`,
    );
    const pieces = 6;
    const step = Math.ceil(PDF_BYTES.length / pieces);
    for (let i = 0; i < pieces; i += 1) {
      await sleep(300);
      exchange.socket.write(PDF_BYTES.subarray(i * step, (i + 1) * step));
    }
    expect(await exchange.closed).not.toBe('open');
    expect(parseAnswer(exchange.received()).status).toBe(200);
  });

  it('[HTTP-LIMITS]: an event stream may last longer than the request deadline', async () => {
    const response = await fetch(`${app.config.urls.api}/__probe/events`);
    const text = await response.text();
    expect(text.match(/^data: /gm)).toHaveLength(6);
  });
});

describe('[HTTP-LIMITS]: a connection cap', () => {
  let capped: TestApp;
  let cappedPort: number;
  beforeAll(async () => {
    ({ app: capped } = await startTestServer({ env: { HTTP_MAX_CONNECTIONS: '2' } }));
    cappedPort = Number(new URL(capped.config.urls.api).port);
  });
  afterAll(async () => capped.close());

  it('[HTTP-LIMITS]: connections beyond the cap are refused while the first ones stay open', async () => {
    const held = [openRaw(cappedPort, '', 1500), openRaw(cappedPort, '', 1500)];
    await sleep(200);
    const extra = openRaw(cappedPort, '');
    expect(await extra.closed).not.toBe('open');
    expect(await Promise.all(held.map((e) => e.closed))).toEqual(['open', 'open']);
    for (const e of held) e.socket.destroy();
  });
});

describe('[HTTP-LIMITS]: requests Node rejects still get the envelope', () => {
  it('[HTTP-LIMITS]: an unknown method → 400 envelope', async () => {
    const exchange = openRaw(port, 'FROB /health HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await exchange.closed).not.toBe('open');
    const answer = parseAnswer(exchange.received());
    expect(answer.status).toBe(400);
    expect(envelope(answer.body)).toMatchObject({ code: ERR.INVALID_INPUT });
    expect(exchange.received()).not.toContain('FROB');
  });

  it('[HTTP-LIMITS]: an oversize header → 431 envelope', async () => {
    const exchange = openRaw(
      port,
      `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(await exchange.closed).not.toBe('open');
    const answer = parseAnswer(exchange.received());
    expect(answer.status).toBe(431);
    expect(envelope(answer.body)).toMatchObject({ code: ERR.TOO_LARGE });
    expect(answer.headers).toContain('cache-control: no-store');
  });

  it('[HTTP-LIMITS]: a request without Host → 400 envelope', async () => {
    for (const first of ['GET /health', 'OPTIONS /health', 'GET /openapi.json']) {
      const exchange = openRaw(port, `${first} HTTP/1.1\r\nConnection: close\r\n\r\n`);
      expect(await exchange.closed).not.toBe('open');
      const answer = parseAnswer(exchange.received());
      expect(answer.status, first).toBe(400);
      expect(envelope(answer.body)).toMatchObject({
        code: ERR.INVALID_INPUT,
        detail: 'The Host header is missing',
      });
    }
  });

  it('[HTTP-LIMITS]: an unsupported Expect header → 417 envelope', async () => {
    const exchange = openRaw(
      port,
      'GET /health HTTP/1.1\r\nHost: x\r\nExpect: magic\r\nConnection: close\r\n\r\n',
    );
    expect(await exchange.closed).not.toBe('open');
    const answer = parseAnswer(exchange.received());
    expect(answer.status).toBe(417);
    expect(envelope(answer.body).code).toBe(ERR.CHECK_INPUT);
  });

  it('[HTTP-LIMITS]: a path parameter over the limit → 414 envelope without the path', async () => {
    const long = 'p'.repeat(1100);
    const exchange = openRaw(
      port,
      `GET /storage/local/${long} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    );
    expect(await exchange.closed).not.toBe('open');
    const answer = parseAnswer(exchange.received());
    expect(answer.status).toBe(414);
    expect(envelope(answer.body)).toMatchObject({ code: ERR.TOO_LARGE });
    expect(exchange.received()).not.toContain('ppppp');
  });
});
