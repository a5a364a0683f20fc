import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { PgBoss, type JobWithMetadata } from 'pg-boss';
import type { z } from 'zod';
import type { JobStatus } from '@muster/contract/common';
import type { Db, PgConnection } from './client.ts';

/** A table whose rows own jobs: it spreads `jobStateColumns()` and has an `id`. */
export type JobOwnerTable = PgTable & {
  id: AnyPgColumn;
  jobStatus: AnyPgColumn;
  jobProgress: AnyPgColumn;
  jobError: AnyPgColumn;
  jobUpdatedAt: AnyPgColumn;
};

export type JobContext<P> = {
  payload: P;
  jobId: string;
  /** 0 for the first run, then 1, 2, … for each retry. */
  attempt: number;
  signal: AbortSignal;
  db: Db;
  /** Records progress (0–100) on the owning row. */
  progress(percent: number): Promise<void>;
};

export type JobDefinition<P> = {
  /** `<feature>.<verb-noun>`, e.g. `decision-letters.analyze-letter`. */
  name: string;
  payloadSchema: z.ZodType<P>;
  /** Retries after the first attempt, with exponential backoff from `delaySeconds`. */
  retry?: { limit: number; delaySeconds: number; maxDelaySeconds?: number };
  /** How long one attempt may run before it counts as failed. */
  timeoutSeconds?: number;
  /** The row whose job_status / job_progress / job_error this job keeps current. */
  owner?: { table: JobOwnerTable; id: (payload: P) => string };
  /** Must be idempotent: a retry runs it again from the start. */
  handler(ctx: JobContext<P>): Promise<void>;
};

/**
 * Any job definition, whatever its payload type. `any` is deliberate: a registry holds definitions
 * of many payload types, and each payload is checked by its own schema at run time.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobDefinition = JobDefinition<any>;

export function defineJob<P>(definition: JobDefinition<P>): JobDefinition<P> {
  if (!/^[a-z0-9-]+\.[a-z0-9-]+$/.test(definition.name)) {
    throw new Error(`job name "${definition.name}" must look like <feature>.<verb-noun>`);
  }
  return definition;
}

/**
 * A failure that trying again cannot mend (a letter with no readable text): the job is marked
 * failed at once, with this message, and not retried.
 */
export class PermanentJobError extends Error {}

export type JobLogger = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

const DEFAULT_RETRY = { limit: 3, delaySeconds: 5, maxDelaySeconds: 300 };
const DEFAULT_TIMEOUT_SECONDS = 15 * 60;
/**
 * A running job reports in this often (half of it, in fact); a job whose worker stopped reporting
 * (the process was killed, the machine lost) is failed and retried by another worker, instead of
 * waiting out its whole time limit.
 */
const JOB_HEARTBEAT_SECONDS = 20;
/** How often pg-boss looks for jobs whose worker stopped reporting in. */
const SUPERVISE_INTERVAL_SECONDS = 10;

/** Retries a job gets after its first attempt: its own setting, else the default. */
export function retryLimitOf(definition: AnyJobDefinition): number {
  return definition.retry?.limit ?? DEFAULT_RETRY.limit;
}

export class JobPayloadError extends Error {
  constructor(
    readonly jobName: string,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super(`invalid payload for job ${jobName}`);
  }
}

/** A job id no job has: looking it up only loads the queue's settings. */
const NO_JOB = '00000000-0000-0000-0000-000000000000';

