import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import { uuidSchema, type PageQuery } from '@muster/contract/common';
import type { Db } from '@muster/db/client';
import { cfileChunks, cfilePages, cfiles, type CfileRow } from '@muster/db/schema/index';

/** Every query by owner names the owner: another user's C-file is simply not found. */
type Owner = { db: Db; userId: string };
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const isCfileId = (value: string) => uuidSchema.safeParse(value).success;

/** The statuses under which pages are still being read. */
const RUNNING = ['queued', 'processing'] as const;

export async function insertCfile(
  options: Owner & { fileId: string; filename: string },
): Promise<CfileRow> {
  const [row] = await options.db
    .insert(cfiles)
    .values({
      userId: options.userId,
      fileId: options.fileId,
      filename: options.filename,
      jobStatus: 'queued',
      jobUpdatedAt: new Date(),
    })
    .returning();
  if (!row) throw new Error('C-file insert returned no row');
  return row;
}

export async function listCfiles(options: Owner & { page: PageQuery }) {
  const owned = eq(cfiles.userId, options.userId);
  const rows = await options.db
    .select()
    .from(cfiles)
    .where(owned)
    .orderBy(desc(cfiles.createdAt), desc(cfiles.id))
    .limit(options.page.page_size)
    .offset((options.page.page - 1) * options.page.page_size);
  const [counted] = await options.db.select({ total: count() }).from(cfiles).where(owned);
  return { rows, total: counted?.total ?? 0 };
}

/** Every C-file of the owner, newest first (for the account export). */
export async function listAllCfiles(options: Owner) {
  return options.db
    .select()
    .from(cfiles)
    .where(eq(cfiles.userId, options.userId))
    .orderBy(desc(cfiles.createdAt));
}

export async function findCfile(options: Owner & { id: string }) {
  if (!isCfileId(options.id)) return undefined;
  const [row] = await options.db
    .select()
    .from(cfiles)
    .where(and(eq(cfiles.id, options.id), eq(cfiles.userId, options.userId)));
  return row;
}

/** A C-file by id alone (the jobs, which carry only the id). */
export async function findCfileById(options: { db: Db; id: string }) {
  const [row] = await options.db.select().from(cfiles).where(eq(cfiles.id, options.id));
  return row;
}

/** Marks a queued or running C-file canceled; answers the row as it is now, if it was one. */
export async function cancelCfile(options: Owner & { id: string }) {
  if (!isCfileId(options.id)) return undefined;
  const [row] = await options.db
    .update(cfiles)
    .set({ jobStatus: 'canceled', canceledAt: new Date(), jobUpdatedAt: new Date() })
    .where(
      and(
        eq(cfiles.id, options.id),
        eq(cfiles.userId, options.userId),
        inArray(cfiles.jobStatus, [...RUNNING]),
      ),
    )
    .returning();
  return row;
}

/** Deletes the owner's C-file; its pages, chunks and findings go with it (cascade). */
export async function deleteCfile(options: Owner & { id: string }): Promise<boolean> {
  if (!isCfileId(options.id)) return false;
  const deleted = await options.db
    .delete(cfiles)
    .where(and(eq(cfiles.id, options.id), eq(cfiles.userId, options.userId)))
    .returning({ id: cfiles.id });
  return deleted.length > 0;
}

/** Marks a C-file that is still queued or running as processing. */
export async function startProcessing(options: { db: Db; id: string }): Promise<boolean> {
  const rows = await options.db
    .update(cfiles)
    .set({ jobStatus: 'processing', jobUpdatedAt: new Date() })
    .where(and(eq(cfiles.id, options.id), inArray(cfiles.jobStatus, [...RUNNING])))
    .returning({ id: cfiles.id });
  return rows.length > 0;
}

/** Fails a C-file that is still running, with a message of our own. */
export async function failCfile(options: { db: Db; id: string; error: string }) {
  await options.db
    .update(cfiles)
    .set({ jobStatus: 'failed', jobError: options.error, jobUpdatedAt: new Date() })
    .where(and(eq(cfiles.id, options.id), inArray(cfiles.jobStatus, [...RUNNING])));
}

/**
 * Records the page count and the chunks, once: `wrote` is false when a run before this one did
 * (a plan run again after a restart or a retry). Answers the chunks not yet done.
 */
