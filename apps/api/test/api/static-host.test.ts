import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createStaticHost } from '#src/static-host.ts';

let dir: string;
let spa: FastifyInstance;
let site: FastifyInstance;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'muster-static-'));
  for (const name of ['app', 'site']) {
    mkdirSync(path.join(dir, name, 'assets'), { recursive: true });
    writeFileSync(path.join(dir, name, 'index.html'), '<meta name="muster:api-url" content="__MUSTER_API_URL__"><meta name="muster:social-url" content="__MUSTER_SOCIAL_URL__"><script type="module" src="/assets/index-abc123.js"></script>');
    writeFileSync(path.join(dir, name, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(path.join(dir, name, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  }
  writeFileSync(path.join(dir, 'site', 'pricing.html'), '<h1>Pricing</h1><a href="__MUSTER_APP_URL__/sign-up">Sign up</a>');
  writeFileSync(path.join(dir, 'site', '404.html'), '<h1>Page not found</h1>');
  const placeholders = {
    __MUSTER_API_URL__: 'https://api.example.test',
    __MUSTER_APP_URL__: 'https://app.example.test',
    // A value that would break out of its attribute if written as it is.
    __MUSTER_SOCIAL_URL__: 'https://social.example/a?b=1&c="><script>alert(1)</script>',
  };
  spa = await createStaticHost({ root: path.join(dir, 'app'), placeholders, mode: 'spa', connectOrigins: ['https://api.example.test'] });
  site = await createStaticHost({ root: path.join(dir, 'site'), placeholders, mode: 'site', connectOrigins: [] });
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
    expect(response.body).toContain('content="https://social.example/a?b=1&amp;c=&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(response.body).not.toContain('<script>alert');
    expect(response.headers['content-security-policy']).toContain("connect-src 'self' https://api.example.test");
    const again = await spa.inject({ method: 'GET', url: '/index.html', headers: { 'if-none-match': response.headers.etag as string } });
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
    const secure = await createStaticHost({ root: path.join(dir, 'site'), placeholders: {}, mode: 'site', connectOrigins: [], hsts: true });
    try {
      for (const url of ['/', '/pricing', '/assets/index-abc123.js', '/favicon.svg', '/nope']) {
        const response = await secure.inject({ method: 'GET', url });
        expect(response.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
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
