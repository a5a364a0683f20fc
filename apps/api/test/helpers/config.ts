/** The only place API tests read the environment. */
export const testDatabaseKind: 'pglite' | 'postgres' =
  process.env.MUSTER_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const testPostgresUrl: string | undefined =
  testDatabaseKind === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
export const testRedisUrl: string | undefined = process.env.TEST_REDIS_URL || undefined;
/** Bodies per route in the fuzz suite: a quick pass by default, `npm run test:fuzz` sets 1,000. */
export const fuzzRuns: number =
  Number(process.env.FUZZ_RUNS) > 0 ? Number(process.env.FUZZ_RUNS) : 50;
/** Fuzz seed, to replay a failing run; random when unset. */
export const fuzzSeed: number =
  Number.isInteger(Number(process.env.FUZZ_SEED)) && process.env.FUZZ_SEED
    ? Number(process.env.FUZZ_SEED)
    : Date.now() % 2 ** 31;
/** Measure mode: count every 5xx and print a table per route instead of reporting only examples. */
export const fuzzMeasure: boolean = process.env.FUZZ_MEASURE === '1';
/** The kill-during-writes run: writes per round and rounds (`npm run test:soak:kill` sets 500 and 3). */
export const reliabilityWrites: number =
  Number(process.env.RELIABILITY_WRITES) > 0 ? Number(process.env.RELIABILITY_WRITES) : 150;
export const reliabilityRounds: number =
  Number(process.env.RELIABILITY_ROUNDS) > 0 ? Number(process.env.RELIABILITY_ROUNDS) : 1;
/** The environment an API child process starts from (PATH and the like), before its own settings. */
export const parentEnv = (): NodeJS.ProcessEnv => ({ ...process.env });
