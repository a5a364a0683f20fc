import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { resolveHtmlRequest } from './runtime-urls-plugin.ts';

describe('resolveHtmlRequest', () => {
  const parentDir = mkdtempSync(path.join(tmpdir(), 'muster-site-'));
  const outDir = path.join(parentDir, 'dist');
  for (const file of ['index.html', 'pricing.html', '404.html', 'docs/index.html']) {
    mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
    writeFileSync(path.join(outDir, file), file);
  }
  writeFileSync(path.join(parentDir, 'outside.html'), 'outside');
  afterAll(() => rmSync(parentDir, { recursive: true, force: true }));

  const at = (file: string) => path.join(outDir, file);

  it('serves pages like a plain static host', () => {
    expect(resolveHtmlRequest(outDir, '/')).toEqual({ file: at('index.html'), status: 200 });
    expect(resolveHtmlRequest(outDir, '/docs/')).toEqual({
      file: at('docs/index.html'),
      status: 200,
    });
    expect(resolveHtmlRequest(outDir, '/pricing.html')).toEqual({
      file: at('pricing.html'),
      status: 200,
    });
  });

  it('answers unknown pages with 404.html', () => {
    const notFound = { file: at('404.html'), status: 404 };
    expect(resolveHtmlRequest(outDir, '/missing.html')).toEqual(notFound);
    expect(resolveHtmlRequest(outDir, '/pricing')).toEqual(notFound);
    expect(resolveHtmlRequest(outDir, '/nope/')).toEqual(notFound);
    expect(resolveHtmlRequest(outDir, '/../outside.html')).toEqual(notFound);
  });

  it('leaves assets to Vite', () => {
    expect(resolveHtmlRequest(outDir, '/assets/styles.css')).toBeNull();
    expect(resolveHtmlRequest(outDir, '/favicon.svg')).toBeNull();
  });
});