export async function writePlan(options: {
  db: Db;
  id: string;
  pagesTotal: number;
  chunkPages: number;
}): Promise<{ wrote: boolean; open: { firstPage: number }[] }> {
  return options.db.transaction(async (tx) => {
    const written = await tx
      .update(cfiles)
      .set({ pagesTotal: options.pagesTotal, jobUpdatedAt: new Date() })
      .where(and(eq(cfiles.id, options.id), isNull(cfiles.pagesTotal)))
      .returning({ id: cfiles.id });
    const chunks = [];
    for (let first = 1; first <= options.pagesTotal; first += options.chunkPages) {
      chunks.push({
        cfileId: options.id,
        firstPage: first,
        lastPage: Math.min(options.pagesTotal, first + options.chunkPages - 1),
      });
    }
    for (let start = 0; start < chunks.length; start += 500) {
      await tx
        .insert(cfileChunks)
        .values(chunks.slice(start, start + 500))
        .onConflictDoNothing();
    }
    const open = await tx
      .select({ firstPage: cfileChunks.firstPage })
      .from(cfileChunks)
      .where(and(eq(cfileChunks.cfileId, options.id), ne(cfileChunks.status, 'done')))
      .orderBy(asc(cfileChunks.firstPage));
    return { wrote: written.length > 0, open };
  });
}

/**
 * Takes a chunk for `owner` when it is free (pending, or its lease ran out) and its C-file is
 * being processed. One conditional update: of two workers, one gets it.
 */
export async function claimChunk(options: {
  db: Db;
  cfileId: string;
  firstPage: number;
  owner: string;
  leaseSeconds: number;
}) {
  const [chunk] = await options.db
    .update(cfileChunks)
    .set({
      status: 'reading',
      leaseOwner: options.owner,
      leaseUntil: sql`now() + make_interval(secs => ${options.leaseSeconds})`,
      attempts: sql`${cfileChunks.attempts} + 1`,
    })
    .where(
      and(
        eq(cfileChunks.cfileId, options.cfileId),
        eq(cfileChunks.firstPage, options.firstPage),
        or(
          eq(cfileChunks.status, 'pending'),
          and(eq(cfileChunks.status, 'reading'), lt(cfileChunks.leaseUntil, sql`now()`)),
        ),
        sql`exists (select 1 from ${cfiles} where ${cfiles.id} = ${options.cfileId} and ${cfiles.jobStatus} = 'processing')`,
      ),
    )
    .returning();
  return chunk;
}

/**
 * The first chunk of a C-file still being read that no worker holds (never taken, or its lease ran
 * out), or null: a worker that finished a chunk goes on with it rather than waiting for the queue.
 */
export async function findOpenChunk(options: { db: Db; cfileId: string }) {
  const [chunk] = await options.db
    .select({ firstPage: cfileChunks.firstPage })
    .from(cfileChunks)
    .innerJoin(cfiles, eq(cfiles.id, cfileChunks.cfileId))
    .where(
      and(
        eq(cfileChunks.cfileId, options.cfileId),
        eq(cfiles.jobStatus, 'processing'),
        or(
          eq(cfileChunks.status, 'pending'),
          and(eq(cfileChunks.status, 'reading'), lt(cfileChunks.leaseUntil, sql`now()`)),
        ),
      ),
    )
    .orderBy(cfileChunks.firstPage)
    .limit(1);
  return chunk ?? null;
}

/** Gives a chunk back (its reading stopped early): another worker may take it at once. */
export async function releaseChunk(options: {
  db: Db;
  cfileId: string;
  firstPage: number;
  owner: string;
}) {
  await options.db
    .update(cfileChunks)
    .set({ status: 'pending', leaseOwner: null, leaseUntil: null })
    .where(
      and(
        eq(cfileChunks.cfileId, options.cfileId),
        eq(cfileChunks.firstPage, options.firstPage),
        eq(cfileChunks.leaseOwner, options.owner),
        eq(cfileChunks.status, 'reading'),
      ),
    );
}