/**
 * Durable background jobs on PostgreSQL (or PGlite through the same driver) with pg-boss. Payloads
 * are checked with the job's zod schema when enqueued and again when run; status and progress are
 * written on the owning row, so a restart loses nothing.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, AnyJobDefinition>();
  private started = false;

  constructor(
    private readonly options: {
      connection: PgConnection;
      db: Db;
      logger: JobLogger;
      /** Seconds between polls for new work. */
      pollingIntervalSeconds?: number;
    },
  ) {
    const connection = options.connection;
    this.boss = new PgBoss({
      ...(typeof connection === 'string'
        ? { connectionString: connection }
        : {
            host: connection.host,
            port: connection.port,
            user: connection.user,
            database: connection.database,
          }),
      schema: 'pgboss',
      max: 4,
      superviseIntervalSeconds: SUPERVISE_INTERVAL_SECONDS,
      application_name: 'muster-jobs',
    });
    this.boss.on('error', (error: Error) =>
      options.logger.error({ err: { message: error.message } }, 'job queue error'),
    );
  }

  register(...definitions: AnyJobDefinition[]): this {
    for (const definition of definitions) {
      if (this.definitions.has(definition.name)) {
        throw new Error(`job ${definition.name} registered twice`);
      }
      this.definitions.set(definition.name, definition);
    }
    return this;
  }

  /** Installs or upgrades pg-boss's schema, creates the queues and, with `work`, starts workers. */
  async start(options: { work: boolean }): Promise<void> {
    await this.boss.start();
    this.started = true;
    for (const definition of this.definitions.values()) {
      const retry = { ...DEFAULT_RETRY, ...definition.retry };
      const settings = {
        retryLimit: retry.limit,
        retryDelay: retry.delaySeconds,
        retryBackoff: true,
        retryDelayMax: retry.maxDelaySeconds,
        expireInSeconds: definition.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS,
        heartbeatSeconds: JOB_HEARTBEAT_SECONDS,
      };
      // Creating a queue that exists changes nothing: its settings are brought up to date too, so
      // a queue made by an earlier version also gets the heartbeat.
      await this.boss.createQueue(definition.name, settings);
      await this.boss.updateQueue(definition.name, settings);
      // pg-boss looks each queue up once and keeps it; updating a queue drops that copy. Looked up
      // again now, so sending inside a caller's transaction needs no second connection: on
      // embedded PGlite one transaction holds the whole database until it ends.
      await this.boss.getJobById(definition.name, NO_JOB);
      if (options.work) {
        const worker: { id?: string } = {};
        worker.id = await this.boss.work<unknown>(
          definition.name,
          {
            batchSize: 1,
            includeMetadata: true,
            pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2,
          },
          async (jobs) => {
            try {
              for (const job of jobs) await this.run(definition, job as JobWithMetadata<unknown>);
            } finally {
              // One job over (done or failed), the next is looked for at once rather than after
              // the polling interval, so a backlog drains as fast as its jobs run (not one job
              // per interval); a look that finds nothing goes back to polling.
              if (worker.id) this.boss.notifyWorker(worker.id);
            }
          },
        );
      }
    }
  }

  /**
   * Validates the payload, marks the owning row queued and sends the job. Returns the job id.
   * With `transaction`, the job is written inside it: it exists if and only if that transaction
   * commits, so a row saved for a job is never left without one (by a crash between the two).
   */
  async enqueue<P>(
    definition: JobDefinition<P>,
    payload: P,
    options: { singletonKey?: string; startAfterSeconds?: number; transaction?: Executor } = {},
  ): Promise<string> {
    this.assertRegistered(definition);
    const parsed = definition.payloadSchema.safeParse(payload);
    if (!parsed.success) throw new JobPayloadError(definition.name, parsed.error.issues);
    const transaction = options.transaction;
    const id = await this.boss.send(definition.name, parsed.data as object, {
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      ...(transaction
        ? {
            db: { executeSql: (text, values) => transaction.execute(withParameters(text, values)) },
          }
        : {}),
    });
    if (!id) throw new Error(`job ${definition.name} was not accepted (duplicate singleton?)`);
    await this.writeOwner(definition, parsed.data, sql`'queued'`, 0, null, transaction);
    return id;
  }

  /** Runs the job on a cron schedule (UTC), once across all instances. Call after start(). */
  async schedule<P>(definition: JobDefinition<P>, cron: string, payload: P): Promise<void> {
    this.assertRegistered(definition);
    const parsed = definition.payloadSchema.safeParse(payload);
    if (!parsed.success) throw new JobPayloadError(definition.name, parsed.error.issues);
    await this.boss.schedule(definition.name, cron, parsed.data as object, { tz: 'UTC' });
  }

  async cancel<P>(definition: JobDefinition<P>, jobId: string, payload: P): Promise<void> {
    this.assertRegistered(definition);
    await this.boss.cancel(definition.name, jobId);
    await this.writeOwner(definition, payload, sql`'canceled'`, null, null);
  }

  /** The state pg-boss holds for a job (created, retry, active, completed, cancelled, failed). */
  async state(name: string, jobId: string): Promise<string | null> {
    const job = await this.boss.getJobById(name, jobId);
    return job?.state ?? null;
  }

  async stop(options: { graceful?: boolean; timeoutMs?: number } = {}): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({
      graceful: options.graceful ?? true,
      timeout: options.timeoutMs ?? 10_000,
      close: true,
    });
  }

  private assertRegistered(definition: AnyJobDefinition) {
    if (this.definitions.get(definition.name) !== definition) {
      throw new Error(`job ${definition.name} is not registered`);
    }
  }

  private async run(definition: AnyJobDefinition, job: JobWithMetadata<unknown>) {
    const retryLimit = job.retryLimit;
    const log = { job: definition.name, jobId: job.id, attempt: job.retryCount };
    const parsed = definition.payloadSchema.safeParse(job.data);
    if (!parsed.success) {
      // A payload that fails its schema will fail every retry: record it and let pg-boss fail it.
      this.options.logger.error(log, 'job payload failed validation');
      throw new JobPayloadError(definition.name, parsed.error.issues);
    }
    const payload = parsed.data;
    await this.writeOwner(definition, payload, sql`'processing'`, null, null);
    try {
      await definition.handler({
        payload,
        jobId: job.id,
        attempt: job.retryCount,
        signal: job.signal,
        db: this.options.db,
        progress: (percent) =>
          this.writeOwner(definition, payload, null, clampPercent(percent), undefined),
      });
    } catch (error) {
      const permanent = error instanceof PermanentJobError;
      const isLast = permanent || job.retryCount >= retryLimit;
      const message = error instanceof Error ? error.message : 'job failed';
      // The message is ours (thrown by our handlers), never user text; it is kept for support.
      await this.writeOwner(
        definition,
        payload,
        isLast ? sql`'failed'` : sql`'queued'`,
        null,
        message.slice(0, 500),
      );
      this.options.logger.warn({ ...log, final: isLast }, 'job attempt failed');
      // pg-boss retries a job whose handler throws; a permanent failure is recorded and ends here.
      if (permanent) return;
      throw error;
    }
    await this.writeOwner(definition, payload, sql`'complete'`, 100, null);
    this.options.logger.info(log, 'job complete');
  }

  /**
   * Writes job state on the owning row. `null` leaves a column as it is; `undefined` for the error
   * also leaves it.
   */
  private async writeOwner(
    definition: AnyJobDefinition,
    payload: unknown,
    status: SQL | null,
    progress: number | null,
    error: string | null | undefined,
    executor: Executor = this.options.db,
  ) {
    const owner = definition.owner;
    if (!owner) return;
    const t = owner.table;
    const sets: SQL[] = [sql`${sql.identifier(columnName(t.jobUpdatedAt))} = now()`];
    if (status) sets.push(sql`${sql.identifier(columnName(t.jobStatus))} = ${status}`);
    if (progress !== null)
      sets.push(sql`${sql.identifier(columnName(t.jobProgress))} = ${progress}`);
    if (error !== undefined) sets.push(sql`${sql.identifier(columnName(t.jobError))} = ${error}`);
    await executor.execute(
      sql`UPDATE ${t} SET ${sql.join(sets, sql`, `)} WHERE ${t.id} = ${owner.id(payload)}`,
    );
  }
}

/** The database, or a transaction on it: whatever runs a query. */
export type Executor = Pick<Db, 'execute'>;

/**
 * pg-boss's statement (`$1`, `$2`… placeholders) as a Drizzle query with the same values bound,
 * so it can run on a Drizzle transaction's connection.
 */
export function withParameters(text: string, values: unknown[] = []): SQL {
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    const index = Number(match[1]) - 1;
    if (index < 0 || index >= values.length) throw new Error(`no value for $${match[1]}`);
    chunks.push(sql.raw(text.slice(last, match.index)), sql`${values[index]}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks);
}

function columnName(column: AnyPgColumn): string {
  return column.name;
}

function clampPercent(percent: number): number {
  return Math.max(0, Math.min(100, Math.round(percent)));
}

/** Maps pg-boss's job state to the product's job statuses. */
export function toJobStatus(state: string): JobStatus {
  switch (state) {
    case 'created':
    case 'retry':
      return 'queued';
    case 'active':
      return 'processing';
    case 'completed':
      return 'complete';
    case 'cancelled':
      return 'canceled';
    default:
      return 'failed';
  }
}
