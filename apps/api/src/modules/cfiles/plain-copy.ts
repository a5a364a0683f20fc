import { createHash } from 'node:crypto';
import { createWriteStream, statSync } from 'node:fs';
import { mkdir, readdir, rm, stat, statfs, utimes } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** How long a copy no chunk uses is kept, in case the next chunk of the same file comes soon. */
const IDLE_MS = 30_000;
/**
 * A copy older than this that this process does not hold was left by a process that stopped: it
 * is removed when the folder is first used. A copy is touched whenever a chunk takes it, so one
 * another live process reads stays younger than this.
 */
const DEFAULT_LEFTOVER_MS = 90_000;
/** Room kept free beside a copy, as a share of its size. */
const ROOM_MARGIN = 0.1;

type Copy = { file: string; refs: number; ready: Promise<void>; timer?: NodeJS.Timeout };
const copies = new Map<string, Copy>();
/** The folders already cleared of leftovers by this process. */
const cleared = new Set<string>();

async function removeLeftovers(dir: string, leftoverMs: number) {
  const held = new Set([...copies.values()].map((copy) => path.basename(copy.file)));
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    if (held.has(name)) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info && Date.now() - info.mtimeMs > leftoverMs) await rm(file, { force: true });
  }
}

/** Refuses to copy when the folder has less room than the file and a tenth more. */
async function ensureRoom(dir: string, size: number) {
  const info = await statfs(dir);
  if (info.bavail * info.bsize < size * (1 + ROOM_MARGIN)) {
    throw new Error('not enough room in memory for a copy of the file');
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
 * releases it (and, if the process stopped first, by the next process to use the folder). Each
 * process names its copies with its own `worker` mark, so processes sharing the folder never read
 * or remove each other's. A copy is not made when the folder has no room for it (a small /dev/shm
 * in a container): the error thrown then is the caller's cue to read without the fast path.
 */
export async function acquirePlainCopy(options: {
  dir: string;
  cfileId: string;
  /** This process's mark (letters, digits and dashes). */
  worker: string;
  /** The file's size in bytes. */
  size: number;
  open: () => Promise<Readable>;
  /** How old a copy nobody here holds must be to count as left behind (the chunk lease). */
  leftoverMs?: number;
}): Promise<{ file: string; release: () => void }> {
  const { dir, cfileId } = options;
  let copy = copies.get(cfileId);
  if (!copy) {
    const file = path.join(dir, `${cfileId}-${options.worker}.pdf`);
    const ready = (async () => {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      if (!cleared.has(dir)) {
        cleared.add(dir);
        await removeLeftovers(dir, options.leftoverMs ?? DEFAULT_LEFTOVER_MS);
      }
      await rm(file, { force: true });
      await ensureRoom(dir, options.size);
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
    const now = new Date();
    await utimes(held.file, now, now).catch(() => undefined);
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