export async function completeChunk(options: {
  db: Db;
  cfileId: string;
  firstPage: number;
  owner: string;
}): Promise<boolean> {
  const rows = await options.db
    .update(cfileChunks)
    // The owner stays: which worker read the chunk.
    .set({ status: 'done', leaseUntil: null })
    .where(
      and(
        eq(cfileChunks.cfileId, options.cfileId),
        eq(cfileChunks.firstPage, options.firstPage),
        eq(cfileChunks.leaseOwner, options.owner),
      ),
    )
    .returning({ firstPage: cfileChunks.firstPage });
  return rows.length > 0;
}

/** The pages of `first`..`last` already read. */
export async function findReadPages(options: {
  db: Db;
  cfileId: string;
  first: number;
  last: number;
}): Promise<Set<number>> {
  const rows = await options.db
    .select({ page: cfilePages.page })
    .from(cfilePages)
    .where(
      and(
        eq(cfilePages.cfileId, options.cfileId),
        gte(cfilePages.page, options.first),
        lte(cfilePages.page, options.last),
      ),
    );
  return new Set(rows.map((row) => row.page));
}

export type SavedPage = 'saved' | 'stop';

/**
 * Keeps one page's text, in one transaction: the C-file must still be processing (its row is
 * locked meanwhile, so a delete waits), the page is written once (a page read again is not
 * counted again), the counters and progress move only when it was written, and the chunk's lease
 * is renewed while `owner` still holds it. `stop` when the C-file was canceled, deleted or failed,
 * or the lease was lost.
 */
export async function savePage(options: {
  db: Db;
  cfileId: string;
  firstPage: number;
  owner: string;
  leaseSeconds: number;
  page: { page: number; text: string; source: string; protected7332: boolean };
}): Promise<SavedPage> {
  const { cfileId, page } = options;
  return options.db.transaction(async (tx: Tx) => {
    const [running] = await tx
      .update(cfiles)
      .set({ jobUpdatedAt: new Date() })
      .where(and(eq(cfiles.id, cfileId), eq(cfiles.jobStatus, 'processing')))
      .returning({ pagesTotal: cfiles.pagesTotal });
    if (!running) return 'stop';
    const inserted = await tx
      .insert(cfilePages)
      .values({
        cfileId,
        page: page.page,
        source: page.source,
        text: page.text,
        protected7332: page.protected7332,
      })
      .onConflictDoNothing()
      .returning({ page: cfilePages.page });
    if (inserted.length > 0) {
      await tx
        .update(cfiles)
        .set({
          pagesDone: sql`${cfiles.pagesDone} + 1`,
          pagesOcr: sql`${cfiles.pagesOcr} + ${page.source === 'ocr' ? 1 : 0}`,
          // Reading is 98 of the 100: gathering the findings is the rest.
          jobProgress: sql`least(98, floor((${cfiles.pagesDone} + 1) * 98.0 / greatest(coalesce(${cfiles.pagesTotal}, 1), 1)))::int`,
        })
        .where(eq(cfiles.id, cfileId));
    }
    const renewed = await tx
      .update(cfileChunks)
      .set({ leaseUntil: sql`now() + make_interval(secs => ${options.leaseSeconds})` })
      .where(
        and(
          eq(cfileChunks.cfileId, cfileId),
          eq(cfileChunks.firstPage, options.firstPage),
          eq(cfileChunks.leaseOwner, options.owner),
        ),
      )
      .returning({ firstPage: cfileChunks.firstPage });
    return renewed.length > 0 ? 'saved' : 'stop';
  });
}

/**
 * Moves a C-file whose every chunk is done to gathering its findings (progress 99), once: of two
 * workers finishing the last chunks together, one is told to go on.
 */
export async function markAllRead(options: { db: Db; id: string }): Promise<boolean> {
  const rows = await options.db
    .update(cfiles)
    .set({ jobProgress: 99, jobUpdatedAt: new Date() })
    .where(
      and(
        eq(cfiles.id, options.id),
        eq(cfiles.jobStatus, 'processing'),
        lt(cfiles.jobProgress, 99),
        sql`not exists (select 1 from ${cfileChunks} where ${cfileChunks.cfileId} = ${options.id} and ${cfileChunks.status} <> 'done')`,
      ),
    )
    .returning({ id: cfiles.id });
  return rows.length > 0;
}

