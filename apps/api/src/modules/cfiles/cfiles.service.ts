import type { PageQuery, Paged } from '@muster/contract/common';
import {
  cfileConditionSchema,
  cfileMedicationSchema,
  type AddCfileDisabilities,
  type AddedCfileDisabilities,
  type Cfile,
  type CfileCondition,
  type CfileCreated,
  type CfileMedication,
  type CfilePage,
  type CreateCfile,
} from '@muster/contract/cfiles';
import { disabilityTitleKey } from '@muster/contract/disabilities';
import { ERR } from '@muster/contract/errors';
import type { Db } from '@muster/db/client';
import type { JobDefinition, JobQueue } from '@muster/db/jobs';
import type { CfileRow } from '@muster/db/schema/index';
import { conditionsNamed, type ClaimedCondition } from '@muster/domain/cfile/conditions';
import { z } from 'zod';
import { AppError } from '#src/lib/errors.ts';
import {
  createDisabilities,
  listDisabilities,
} from '#src/modules/disabilities/disabilities.service.ts';
import { getFile } from '#src/modules/storage/storage.service.ts';
import * as repository from './cfiles.repository.ts';
import { buildEvidenceIndex } from './evidence-index.ts';

type Owner = { db: Db; userId: string };

/** A condition as stored: without `claimed` (worked out when read) and with every code it has. */
export const storedConditionSchema = cfileConditionSchema
  .omit({ claimed: true })
  .extend({ codes: z.array(z.string()).default([]) });
export type StoredCondition = z.infer<typeof storedConditionSchema>;

