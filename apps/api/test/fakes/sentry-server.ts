import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, inflateSync, brotliDecompressSync } from 'node:zlib';

/** One envelope as Sentry receives it: its header and its items (each a header and a payload). */
export type ReceivedEnvelope = {
  path: string;
  header: Record<string, unknown>;
  items: { header: Record<string, unknown>; payload: unknown }[];
};

function decode(request: IncomingMessage, body: Buffer): string {
  switch (request.headers['content-encoding']) {
    case 'gzip':
      return gunzipSync(body).toString('utf8');
    case 'deflate':
      return inflateSync(body).toString('utf8');
    case 'br':
      return brotliDecompressSync(body).toString('utf8');
    default:
      return body.toString('utf8');
  }
}

/**
 * Sentry's envelope format: a JSON header line, then for each item a JSON header line and a
 * payload (of `length` bytes when the item header gives one, else up to the next newline).
 */
function parseEnvelope(text: string): Pick<ReceivedEnvelope, 'header' | 'items'> {
  const bytes = Buffer.from(text, 'utf8');
  let offset = 0;
  const readLine = () => {
    const end = bytes.indexOf(0x0a, offset);
    const line = bytes.subarray(offset, end === -1 ? bytes.length : end).toString('utf8');
    offset = end === -1 ? bytes.length : end + 1;
    return line;
  };
  const header = JSON.parse(readLine()) as Record<string, unknown>;
  const items: ReceivedEnvelope['items'] = [];
  while (offset < bytes.length) {
    const line = readLine();
    if (line.trim() === '') continue;
    const itemHeader = JSON.parse(line) as Record<string, unknown>;
    let raw: string;
    if (typeof itemHeader.length === 'number') {
      raw = bytes.subarray(offset, offset + itemHeader.length).toString('utf8');
      offset += itemHeader.length + 1;
    } else {
      raw = readLine();
    }
    let payload: unknown = raw;
    try {
      payload = JSON.parse(raw);
    } catch {
      // Not JSON (an attachment): kept as text.
    }
    items.push({ header: itemHeader, payload });
  }
  return { header, items };
}

/**
 * A loopback stand-in for Sentry's ingest: accepts `POST /api/<project>/envelope/` (plain or
 * compressed bodies) and keeps every envelope it was sent.
 */
export async function startFakeSentry() {
  const envelopes: ReceivedEnvelope[] = [];
  let requests = 0;
  const server = createServer((request, response) => {
    requests += 1;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      if (request.method !== 'POST' || !/^\/api\/\d+\/envelope\/?(\?|$)/.test(path)) {
        response.writeHead(404).end();
        return;
      }
      envelopes.push({ path, ...parseEnvelope(decode(request, Buffer.concat(chunks))) });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    envelopes,
    /** Every HTTP request that reached the fake, envelopes or not. */
    requestCount: () => requests,
    /** The error events received (not transactions, sessions or client reports). */
    events: () =>
      envelopes.flatMap((envelope) =>
        envelope.items
          .filter((item) => item.header.type === 'event')
          .map((item) => item.payload as Record<string, unknown>),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
