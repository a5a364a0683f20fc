import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createStaticHost } from '#src/static-host.ts';
import { precompressFolder } from '../../../../../scripts/precompress.ts';
import { decodeBody, rawRequest } from '../../helpers/raw-http.ts';

let dir: string;
let spa: FastifyInstance;
let site: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'muster-static-'));
  for (const name of ['app', 'site']) {
    mkdirSync(path.join(dir, name, 'assets'), { recursive: true });
    writeFileSync(
      path.join(dir, name, 'index.html'),
      '<meta name="muster:api-url" content="__MUSTER_API_URL__"><meta name="muster:social-url" content="__MUSTER_SOCIAL_URL__"><script type="module" src="/assets/index-abc123.js"></script>',
    );
    writeFileSync(path.join(dir, name, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(dir, name, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  }
  writeFileSync(
    path.join(dir, 'site', 'pricing.html'),
    '<h1>Pricing</h1><a href="__MUSTER_APP_URL__/sign-up">Sign up</a>',
  );
  writeFileSync(path.join(dir, 'site', '404.html'), '<h1>Page not found</h1>');
  const placeholders = {
    __MUSTER_API_URL__: 'https://api.example.test',
    __MUSTER_APP_URL__: 'https://app.example.test',
    // A value that would break out of its attribute if written as it is.
    __MUSTER_SOCIAL_URL__: 'https://social.example/a?b=1&c="><script>alert(1)</script>',
  };
  spa = await createStaticHost({
    root: path.join(dir, 'app'),
    placeholders,
    mode: 'spa',
    connectOrigins: ['https://api.example.test'],
  });
  site = await createStaticHost({
    root: path.join(dir, 'site'),
    placeholders,
    mode: 'site',
    connectOrigins: [],
  });
});
afterAll(async () => {
  await spa.close();
  await site.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('[STATIC]', () => {
  it('[STATIC]: index.html is no-cache with an ETag and runtime URLs filled in', async () => {
    const response = await spa.inject({ method: 'GET', url: '/index.html' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.etag).toMatch(/^".+"$/);
    expect(response.body).toContain('content="https://api.example.test"');
    expect(response.body).not.toContain('__MUSTER');
    expect(response.body).toContain(
      'content="https://social.example/a?b=1&amp;c=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"',
    );
    expect(response.body).not.toContain('<script>alert');
    expect(response.headers['content-security-policy']).toContain(
      "connect-src 'self' https://api.example.test",
    );
    const again = await spa.inject({
      method: 'GET',
      url: '/index.html',
      headers: { 'if-none-match': response.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('[STATIC]: hashed assets are immutable; other files cache briefly', async () => {
    const asset = await spa.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await spa.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('[STATIC]: the SPA falls back to index.html for app paths, not for missing files', async () => {
    const page = await spa.inject({ method: 'GET', url: '/disabilities/123/flare-ups' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('muster:api-url');
    const missing = await spa.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('[STATIC]: the site serves clean URLs and a 404 page', async () => {
    const pricing = await site.inject({ method: 'GET', url: '/pricing' });
    expect(pricing.statusCode).toBe(200);
    expect(pricing.body).toContain('href="https://app.example.test/sign-up"');
    const missing = await site.inject({ method: 'GET', url: '/nope' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Page not found');
  });

  it('[STATIC]: a redeployed index.html gets a new ETag', async () => {
    const before = await spa.inject({ method: 'GET', url: '/' });
    const file = path.join(dir, 'app', 'index.html');
    writeFileSync(file, '<p>new version</p>');
    const later = new Date(Date.now() + 5000);
    utimesSync(file, later, later);
    const after = await spa.inject({ method: 'GET', url: '/' });
    expect(after.body).toBe('<p>new version</p>');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});

describe('[STATIC]: production headers and deadlines', () => {
  it('[STATIC]: HSTS on every answer when enabled, and not otherwise', async () => {
    const secure = await createStaticHost({
      root: path.join(dir, 'site'),
      placeholders: {},
      mode: 'site',
      connectOrigins: [],
      hsts: true,
    });
    try {
      for (const url of ['/', '/pricing', '/assets/index-abc123.js', '/favicon.svg', '/nope']) {
        const response = await secure.inject({ method: 'GET', url });
        expect(response.headers['strict-transport-security'], url).toBe(
          'max-age=31536000; includeSubDomains',
        );
      }
    } finally {
      await secure.close();
    }
    const plain = await site.inject({ method: 'GET', url: '/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('[STATIC]: a client that never finishes its headers is cut off', async () => {
    const host = await createStaticHost({
      root: path.join(dir, 'app'),
      placeholders: {},
      mode: 'spa',
      connectOrigins: [],
      limits: {
        headersTimeoutMs: 500,
        requestTimeoutMs: 1000,
        keepAliveTimeoutMs: 500,
        idleTimeoutMs: 5000,
        longRequestTimeoutMs: 5000,
        maxConnections: 100,
      },
    });
    try {
      await host.listen({ port: 0, host: '127.0.0.1' });
      const { port } = host.server.address() as { port: number };
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.resume(); // read the answer, so the close is seen
      socket.write('GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ');
      const closed = await new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 10_000);
        socket.once('close', () => {
          clearTimeout(timer);
          resolve(true);
        });
      });
      socket.destroy();
      expect(closed).toBe(true);
    } finally {
      await host.close();
    }
  });
});

describe('[STATIC]: compression', () => {
  let root: string;
  let host: FastifyInstance;
  let port: number;
  let script: Buffer;
  // Varied text, so brotli and gzip sizes differ from each other and from the original.
  const lines = Array.from(
    { length: 400 },
    (_, i) =>
      `export const value${i} = ${JSON.stringify({ i, square: i * i, label: `item ${i.toString(36)}` })};`,
  );
  const page = `<!doctype html><meta name="muster:api-url" content="__MUSTER_API_URL__"><script type="module" src="/assets/app-abc123.js"></script>${'<p>Muster helps veterans prepare claims.</p>'.repeat(60)}`;

  beforeAll(async () => {
    root = path.join(dir, 'packed');
    mkdirSync(path.join(root, 'assets'), { recursive: true });
    writeFileSync(path.join(root, 'index.html'), page);
    writeFileSync(path.join(root, 'small.html'), '<p>small</p>');
    writeFileSync(path.join(root, 'assets', 'app-abc123.js'), lines.join('\n'));
    writeFileSync(path.join(root, 'assets', 'tiny-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(root, 'photo.png'), Buffer.alloc(4096, 7));
    await precompressFolder(root);
    script = readFileSync(path.join(root, 'assets', 'app-abc123.js'));
    host = await createStaticHost({
      root,
      placeholders: { __MUSTER_API_URL__: 'https://api.example.test' },
      mode: 'spa',
      connectOrigins: [],
    });
    await host.listen({ port: 0, host: '127.0.0.1' });
    port = (host.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await host.close();
  });

  it('[STATIC][COMPRESSION]: the build writes .br and .gz beside text assets above 1 KB only', () => {
    const assets = path.join(root, 'assets');
    expect(brotliDecompressSync(readFileSync(path.join(assets, 'app-abc123.js.br')))).toEqual(
      script,
    );
    expect(gunzipSync(readFileSync(path.join(assets, 'app-abc123.js.gz')))).toEqual(script);
    expect(() => readFileSync(path.join(assets, 'tiny-abc123.js.br'))).toThrow();
    expect(() => readFileSync(path.join(root, 'photo.png.br'))).toThrow();
    expect(() => readFileSync(path.join(root, 'index.html.br'))).toThrow();
  });

  it('[STATIC][COMPRESSION]: an asset is sent as br, gzip or as it is, by Accept-Encoding, each with its own ETag', async () => {
    const cases: [string | undefined, string | undefined][] = [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ];
    const etags = new Set<string>();
    for (const [accept, expected] of cases) {
      const answer = await rawRequest(
        `http://127.0.0.1:${port}` + '/assets/app-abc123.js',
        accept === undefined ? {} : { 'accept-encoding': accept },
      );
      expect(answer.status, accept).toBe(200);
      expect(answer.headers['content-encoding'], accept).toBe(expected);
      expect(answer.headers['content-type'], accept).toMatch(/^(text|application)\/javascript/);
      expect(answer.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(Number(answer.headers['content-length']), accept).toBe(answer.body.length);
      expect(decodeBody(answer), accept).toEqual(script);
      if (expected) expect(answer.body.length).toBeLessThan(script.length / 2);
      etags.add(String(answer.headers.etag));
    }
    expect(etags.size).toBe(3);
  });

  it('[STATIC][COMPRESSION]: a coding refused with q=0 is never sent, and a garbage header is read as no preference', async () => {
    const cases: [string, string | undefined][] = [
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
      ['*;q=0', undefined],
      ['gzip;q=0.5, br;q=0.9', 'br'],
      [';;;,,,=q;', undefined],
      ['br;q=abc', undefined],
    ];
    for (const [accept, expected] of cases) {
      const asset = await rawRequest(`http://127.0.0.1:${port}` + '/assets/app-abc123.js', {
        'accept-encoding': accept,
      });
      expect(asset.status, accept).toBe(200);
      expect(asset.headers['content-encoding'], accept).toBe(expected);
      expect(decodeBody(asset), accept).toEqual(script);
      const html = await rawRequest(`http://127.0.0.1:${port}` + '/', {
        'accept-encoding': accept,
      });
      expect(html.status, accept).toBe(200);
      expect(html.headers['content-encoding'], accept).toBe(expected);
      expect(decodeBody(html).toString('utf8'), accept).toContain(
        'content="https://api.example.test"',
      );
    }
  });

  it('[STATIC][COMPRESSION]: HEAD, ranges and revalidation answer for the coding actually sent', async () => {
    const br = readFileSync(path.join(root, 'assets', 'app-abc123.js.br'));
    const head = await rawRequest(
      `http://127.0.0.1:${port}` + '/assets/app-abc123.js',
      { 'accept-encoding': 'br' },
      'HEAD',
    );
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBe(br.length);
    expect(head.body.length).toBe(0);

    // A range is a range of the bytes sent: those of the brotli copy here.
    const part = await rawRequest(`http://127.0.0.1:${port}` + '/assets/app-abc123.js', {
      'accept-encoding': 'br',
      range: 'bytes=0-99',
    });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBe('br');
    expect(part.headers['content-range']).toBe(`bytes 0-99/${br.length}`);
    expect(part.body).toEqual(br.subarray(0, 100));
    const plainPart = await rawRequest(`http://127.0.0.1:${port}` + '/assets/app-abc123.js', {
      range: 'bytes=0-99',
    });
    expect(plainPart.headers['content-encoding']).toBeUndefined();
    expect(plainPart.body).toEqual(script.subarray(0, 100));

    const full = await rawRequest(`http://127.0.0.1:${port}` + '/assets/app-abc123.js', {
      'accept-encoding': 'br',
    });
    const same = await rawRequest(`http://127.0.0.1:${port}` + '/assets/app-abc123.js', {
      'accept-encoding': 'br',
      'if-none-match': String(full.headers.etag),
    });
    expect(same.status).toBe(304);
    expect(same.headers.vary).toMatch(/accept-encoding/i);
    const otherCoding = await rawRequest(`http://127.0.0.1:${port}` + '/assets/app-abc123.js', {
      'accept-encoding': 'gzip',
      'if-none-match': String(full.headers.etag),
    });
    expect(otherCoding.status).toBe(200);
    expect(otherCoding.headers['content-encoding']).toBe('gzip');
  });

  it('[STATIC][COMPRESSION]: small and binary files go as they are; copies are not served by name', async () => {
    const tiny = await rawRequest(`http://127.0.0.1:${port}` + '/assets/tiny-abc123.js', {
      'accept-encoding': 'br, gzip',
    });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.headers.vary).toMatch(/accept-encoding/i);
    expect(tiny.body.toString()).toBe('console.log(1)');
    const photo = await rawRequest(`http://127.0.0.1:${port}` + '/photo.png', {
      'accept-encoding': 'br, gzip',
    });
    expect(photo.status).toBe(200);
    expect(photo.headers['content-encoding']).toBeUndefined();
    expect(photo.headers.vary).toBeUndefined();
    const copy = await rawRequest(`http://127.0.0.1:${port}` + '/assets/app-abc123.js.br', {
      'accept-encoding': 'br',
    });
    expect(copy.status).toBe(404);
  });

  it('[STATIC][COMPRESSION]: index.html is compressed at runtime with an ETag per coding', async () => {
    const plain = await rawRequest(`http://127.0.0.1:${port}` + '/index.html');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const expected = plain.body.toString('utf8');
    expect(expected).toContain('content="https://api.example.test"');
    const etags = new Set([String(plain.headers.etag)]);
    for (const coding of ['br', 'gzip']) {
      for (const url of ['/', '/index.html', '/some/app/path']) {
        const answer = await rawRequest(`http://127.0.0.1:${port}` + url, {
          'accept-encoding': coding,
        });
        expect(answer.status, url).toBe(200);
        expect(answer.headers['content-encoding'], url).toBe(coding);
        expect(answer.headers['cache-control']).toBe('no-cache');
        expect(answer.headers.vary).toMatch(/accept-encoding/i);
        expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
        expect(decodeBody(answer).toString('utf8')).toBe(expected);
        etags.add(String(answer.headers.etag));
      }
      const head = await rawRequest(
        `http://127.0.0.1:${port}` + '/',
        { 'accept-encoding': coding },
        'HEAD',
      );
      expect(head.headers['content-encoding']).toBe(coding);
      expect(head.body.length).toBe(0);
    }
    expect(etags.size).toBe(3);
    const br = await rawRequest(`http://127.0.0.1:${port}` + '/', { 'accept-encoding': 'br' });
    const revalidated = await rawRequest(`http://127.0.0.1:${port}` + '/', {
      'accept-encoding': 'br',
      'if-none-match': `"other", ${String(br.headers.etag)}`,
    });
    expect(revalidated.status).toBe(304);
    const wrongCoding = await rawRequest(`http://127.0.0.1:${port}` + '/', {
      'accept-encoding': 'gzip',
      'if-none-match': String(br.headers.etag),
    });
    expect(wrongCoding.status).toBe(200);
    expect(wrongCoding.headers['content-encoding']).toBe('gzip');
    const small = await rawRequest(`http://127.0.0.1:${port}` + '/small', {
      'accept-encoding': 'br',
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toMatch(/accept-encoding/i);
    expect(small.body.toString()).toBe('<p>small</p>');
  });
});
