import { afterEach, vi } from 'vitest';

/**
 * console.error fails a test unless the test expects it (by spying on it itself). The files share
 * one process (see vitest.config.ts), so console.error is wrapped once and each file's hook reads
 * and clears the same list.
 */
const seenErrors = Symbol.for('muster.test.consoleErrors');
type WithErrors = typeof globalThis & { [seenErrors]?: unknown[][] };
const shared = globalThis as WithErrors;
if (!shared[seenErrors]) {
  const errors: unknown[][] = [];
  shared[seenErrors] = errors;
  const original = console.error;
  console.error = (...args: unknown[]) => {
    errors.push(args);
    original(...args);
  };
}
const errors = shared[seenErrors]!;
afterEach(() => {
  const seen = errors.splice(0);
  if (seen.length > 0 && !vi.isMockFunction(console.error)) {
    throw new Error(
      `console.error was called:\n${seen.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
  }
});
