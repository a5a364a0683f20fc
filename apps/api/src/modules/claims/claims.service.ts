import type { Paged, PageQuery } from '@muster/contract/common';
import type {
  Claim,
  ClaimDisability,
  ClaimReview,
  ClaimReviewDisability,
  ClaimStatus,
  CreateClaimInput,
  UpdateClaimInput,
} from '@muster/contract/claims';
import { nexusLetterStatusSchema } from '@muster/contract/nexus-letters';
import type { Disability } from '@muster/contract/disabilities';
import { ERR } from '@muster/contract/errors';
import { READINESS_ELEMENT_LABELS, type Readiness } from '@muster/contract/readiness';
import type { Db } from '@muster/db/client';
import type { ClaimRow } from '@muster/db/schema/index';
import { AppError } from '#src/lib/errors.ts';
import { findOwnDisabilities } from '#src/modules/disabilities/disabilities.service.ts';
import { listGeneratedStatements } from '#src/modules/personal-statements/personal-statements.service.ts';
import { statusOf as laymanStatusOf } from '#src/modules/layman-statements/layman-statements.service.ts';
import { getReadiness } from '#src/modules/readiness/readiness.service.ts';
import { findPrimaryVeteranId, isOwnVeteran } from '#src/modules/veterans/veterans.service.ts';
import * as repository from './claims.repository.ts';

type Owner = { db: Db; userId: string };

const DISABILITY_MESSAGE = 'Not one of your disabilities';
const VETERAN_MESSAGE = 'Not one of your veteran records';

function toClaimDisability(disability: Disability): ClaimDisability {
  return {
    id: disability.id,
    title: disability.title,
    percent: disability.percent,
    diagnostic_code: disability.diagnostic_code,
  };
}

function toClaim(row: ClaimRow, disabilities: ClaimDisability[]): Claim {
  return {
    id: row.id,
    name: row.name,
    status: row.status as ClaimStatus,
    veteran_id: row.veteranId,
    disabilities,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The claims of `rows` with their disabilities, each in the order listed: one query for the lists
 * and one for the disabilities, however many claims.
 */
async function withDisabilities(owner: Owner, rows: ClaimRow[]): Promise<Claim[]> {
  const lists = await repository.listClaimDisabilityIds({
    ...owner,
    claimIds: rows.map((row) => row.id),
  });
  const ids = [...new Set([...lists.values()].flat())];
  const found = new Map(
    (ids.length === 0 ? [] : await findOwnDisabilities({ ...owner, ids })).map((disability) => [
      disability.id,
      toClaimDisability(disability),
    ]),
  );
  return rows.map((row) =>
    toClaim(
      row,
      (lists.get(row.id) ?? []).flatMap((id) => {
        const disability = found.get(id);
        return disability ? [disability] : [];
      }),
    ),
  );
}

async function claimOf(owner: Owner, row: ClaimRow): Promise<Claim> {
  const [claim] = await withDisabilities(owner, [row]);
  if (!claim) throw new Error('a claim read back as nothing');
  return claim;
}

/**
 * Refuses (400, naming each bad field) disabilities or a veteran record that are not the owner's:
 * another user's, or none at all, are told apart from nothing.
 */
async function checkReferences(
  options: Owner & { disabilityIds?: string[] | undefined; veteranId?: string | null | undefined },
): Promise<void> {
  const fields: Record<string, string> = {};
  if (options.disabilityIds) {
    const own = new Set(
      (await findOwnDisabilities({ ...options, ids: options.disabilityIds })).map((d) => d.id),
    );
    options.disabilityIds.forEach((id, index) => {
      if (!own.has(id)) fields[`disability_ids.${index}`] = DISABILITY_MESSAGE;
    });
  }
  if (options.veteranId && !(await isOwnVeteran({ ...options, id: options.veteranId }))) {
    fields.veteran_id = VETERAN_MESSAGE;
  }
  if (Object.keys(fields).length > 0) throw new AppError(ERR.INVALID_INPUT, { fields });
}

/**
 * A write that names a disability or veteran record deleted after it was checked fails on its
 * foreign key, and nothing of it is saved: refused as if it had named one that is not the owner's.
 */
async function refusingGoneReferences<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    const broken = repository.brokenReference(error);
    if (broken === 'veteran') {
      throw new AppError(ERR.INVALID_INPUT, { fields: { veteran_id: VETERAN_MESSAGE } });
    }
    if (broken === 'disability') {
      throw new AppError(ERR.INVALID_INPUT, { fields: { disability_ids: DISABILITY_MESSAGE } });
    }
    throw error;
  }
}

/** The owner's claims, newest first. */
export async function listClaims(options: Owner & { page: PageQuery }): Promise<Paged<Claim>> {
  const { rows, total } = await repository.listClaims(options);
  return {
    results: await withDisabilities(options, rows),
    meta: { page: options.page.page, page_size: options.page.page_size, total },
  };
}

/** One of the owner's claims; anything else (another user's, malformed, gone) is not found. */
export async function getClaim(options: Owner & { id: string }): Promise<Claim> {
  const row = await repository.findClaim(options);
  if (!row) throw new AppError(ERR.NOT_FOUND);
  return claimOf(options, row);
}

/** Refuses (404) unless `id` is one of the owner's claims. */
export async function assertOwnClaim(options: Owner & { id: string }): Promise<void> {
  if (!(await repository.findClaim(options))) throw new AppError(ERR.NOT_FOUND);
}

/**
 * Makes a claim, a draft. Without `veteran_id` it is for the owner's primary veteran record (or
 * none while they have no record). Every disability and the record must be the owner's.
 */
