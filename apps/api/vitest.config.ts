import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['./test/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // PGlite instances are memory-hungry and single-threaded: one test file at a time.
    fileParallelism: false,
    pool: 'forks',
    // In one process that keeps its modules from file to file: loading the API afresh for every
    // file took longer than the tests themselves. Each file still builds its own app, database
    // and fakes, and closes them.
    isolate: false,
  },
});