export function toCfile(row: CfileRow): Cfile {
  const status = row.jobStatus ?? 'queued';
  return {
    id: row.id,
    status,
    progress: row.jobProgress,
    pages_total: row.pagesTotal,
    pages_done: row.pagesDone,
    pages_ocr: row.pagesOcr,
    error: status === 'failed' ? (row.jobError ?? 'The file could not be read') : null,
    file_id: row.fileId,
    filename: row.filename,
    medications_count: row.medicationsCount,
    conditions_count: row.conditionsCount,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

type PlanJob = JobDefinition<{ cfile_id: string }>;

/**
 * Accepts a C-file for reading: a finished `c-file` upload of the owner's (another user's file,
 * or none, is refused on `file_id` as if it did not exist). Records it (its name copied from the
 * upload) and queues the job that counts its pages and splits them into chunks.
 */
export async function createCfile(
  options: Owner & { input: CreateCfile; jobs: JobQueue | undefined; job: PlanJob },
): Promise<CfileCreated> {
  const { db, userId, input } = options;
  if (!options.jobs) {
    throw new AppError(ERR.SERVICE_UNAVAILABLE, { detail: 'Background jobs are not running' });
  }
  const file = await getFile({ db, ownerId: userId, fileId: input.file_id }).catch(
    (error: unknown) => {
      if (error instanceof AppError && error.code === ERR.NOT_FOUND) {
        throw new AppError(ERR.INVALID_INPUT, {
          detail: 'No finished upload has this id',
          fields: { file_id: 'Upload the C-file first' },
        });
      }
      throw error;
    },
  );
  if (file.kind !== 'c-file') {
    throw new AppError(ERR.INVALID_INPUT, {
      detail: 'Upload the C-file as a C-file (a PDF)',
      fields: { file_id: 'Not a C-file upload' },
    });
  }
  if (file.status !== 'ready') {
    throw new AppError(ERR.INVALID_INPUT, {
      detail: 'The upload is not finished',
      fields: { file_id: 'The upload is not finished' },
    });
  }
  const row = await repository.insertCfile({
    db,
    userId,
    fileId: file.id,
    filename: file.filename,
  });
  try {
    await options.jobs.enqueue(options.job, { cfile_id: row.id });
  } catch (error) {
    await repository.deleteCfile({ db, userId, id: row.id });
    throw error;
  }
  return { id: row.id, status: 'queued' };
}

export async function listCfiles(options: Owner & { page: PageQuery }): Promise<Paged<Cfile>> {
  const { rows, total } = await repository.listCfiles(options);
  return {
    results: rows.map(toCfile),
    meta: { page: options.page.page, page_size: options.page.page_size, total },
  };
}

async function ownCfile(options: Owner & { id: string }): Promise<CfileRow> {
  const row = await repository.findCfile(options);
  if (!row) throw new AppError(ERR.NOT_FOUND);
  return row;
}

export async function getCfile(options: Owner & { id: string }): Promise<Cfile> {
  return toCfile(await ownCfile(options));
}

/**
 * Stops a C-file being read: workers stop at the next page (what was read is kept). Cancelling
 * one already canceled changes nothing; one complete or failed cannot be canceled (409).
 */
export async function cancelCfile(options: Owner & { id: string }): Promise<Cfile> {
  const canceled = await repository.cancelCfile(options);
  if (canceled) return toCfile(canceled);
  const row = await ownCfile(options);
  if (row.jobStatus === 'canceled') return toCfile(row);
  throw new AppError(ERR.INVALID_STATE, { detail: 'This C-file is no longer being read' });
}

/**
 * Deletes a C-file: its pages, chunks and findings go with it, and a worker reading it stops at
 * the next page. The uploaded PDF stays in the vault: it is the veteran's own document, which
 * they delete there if they wish.
 */
export async function deleteCfile(options: Owner & { id: string }): Promise<void> {
  if (!(await repository.deleteCfile(options))) throw new AppError(ERR.NOT_FOUND);
}

function assertComplete(row: CfileRow) {
  if (row.jobStatus !== 'complete') {
    throw new AppError(ERR.INVALID_STATE, {
      detail: 'The C-file is not read yet: its findings are ready once every page is read',
    });
  }
}

function medicationsOf(row: CfileRow): CfileMedication[] {
  const parsed = z.array(cfileMedicationSchema).safeParse(JSON.parse(row.medications ?? '[]'));
  return parsed.success ? parsed.data : [];
}

function storedConditionsOf(row: CfileRow): StoredCondition[] {
  const parsed = z.array(storedConditionSchema).safeParse(JSON.parse(row.conditions ?? '[]'));
  return parsed.success ? parsed.data : [];
}

/** The owner's disabilities by name and diagnostic code (what counts as already claimed). */
export async function claimedConditions(options: Owner): Promise<ClaimedCondition[]> {
  const claimed: ClaimedCondition[] = [];
  for (let page = 1; ; page++) {
    const { results, meta } = await listDisabilities({
      ...options,
      query: { page, page_size: 100, q: '', sort: 'created_at' },
    });
    claimed.push(...results.map((d) => ({ name: d.title, diagnostic_code: d.diagnostic_code })));
    if (page * meta.page_size >= meta.total || results.length === 0) return claimed;
  }
}

/** Whether a found condition is among the disabilities, as the domain's engine decides it. */
function isClaimed(condition: StoredCondition, claims: readonly ClaimedCondition[]): boolean {
  return claims.some((claim) => {
    const names = conditionsNamed(claim.name);
    const code = claim.diagnostic_code?.trim() || null;
    return (
      names.has(condition.name) ||
      disabilityTitleKey(claim.name) === disabilityTitleKey(condition.name) ||
      (names.size === 0 && code !== null && condition.codes.includes(code))
    );
  });
}

function withClaimed(
  conditions: StoredCondition[],
  claims: readonly ClaimedCondition[],
): CfileCondition[] {
  return conditions.map(({ codes: _codes, ...condition }) => ({
    ...condition,
    claimed: isClaimed({ ...condition, codes: _codes }, claims),
  }));
}

export async function getMedications(
  options: Owner & { id: string },
): Promise<{ results: CfileMedication[] }> {
  const row = await ownCfile(options);
  assertComplete(row);
  return { results: medicationsOf(row) };
}

/** The conditions found, each marked `claimed` against the disabilities as they are now. */
export async function getConditions(
  options: Owner & { id: string },
): Promise<{ results: CfileCondition[] }> {
  const row = await ownCfile(options);
  assertComplete(row);
  const claims = await claimedConditions(options);
  return { results: withClaimed(storedConditionsOf(row), claims) };
}

/**
 * One page's text for the page viewer. The page number is checked here, once the C-file is found
 * (so another user's C-file answers 404 whatever the number): 400 when it is not a page of the
 * file, 404 while the page is not read yet.
 */
export async function getPage(options: Owner & { id: string; page: string }): Promise<CfilePage> {
  const row = await ownCfile(options);
  const page = /^\d{1,6}$/.test(options.page) ? Number(options.page) : Number.NaN;
  if (!(page >= 1) || row.pagesTotal === null || page > row.pagesTotal) {
    throw new AppError(ERR.INVALID_INPUT, {
      detail:
        row.pagesTotal === null
          ? 'The file’s pages are not counted yet'
          : `Pages run from 1 to ${row.pagesTotal}`,
      fields: { page: 'Not a page of this file' },
    });
  }
  const found = await repository.findPage({ db: options.db, cfileId: row.id, page });
  if (!found) throw new AppError(ERR.NOT_FOUND, { detail: 'This page is not read yet' });
  return {
    page,
    pages_total: row.pagesTotal,
    source: found.source as CfilePage['source'],
    text: found.text,
    protected_7332: found.protected7332,
  };
}

/**
 * Adds conditions found in the C-file as disabilities, all in one transaction (the disabilities
 * module's bulk create). Every name must be one of this file's conditions (else 400 on that
 * name); those already among the disabilities are skipped and named in `skipped`.
 */
export async function addDisabilities(
  options: Owner & { id: string; input: AddCfileDisabilities },
): Promise<AddedCfileDisabilities> {
  const row = await ownCfile(options);
  assertComplete(row);
  const conditions = storedConditionsOf(row);
  const byKey = new Map(conditions.map((c) => [disabilityTitleKey(c.name), c]));
  const fields: Record<string, string> = {};
  const wanted: StoredCondition[] = [];
  const seen = new Set<string>();
  options.input.names.forEach((name, index) => {
    const condition = byKey.get(disabilityTitleKey(name));
    if (!condition) fields[`names.${index}`] = 'Not a condition found in this C-file';
    else if (!seen.has(condition.name)) {
      seen.add(condition.name);
      wanted.push(condition);
    }
  });
  if (Object.keys(fields).length > 0) {
    throw new AppError(ERR.INVALID_INPUT, { detail: 'Some names were not found', fields });
  }
  const claims = await claimedConditions(options);
  const skipped = wanted.filter((c) => isClaimed(c, claims)).map((c) => c.name);
  const toCreate = wanted.filter((c) => !skipped.includes(c.name));
  if (toCreate.length === 0) return { created: [], skipped };
  const { results } = await createDisabilities({
    db: options.db,
    userId: options.userId,
    input: {
      disabilities: toCreate.map((c) => ({
        title: c.name,
        ...(c.diagnostic_code && /^\d{4}$/.test(c.diagnostic_code)
          ? { diagnostic_code: c.diagnostic_code }
          : {}),
      })),
    },
  });
  return { created: results.map((d) => ({ id: d.id, name: d.title })), skipped };
}

/** The owner's C-files with their findings (for the account export; pages' text is left out). */
export async function exportCfiles(options: Owner) {
  const rows = await repository.listAllCfiles(options);
  return rows.map((row) => ({
    ...toCfile(row),
    medications: medicationsOf(row),
    conditions: storedConditionsOf(row).map(({ codes: _codes, ...condition }) => condition),
  }));
}

/** A complete C-file with its findings (`claimed` as of now): the evidence index, VSO shares. */
export async function getFindings(options: Owner & { id: string }): Promise<{
  cfile: Cfile;
  medications: CfileMedication[];
  conditions: CfileCondition[];
}> {
  const row = await ownCfile(options);
  assertComplete(row);
  const claims = await claimedConditions(options);
  return {
    cfile: toCfile(row),
    medications: medicationsOf(row),
    conditions: withClaimed(storedConditionsOf(row), claims),
  };
}

/**
 * The evidence index of a complete C-file (a PDF): each condition and medication with the pages
 * that name it; protected ones are listed for the veteran with the 7332 note.
 */
export async function getEvidenceIndex(options: Owner & { id: string }): Promise<Uint8Array> {
  const findings = await getFindings(options);
  return buildEvidenceIndex({
    filename: findings.cfile.filename,
    pagesTotal: findings.cfile.pages_total,
    conditions: findings.conditions,
    medications: findings.medications,
    generatedAt: new Date(),
  });
}
