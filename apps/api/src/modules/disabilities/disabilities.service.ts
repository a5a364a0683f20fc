import type { Paged } from '@muster/contract/common';
import {
  ALREADY_IN_LIST,
  ANSWER_STEPS,
  disabilityTitleKey,
  disabilityWizardStepSchemas,
  type AnswerStep,
  type BulkCreateDisabilitiesInput,
  type CreateDisabilityInput,
  type CreatedDisabilities,
  type Disability,
  type DisabilityAnswerStep,
  type DisabilityAnswers,
  type DisabilityListQuery,
  type UpdateDisabilityInput,
} from '@muster/contract/disabilities';
import type {
  DisabilityRecord,
  DsmCriterion,
  SecondaryDisability,
} from '@muster/contract/disability-records';
import { ERR } from '@muster/contract/errors';
import type { Db } from '@muster/db/client';
import type { DisabilityRow } from '@muster/db/schema/index';
import { AppError } from '#src/lib/errors.ts';
import { findPrimaryVeteranId, isOwnVeteran } from '#src/modules/veterans/veterans.service.ts';
import * as repository from './disabilities.repository.ts';
import { listOwnerRecords } from './disability-records.service.ts';
import { FieldErrors, blankToNull } from './field-errors.ts';
import { listOwnerSecondaries } from './secondary-disabilities.service.ts';

type Owner = { db: Db; userId: string };

export function toDisability(row: DisabilityRow): Disability {
  return {
    id: row.id,
    title: row.title,
    diagnostic_code: row.diagnosticCode,
    classification_code: row.classificationCode,
    side_of_body: row.sideOfBody as Disability['side_of_body'],
    diagnosis: row.diagnosis,
    claim_type: row.claimType as Disability['claim_type'],
    veteran_id: row.veteranId,
    percent: row.percent,
    wizard_step: row.wizardStep as Disability['wizard_step'],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const VETERAN_MESSAGE = 'Not one of your veteran records';

/** The columns to write for the fields given (absent fields are left out, so an update keeps them). */
function toValues(input: UpdateDisabilityInput): Partial<repository.DisabilityValues> {
  const values: Partial<repository.DisabilityValues> = {};
  if (input.title !== undefined) values.title = input.title;
  if (input.diagnostic_code !== undefined) values.diagnosticCode = input.diagnostic_code;
  if (input.classification_code !== undefined) {
    values.classificationCode = input.classification_code;
  }
  if (input.side_of_body !== undefined) values.sideOfBody = input.side_of_body;
  if (input.diagnosis !== undefined) values.diagnosis = input.diagnosis || null;
  if (input.claim_type !== undefined) values.claimType = input.claim_type;
  if (input.veteran_id !== undefined) values.veteranId = input.veteran_id;
  if (input.percent !== undefined) values.percent = input.percent;
  if (input.wizard_step !== undefined) values.wizardStep = input.wizard_step;
  return values;
}

/** A veteran record named in a body must be one of the owner's; another user's is refused alike. */
async function checkVeteran(options: Owner & { veteranId: string | null | undefined }) {
  if (!options.veteranId) return;
  if (!(await isOwnVeteran({ db: options.db, userId: options.userId, id: options.veteranId }))) {
    throw new AppError(ERR.INVALID_INPUT, { fields: { veteran_id: VETERAN_MESSAGE } });
  }
}

/** A write whose veteran record was deleted meanwhile is refused like one naming no record. */
async function refusingGoneVeteran<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (repository.isForeignKeyViolation(error)) {
      throw new AppError(ERR.INVALID_INPUT, { fields: { veteran_id: VETERAN_MESSAGE } });
    }
    throw error;
  }
}

/** The owner's disabilities, filtered by title and ordered as asked (newest first by default). */
export async function listDisabilities(
  options: Owner & { query: DisabilityListQuery },
): Promise<Paged<Disability>> {
  const { rows, total } = await repository.listDisabilities(options);
  return {
    results: rows.map(toDisability),
    meta: { page: options.query.page, page_size: options.query.page_size, total },
  };
}

/** One of the owner's disabilities; anything else (another user's, malformed, gone) is not found. */
export async function getDisability(options: Owner & { id: string }): Promise<Disability> {
  const row = await repository.findDisability(options);
  if (!row) throw new AppError(ERR.NOT_FOUND);
  return toDisability(row);
}

/** Refuses (404) unless `id` is one of the owner's disabilities. */
export async function assertOwnDisability(options: Owner & { id: string }): Promise<void> {
  if (!(await repository.findDisability(options))) throw new AppError(ERR.NOT_FOUND);
}

/**
 * Adds a disability. Without a `veteran_id`, it belongs to the owner's primary veteran record (or
 * to none while they have no record).
 */
