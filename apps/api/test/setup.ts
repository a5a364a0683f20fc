import { afterEach, vi } from 'vitest';

/** console.error fails a test unless the test expects it (by spying on it itself). */
let errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  const seen = errors;
  errors = [];
  if (seen.length > 0 && !vi.isMockFunction(console.error)) {
    throw new Error(
      `console.error was called:\n${seen.map((a) => a.map(String).join(' ')).join('\n')}`,
    );
  }
});
