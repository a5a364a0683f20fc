/** The only place db tests read the environment. */
export const testPostgresUrl: string | undefined = process.env.TEST_DATABASE_URL || undefined;