export async function createDisability(
  options: Owner & { input: CreateDisabilityInput },
): Promise<Disability> {
  const { input } = options;
  await checkVeteran({ ...options, veteranId: input.veteran_id });
  const veteranId =
    input.veteran_id !== undefined
      ? input.veteran_id
      : ((await findPrimaryVeteranId(options)) ?? null);
  const row = await refusingGoneVeteran(
    repository.insertDisability({
      db: options.db,
      userId: options.userId,
      values: { ...toValues(input), title: input.title, veteranId },
    }),
  );
  return toDisability(row);
}

/**
 * Adds several disabilities at once, in one transaction: all of them or none. Each entry is
 * checked as a single create would be, and refused on its own path (`disabilities.3.veteran_id`);
 * a title already among the owner's disabilities (compared by `disabilityTitleKey`) is refused
 * with "Already in your list" (repeats within the request were refused with the body). Answers
 * the disabilities made, in the order sent.
 */
export async function createDisabilities(
  options: Owner & { input: BulkCreateDisabilitiesInput },
): Promise<CreatedDisabilities> {
  const entries = options.input.disabilities;
  const field = (index: number, name: string) => `disabilities.${index}.${name}`;
  const errors = new FieldErrors();
  const named = new Set(entries.flatMap((entry) => (entry.veteran_id ? [entry.veteran_id] : [])));
  const own = new Set<string>();
  for (const id of named) {
    if (await isOwnVeteran({ db: options.db, userId: options.userId, id })) own.add(id);
  }
  entries.forEach((entry, index) => {
    if (entry.veteran_id && !own.has(entry.veteran_id)) {
      errors.add(field(index, 'veteran_id'), VETERAN_MESSAGE);
    }
  });
  const primaryId = entries.some((entry) => entry.veteran_id === undefined)
    ? ((await findPrimaryVeteranId(options)) ?? null)
    : null;
  const values = entries.map((entry) => ({
    ...toValues(entry),
    title: entry.title,
    veteranId: entry.veteran_id !== undefined ? entry.veteran_id : primaryId,
  }));
  try {
    const rows = await repository.insertDisabilities({
      db: options.db,
      userId: options.userId,
      values,
      check: (existingTitles) => {
        const existing = new Set(existingTitles.map(disabilityTitleKey));
        entries.forEach((entry, index) => {
          if (existing.has(disabilityTitleKey(entry.title))) {
            errors.add(field(index, 'title'), ALREADY_IN_LIST);
          }
        });
        errors.throwIfAny();
      },
    });
    return { results: rows.map(toDisability) };
  } catch (error) {
    // A veteran record named (or the primary one) was deleted meanwhile: refused like one that
    // is not the owner's, on every entry that names one.
    if (repository.isForeignKeyViolation(error)) {
      const gone = new FieldErrors();
      values.forEach((value, index) => {
        if (value.veteranId) gone.add(field(index, 'veteran_id'), VETERAN_MESSAGE);
      });
      gone.throwIfAny();
    }
    throw error;
  }
}

/** Changes the fields sent of one of the owner's disabilities; null clears a field. */
export async function updateDisability(
  options: Owner & { id: string; input: UpdateDisabilityInput },
): Promise<Disability> {
  await checkVeteran({ ...options, veteranId: options.input.veteran_id });
  const row = await refusingGoneVeteran(
    repository.updateDisability({
      db: options.db,
      userId: options.userId,
      id: options.id,
      values: toValues(options.input),
    }),
  );
  if (!row) throw new AppError(ERR.NOT_FOUND);
  return toDisability(row);
}

/** Deletes one of the owner's disabilities with everything recorded under it, in one transaction. */
export async function deleteDisability(options: Owner & { id: string }): Promise<void> {
  if (!(await repository.deleteDisability(options))) throw new AppError(ERR.NOT_FOUND);
}

// The wizard's answers ------------------------------------------------------------------------

type StoredAnswers = { step: string; answers: string; updatedAt: Date };

function toAnswerStep(step: AnswerStep, row: StoredAnswers | undefined): DisabilityAnswerStep {
  return {
    step,
    answers: row ? disabilityWizardStepSchemas[step].parse(JSON.parse(row.answers)) : null,
    updated_at: row ? row.updatedAt.toISOString() : null,
  } as DisabilityAnswerStep;
}

/** Every step of one of the owner's disabilities, in the wizard's order; unsaved ones are null. */
export async function getAnswers(
  options: Owner & { disabilityId: string },
): Promise<DisabilityAnswers> {
  await assertOwnDisability({ ...options, id: options.disabilityId });
  const rows = await repository.listAnswers(options);
  return {
    results: ANSWER_STEPS.map((step) =>
      toAnswerStep(
        step,
        rows.find((row) => row.step === step),
      ),
    ),
  };
}

/** One step's answers (null until saved). */
export async function getAnswerStep<S extends AnswerStep>(
  options: Owner & { disabilityId: string; step: S },
): Promise<Extract<DisabilityAnswerStep, { step: S }>> {
  const { results } = await getAnswers(options);
  return results.find((entry) => entry.step === options.step) as Extract<
    DisabilityAnswerStep,
    { step: S }
  >;
}

