import type pg from 'pg';
import { ERR } from '@muster/contract/errors';
import type { Readiness } from '@muster/contract/health';
import { migrationState } from '@muster/db/migrate';
import { AppError } from '#src/lib/errors.ts';
import { RUNTIME_FILES } from '#src/lib/runtime-files.ts';

const CHECK_TIMEOUT_MS = 2000;

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error('readiness check timed out')), CHECK_TIMEOUT_MS).unref(),
    ),
  ]);
}

/** Ready when the database answers and every committed migration is applied; else 503. */
export async function checkReadiness({ pool }: { pool: pg.Pool }): Promise<Readiness> {
  let migrations: 'applied' | 'pending';
  try {
    await withTimeout(pool.query('SELECT 1'));
    migrations = await withTimeout(migrationState(pool, RUNTIME_FILES.migrations));
  } catch {
    throw new AppError(ERR.SERVICE_UNAVAILABLE, { detail: 'database unreachable' });
  }
  if (migrations !== 'applied') {
    throw new AppError(ERR.SERVICE_UNAVAILABLE, { detail: 'database migrations pending' });
  }
  return { status: 'ready', database: 'up', migrations };
}
