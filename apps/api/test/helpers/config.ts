/** The only place API tests read the environment. */
export const testDatabaseKind: 'pglite' | 'postgres' =
  process.env.MUSTER_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const testPostgresUrl: string | undefined =
  testDatabaseKind === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
export const testRedisUrl: string | undefined = process.env.TEST_REDIS_URL || undefined;