export async function createClaim(options: Owner & { input: CreateClaimInput }): Promise<Claim> {
  const owner = { db: options.db, userId: options.userId };
  const { input } = options;
  await checkReferences({
    ...owner,
    disabilityIds: input.disability_ids,
    veteranId: input.veteran_id,
  });
  const veteranId =
    input.veteran_id !== undefined
      ? input.veteran_id
      : ((await findPrimaryVeteranId(owner)) ?? null);
  const row = await refusingGoneReferences(
    repository.insertClaim({
      ...owner,
      values: { name: input.name, status: 'draft', veteranId },
      disabilityIds: input.disability_ids,
    }),
  );
  return claimOf(owner, row);
}

/** Changes the fields sent of one of the owner's claims; `disability_ids` replaces the whole set. */
export async function updateClaim(
  options: Owner & { id: string; input: UpdateClaimInput },
): Promise<Claim> {
  const owner = { db: options.db, userId: options.userId };
  const { input } = options;
  await checkReferences({
    ...owner,
    disabilityIds: input.disability_ids,
    veteranId: input.veteran_id,
  });
  const values: Partial<repository.ClaimValues> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.status !== undefined) values.status = input.status;
  if (input.veteran_id !== undefined) values.veteranId = input.veteran_id;
  const row = await refusingGoneReferences(
    repository.updateClaim({
      ...owner,
      id: options.id,
      values,
      disabilityIds: input.disability_ids,
    }),
  );
  if (!row) throw new AppError(ERR.NOT_FOUND);
  return claimOf(owner, row);
}

/** Deletes one of the owner's claims; its disabilities stay, only the list of them goes. */
export async function deleteClaim(options: Owner & { id: string }): Promise<void> {
  if (!(await repository.deleteClaim(options))) throw new AppError(ERR.NOT_FOUND);
}

/** Every claim of the owner with its disabilities (for the account export). */
export async function exportClaims(options: Owner): Promise<Claim[]> {
  return withDisabilities(options, await repository.listAllClaims(options));
}

// The review ----------------------------------------------------------------------------------

const NO_STATEMENT =
  'Personal statement: none yet. Write one in your own words: how the condition began in service and how it affects you now.';

/** What a disability still lacks, one plain sentence each, in the order of the elements. */
function missingOf(readiness: Readiness, statements: number): string[] {
  const missing = readiness.elements.flatMap((element) => {
    if (element.status === 'met') return [];
    const label = READINESS_ELEMENT_LABELS[element.element];
    const state = element.status === 'missing' ? 'missing' : 'not strong enough yet';
    return [`${label}: ${state}.${element.next_step ? ` ${element.next_step.text}` : ''}`];
  });
  if (statements === 0) missing.push(NO_STATEMENT);
  return missing;
}

/**
 * How ready a claim is: for each of its disabilities, in order, the readiness the readiness module
 * computes, its personal statements (named, never their text) and what it still lacks; and the
 * totals of the claim. A disability deleted while this is read is left out.
 */
export async function reviewClaim(
  options: Owner & { id: string; now?: Date },
): Promise<ClaimReview> {
  const owner = { db: options.db, userId: options.userId };
  const claim = await getClaim(options);
  const [statements, outside] = await Promise.all([
    listGeneratedStatements(owner),
    repository.findOutsideEvidence({
      ...owner,
      disabilityIds: claim.disabilities.map((disability) => disability.id),
    }),
  ]);
  const results: ClaimReviewDisability[] = [];
  // One after another: each reads several tables, and a claim holds at most 50.
  for (const disability of claim.disabilities) {
    let readiness: Readiness;
    try {
      readiness = await getReadiness({ ...owner, id: disability.id, now: options.now });
    } catch (error) {
      if (error instanceof AppError && error.code === ERR.NOT_FOUND) continue;
      throw error;
    }
    const own = statements
      .filter((statement) => statement.disability_id === disability.id)
      .map((statement) => ({
        id: statement.id,
        title: statement.title,
        version: statement.version,
        updated_at: statement.updated_at,
      }));
    results.push({
      disability,
      readiness,
      statements: own,
      buddy_statements: outside.statements
        .filter((row) => row.disabilityId === disability.id)
        .map((row) => ({
          id: row.id,
          name: row.name,
          status: laymanStatusOf(row),
          submitted_at: row.usedAt?.toISOString() ?? null,
        })),
      nexus_letters: outside.letters
        .filter((row) => row.disabilityId === disability.id)
        .map((row) => ({
          id: row.id,
          status: nexusLetterStatusSchema.parse(row.status),
          updated_at: row.updatedAt.toISOString(),
        })),
      missing: missingOf(readiness, own.length),
    });
  }
  const elements = results.flatMap((result) => result.readiness.elements);
  const countOf = (status: string) => elements.filter((e) => e.status === status).length;
  const ready = results.filter((result) => result.readiness.ready).length;
  return {
    claim_id: claim.id,
    ready: results.length > 0 && ready === results.length,
    totals: {
      disabilities: results.length,
      ready,
      with_statement: results.filter((result) => result.statements.length > 0).length,
      elements_met: countOf('met'),
      elements_weak: countOf('weak'),
      elements_missing: countOf('missing'),
    },
    next_step: results.find((result) => !result.readiness.ready)?.readiness.next_step ?? null,
    missing: claim.veteran_id
      ? []
      : ['Veteran record: none chosen. Add your veteran record and choose it for this claim.'],
    results,
  };
}
