/**
 * Loaded into the API by `npm run test:soak` only (`node --expose-gc --import` this file), never by
 * the app itself. On the message `{ type: 'collect' }` over the IPC channel the soak opened, it runs
 * the full garbage collection V8 runs when the system is short of memory (it also hands back the
 * heap pages V8 keeps for reuse) and answers the process's memory (`process.memoryUsage()`, in
 * bytes). Without it, resident memory read at a random moment swings by a hundred megabytes or more
 * with the heap's last high-water mark (an idle API on PostgreSQL: 377 MB before, 194 MB after);
 * what is left after it is what the process still holds, which is what a leak grows.
 */
import process from 'node:process';

type Gc = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

const gc = (globalThis as { gc?: Gc }).gc;
if (!gc) throw new Error('memory-probe needs node --expose-gc');
if (!process.send) throw new Error('memory-probe needs an IPC channel to its parent');

process.on('message', (message: unknown) => {
  if ((message as { type?: unknown } | null)?.type !== 'collect') return;
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  process.send?.({ type: 'memory', usage: process.memoryUsage() });
});
// The channel alone never keeps the API running: it stops when the API would.
process.channel?.unref();
