/**
 * Precompression of a built front end: beside each text asset the build writes `name.br` (brotli,
 * highest quality) and `name.gz` (gzip level 9), which apps/api/src/static-host.ts sends to
 * browsers that accept them. Used as a Vite plugin by apps/web and apps/site.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Text formats worth compressing. HTML is left out: the static host fills runtime URLs into it and
 * compresses the result itself. Source maps are left out: browsers never load them.
 */
export const PRECOMPRESSED_EXTENSIONS = new Set([
  '.js',
  '.mjs',
  '.css',
  '.svg',
  '.json',
  '.txt',
  '.xml',
  '.webmanifest',
  '.ico',
  '.wasm',
]);

/** Below this size the saving is smaller than a packet: the file is served as it is. */
export const PRECOMPRESS_MIN_BYTES = 1024;

export type PrecompressResult = { file: string; size: number; br?: number; gz?: number };

async function walk(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    // Dot folders (Vite's `.vite/manifest.json`) are build metadata, not served assets.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await walk(full)));
    else if (entry.isFile()) files.push(full);
  }
  return files;
}

/**
 * Writes the `.br` and `.gz` variants for every eligible file under `dir`. A variant is kept only
 * when it is smaller than the file, and the gzip one only when its size differs from the brotli
 * one: the static host's ETags come from size and modification time, so each encoding of a file
 * must differ in size to get its own ETag.
 */
export async function precompressFolder(dir: string): Promise<PrecompressResult[]> {
  const results: PrecompressResult[] = [];
  const files = (await walk(dir)).filter((file) =>
    PRECOMPRESSED_EXTENSIONS.has(path.extname(file).toLowerCase()),
  );
  for (const file of files) {
    const body = await readFile(file);
    if (body.length < PRECOMPRESS_MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      gzipAsync(body, { level: 9 }),
    ]);
    const result: PrecompressResult = { file: path.relative(dir, file), size: body.length };
    if (br.length < body.length) {
      await writeFile(`${file}.br`, br);
      result.br = br.length;
    }
    if (gz.length < body.length && gz.length !== result.br) {
      await writeFile(`${file}.gz`, gz);
      result.gz = gz.length;
    }
    results.push(result);
  }
  return results;
}

/** Vite plugin: precompresses the output folder once the build has written it. */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'muster:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle(error?: Error) {
      if (error || !outDir) return;
      const results = await precompressFolder(outDir);
      const before = results.reduce((sum, result) => sum + result.size, 0);
      const after = results.reduce((sum, result) => sum + (result.br ?? result.size), 0);
      this.info(
        `precompressed ${results.length} files: ${(before / 1024).toFixed(1)} KB → ${(after / 1024).toFixed(1)} KB brotli`,
      );
    },
  };
}