/**
 * Saves one step whole: what is sent replaces what was there, so sending the same answers again
 * changes nothing but the time. The answers were checked against the step's schema on the way in.
 */
export async function saveAnswerStep<S extends AnswerStep>(
  options: Owner & { disabilityId: string; step: S; answers: unknown },
): Promise<Extract<DisabilityAnswerStep, { step: S }>> {
  const row = await repository.upsertAnswers({
    db: options.db,
    userId: options.userId,
    disabilityId: options.disabilityId,
    step: options.step,
    answers: JSON.stringify(blankToNull(options.answers)),
  });
  if (!row) throw new AppError(ERR.NOT_FOUND);
  return toAnswerStep(options.step, row) as Extract<DisabilityAnswerStep, { step: S }>;
}

// The search palette and the account export ---------------------------------------------------

/** The palette's matches: title and diagnosis (null when not diagnosed), newest first. */
export async function searchDisabilities(options: Owner & { q: string; limit: number }) {
  return repository.searchDisabilities(options);
}

type MentalHealthExport = DisabilityRecord<'mental-health-conditions'> & {
  traumatic_events: DisabilityRecord<'traumatic-events'>[];
  behavior_changes: DisabilityRecord<'behavior-changes'>[];
  official_reports: DisabilityRecord<'official-reports'>[];
  evidence_sources: DisabilityRecord<'evidence-sources'>[];
  dsm_criteria: DsmCriterion[];
};

export type DisabilityExport = Disability & {
  /** The saved wizard steps. */
  answers: DisabilityAnswerStep[];
  secondary_disabilities: SecondaryDisability[];
  exposures: DisabilityRecord<'exposures'>[];
  treatments: DisabilityRecord<'treatments'>[];
  mental_health_conditions: MentalHealthExport[];
};

/**
 * Every disability of the owner (or only the one `disabilityId` names) with everything recorded
 * under it, decrypted and nested, newest first: the account export, and what a statement and the
 * claim readiness are made from.
 */
export async function exportDisabilities(
  options: Owner & { disabilityId?: string },
): Promise<DisabilityExport[]> {
  const [rows, answers, { records, dsm }, secondaries] = await Promise.all([
    repository.listAllDisabilities(options),
    repository.listAllAnswers(options),
    listOwnerRecords(options),
    listOwnerSecondaries(options),
  ]);
  const recordsOf = <K extends (typeof records)[number]['kind']>(
    kind: K,
    disabilityId: string,
    parentId: string | null = null,
  ) =>
    records
      .filter(
        (entry) =>
          entry.kind === kind &&
          entry.record.disability_id === disabilityId &&
          entry.parentId === parentId,
      )
      .map((entry) => entry.record as DisabilityRecord<K>);
  return rows.map((row) => ({
    ...toDisability(row),
    answers: ANSWER_STEPS.flatMap((step) => {
      const saved = answers.find((entry) => entry.disabilityId === row.id && entry.step === step);
      return saved ? [toAnswerStep(step, saved)] : [];
    }),
    secondary_disabilities: secondaries.filter((entry) => entry.disability_id === row.id),
    exposures: recordsOf('exposures', row.id),
    treatments: recordsOf('treatments', row.id),
    mental_health_conditions: recordsOf('mental-health-conditions', row.id).map((condition) => ({
      ...condition,
      traumatic_events: recordsOf('traumatic-events', row.id, condition.id),
      behavior_changes: recordsOf('behavior-changes', row.id, condition.id),
      official_reports: recordsOf('official-reports', row.id, condition.id),
      evidence_sources: recordsOf('evidence-sources', row.id, condition.id),
      dsm_criteria: dsm.filter((entry) => entry.condition_id === condition.id),
    })),
  }));
}

/** One of the owner's disabilities with everything recorded under it; not found when not theirs. */
export async function disabilityDossier(
  options: Owner & { id: string },
): Promise<DisabilityExport> {
  const [found] = await exportDisabilities({
    db: options.db,
    userId: options.userId,
    disabilityId: options.id,
  });
  if (!found) throw new AppError(ERR.NOT_FOUND);
  return found;
}

/**
 * For modules that keep rows under a disability: whether `id` can name a row at all, and, inside
 * a transaction, whether it is the owner's disability, held (FOR KEY SHARE) until the transaction
 * ends so it cannot be deleted under a row being written.
 */
export const isRowId = repository.isRowId;
export const holdOwnDisability = repository.holdDisability;

/** The owner's disabilities among `ids` (others, and malformed ids, are left out). */
export async function findOwnDisabilities(
  options: Owner & { ids: string[] },
): Promise<Disability[]> {
  return (await repository.findDisabilities(options)).map(toDisability);
}
