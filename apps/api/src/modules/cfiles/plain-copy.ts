import { createHash } from 'node:crypto';
import { createWriteStream, statSync } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** How long a copy no chunk uses is kept, in case the next chunk of the same file comes soon. */
const IDLE_MS = 30_000;
/** A copy older than this was left by a process that stopped: it is removed. */
const LEFTOVER_MS = 6 * 60 * 60 * 1000;

type Copy = { file: string; refs: number; ready: Promise<void>; timer?: NodeJS.Timeout };
const copies = new Map<string, Copy>();

async function removeLeftovers(dir: string) {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (
      info &&
      Date.now() - info.mtimeMs > LEFTOVER_MS &&
      !copies.has(name.replace(/\.pdf$/, ''))
    ) {
      await rm(file, { force: true });
    }
  }
}

/**
 * The folder for decrypted copies: in memory (Linux's /dev/shm tmpfs), never on disk, one per data
 * folder; null where there is no such memory-backed folder.
 */
export function plainCopyDir(dataDir: string): string | null {
  const shm = '/dev/shm';
  try {
    if (!statSync(shm).isDirectory()) return null;
  } catch {
    return null;
  }
  const tag = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 12);
  return path.join(shm, `muster-cfiles-${tag}`);
}

/**
 * A decrypted copy of a C-file's PDF in memory-backed storage, for Poppler's pdftotext (which
 * reads a plain file, and the stored one is encrypted or in S3). Only made when pdftotext is used:
 * the file is the veteran's, so it is written owner-only (0600) in a folder of ours (0700), shared
 * by the chunks of the same file this process reads, and removed 30 seconds after the last one
 * releases it (and, if the process stopped first, by a later process after six hours).
 */
export async function acquirePlainCopy(options: {
  dir: string;
  cfileId: string;
  open: () => Promise<Readable>;
}): Promise<{ file: string; release: () => void }> {
  const { dir, cfileId } = options;
  let copy = copies.get(cfileId);
  if (!copy) {
    const file = path.join(dir, `${cfileId}.pdf`);
    const ready = (async () => {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await removeLeftovers(dir);
      await rm(file, { force: true });
      await pipeline(await options.open(), createWriteStream(file, { mode: 0o600, flags: 'wx' }));
    })();
    copy = { file, refs: 0, ready };
    copies.set(cfileId, copy);
  }
  const held = copy;
  held.refs += 1;
  clearTimeout(held.timer);
  const release = () => {
    held.refs -= 1;
    if (held.refs > 0) return;
    held.timer = setTimeout(() => void dropPlainCopy(cfileId), IDLE_MS);
    held.timer.unref();
  };
  try {
    await held.ready;
  } catch (error) {
    release();
    await dropPlainCopy(cfileId);
    throw error;
  }
  return { file: held.file, release };
}

/** Removes a C-file's copy now, unless a chunk is still reading it. */
export async function dropPlainCopy(cfileId: string): Promise<void> {
  const copy = copies.get(cfileId);
  if (!copy || copy.refs > 0) return;
  copies.delete(cfileId);
  clearTimeout(copy.timer);
  await copy.ready.catch(() => undefined);
  await rm(copy.file, { force: true });
}