export async function hasUnreadChunks(options: { db: Db; id: string }): Promise<boolean> {
  const [row] = await options.db
    .select({ firstPage: cfileChunks.firstPage })
    .from(cfileChunks)
    .where(and(eq(cfileChunks.cfileId, options.id), ne(cfileChunks.status, 'done')))
    .limit(1);
  return row !== undefined;
}

/** Pages' text in page order, `limit` at a time after page `after` (decrypted as read). */
export async function findPageBatch(options: {
  db: Db;
  cfileId: string;
  after: number;
  limit: number;
}) {
  return options.db
    .select({ page: cfilePages.page, text: cfilePages.text })
    .from(cfilePages)
    .where(and(eq(cfilePages.cfileId, options.cfileId), gt(cfilePages.page, options.after)))
    .orderBy(asc(cfilePages.page))
    .limit(options.limit);
}

export async function findPage(options: { db: Db; cfileId: string; page: number }) {
  const [row] = await options.db
    .select()
    .from(cfilePages)
    .where(and(eq(cfilePages.cfileId, options.cfileId), eq(cfilePages.page, options.page)));
  return row;
}

/** Writes the findings and completes the C-file, if it is still processing. */
export async function saveFindings(options: {
  db: Db;
  id: string;
  medications: string;
  conditions: string;
  medicationsCount: number;
  conditionsCount: number;
}): Promise<boolean> {
  const rows = await options.db
    .update(cfiles)
    .set({
      medications: options.medications,
      conditions: options.conditions,
      medicationsCount: options.medicationsCount,
      conditionsCount: options.conditionsCount,
      jobStatus: 'complete',
      jobProgress: 100,
      jobError: null,
      jobUpdatedAt: new Date(),
      completedAt: new Date(),
    })
    .where(and(eq(cfiles.id, options.id), eq(cfiles.jobStatus, 'processing')))
    .returning({ id: cfiles.id });
  return rows.length > 0;
}

/**
 * What the sweep must restart: C-files still queued or processing that have not moved for
 * `staleSeconds` (their jobs were lost: the server stopped), and chunks whose lease ran out.
 */
export async function findStalled(options: { db: Db; staleSeconds: number }) {
  const stale = sql`now() - make_interval(secs => ${options.staleSeconds})`;
  const idle = await options.db
    .select({ id: cfiles.id, pagesTotal: cfiles.pagesTotal, updatedAt: cfiles.jobUpdatedAt })
    .from(cfiles)
    .where(and(inArray(cfiles.jobStatus, [...RUNNING]), lt(cfiles.jobUpdatedAt, stale)))
    .limit(1000);
  const expired = await options.db
    .select({ cfileId: cfileChunks.cfileId, firstPage: cfileChunks.firstPage })
    .from(cfileChunks)
    .innerJoin(cfiles, eq(cfiles.id, cfileChunks.cfileId))
    .where(
      and(
        eq(cfileChunks.status, 'reading'),
        lt(cfileChunks.leaseUntil, sql`now()`),
        eq(cfiles.jobStatus, 'processing'),
      ),
    )
    .limit(5000);
  return { idle, expired };
}

/** The chunks of a C-file not yet done. */
export async function findOpenChunks(options: { db: Db; id: string }) {
  return options.db
    .select({ firstPage: cfileChunks.firstPage, status: cfileChunks.status })
    .from(cfileChunks)
    .where(and(eq(cfileChunks.cfileId, options.id), ne(cfileChunks.status, 'done')))
    .orderBy(asc(cfileChunks.firstPage));
}

/**
 * Notes that a C-file's work moved (the sweep restarted it, or a finish is under way), so the
 * sweep does not restart it again at once.
 */
export async function touchCfile(options: { db: Db; id: string }) {
  await options.db
    .update(cfiles)
    .set({ jobUpdatedAt: new Date() })
    .where(eq(cfiles.id, options.id));
}

/** Extends the lease of a chunk `owner` still holds. */
export async function renewLease(options: {
  db: Db;
  cfileId: string;
  firstPage: number;
  owner: string;
  leaseSeconds: number;
}) {
  await options.db
    .update(cfileChunks)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${options.leaseSeconds})` })
    .where(
      and(
        eq(cfileChunks.cfileId, options.cfileId),
        eq(cfileChunks.firstPage, options.firstPage),
        eq(cfileChunks.leaseOwner, options.owner),
        eq(cfileChunks.status, 'reading'),
      ),
    );
}
