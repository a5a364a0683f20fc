import {
  closeSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { hostname } from 'node:os';

/** The embedded database's folder is already served by another live process. */
export class DataDirInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The data folder ${folder} is in use by another Muster process (pid ${holder.pid}, started ${holder.startedAt}). ` +
        'Stop that process first, or set DATA_DIR to another folder.',
    );
    this.name = 'DataDirInUseError';
  }
}

type LockHolder = { pid: number; host: string; startedAt: string; bootTicks?: string | undefined };

/**
 * The start time of a process in clock ticks since boot (Linux), so a pid that was reused by an
 * unrelated process after a crash is not taken for the old holder. Undefined where /proc is absent.
 */
export function processStartTicks(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22, counted after the command name, which is in parentheses and may contain spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderIsAlive(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return true; // A shared folder used from another machine: never steal it.
  if (holder.pid === process.pid) return true;
  if (!isProcessAlive(holder.pid)) return false;
  const ticks = processStartTicks(holder.pid);
  return !(holder.bootTicks && ticks && ticks !== holder.bootTicks);
}

function isFresh(file: string): boolean {
  try {
    return Date.now() - statSync(file).mtimeMs < 2_000;
  } catch {
    return false;
  }
}

function readHolder(file: string): LockHolder | undefined {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return undefined;
    return {
      pid: parsed.pid,
      host: parsed.host,
      startedAt: String(parsed.startedAt),
      bootTicks: parsed.bootTicks,
    };
  } catch {
    return undefined;
  }
}

/**
 * Takes the exclusive lock of an embedded database folder: a `<folder>.lock` file beside it that
 * names the holding process. A second process on the same folder fails at once with
 * DataDirInUseError; a lock left by a process that died (kill -9, power loss) is taken over.
 * Returns the release function (also run when the process exits normally).
 */
export function lockDataDir(folder: string): () => void {
  const file = `${folder}.lock`;
  const mine: LockHolder = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    bootTicks: processStartTicks(process.pid),
  };
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, JSON.stringify(mine));
      } finally {
        closeSync(fd);
      }
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        const holder = readHolder(file);
        if (holder?.pid === mine.pid && holder.startedAt === mine.startedAt)
          rmSync(file, { force: true });
      };
      process.on('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readHolder(file);
    if (holder && holderIsAlive(holder)) throw new DataDirInUseError(folder, holder);
    if (!holder && isFresh(file)) {
      // Another process created it a moment ago and is still writing its name: wait for it.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
      continue;
    }
    // Stale (or unreadable half-written) lock: move it aside atomically, so of two processes
    // taking over at once only one removes it, then try again.
    const aside = `${file}.stale-${process.pid}`;
    try {
      renameSync(file, aside);
      unlinkSync(aside);
    } catch {
      // Someone else moved it first; the next attempt sees their lock or none.
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
