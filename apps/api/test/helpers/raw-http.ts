import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect } from 'vitest';

export type RawAnswer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** Starts one request over a real socket and hands back the response as it begins. */
export function openRequest(
  url: string,
  headers: Record<string, string>,
  method = 'GET',
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method, headers }, resolve);
    request.on('error', reject);
    request.end();
  });
}

/** One request over a real socket; the body as it came over the wire, nothing decoded. */
export async function rawRequest(
  url: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawAnswer> {
  const response = await openRequest(url, headers, method);
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return {
    status: response.statusCode ?? 0,
    headers: response.headers,
    body: Buffer.concat(chunks),
  };
}

/** The body a client reads after undoing the answer's Content-Encoding (none, br or gzip). */
export function decodeBody(answer: RawAnswer): Buffer {
  const coding = answer.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(answer.body);
  if (coding === 'gzip') return gunzipSync(answer.body);
  expect(coding).toBeUndefined();
  return answer.body;
}
