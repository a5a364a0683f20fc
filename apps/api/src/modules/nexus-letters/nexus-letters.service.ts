import type { Paged, PageQuery } from '@muster/contract/common';
import { disabilityWizardStepSchemas, type ClaimType } from '@muster/contract/disabilities';
import { ERR } from '@muster/contract/errors';
import {
  MAX_RECORDS_REVIEWED,
  NEXUS_CONTENT_MAX,
  NEXUS_FIELD_MAX,
  NEXUS_RECORD_MAX,
  negativeConditionSchema,
  nexusDetailsSchema,
  type CreateNexusLetterInput,
  type NegativeCondition,
  type NegativeConditionInput,
  type NegativeConditions,
  type NexusDetails,
  type NexusDetailsInput,
  type NexusLetter,
  type NexusLetterFormat,
  type NexusLetterStatus,
  type OpinionBasis,
  type UpdateNexusLetterInput,
} from '@muster/contract/nexus-letters';
import { EXPOSURE_KIND_LABELS, exposureLocationLabel } from '@muster/contract/toxic-exposures';
import { formatLongDay } from '@muster/domain/format';
import type { Db } from '@muster/db/client';
import { z } from 'zod';
import { AppError } from '#src/lib/errors.ts';
import {
  disabilityDossier,
  findOwnDisabilities,
  type DisabilityExport,
} from '#src/modules/disabilities/disabilities.service.ts';
import { consumeQuota, refundQuota } from '#src/modules/quotas/quotas.service.ts';
import { findPrimaryVeteranId, getVeteran } from '#src/modules/veterans/veterans.service.ts';
import { renderLetterDocx } from './documents/letter-docx.ts';
import { renderLetterPdf } from './documents/letter-pdf.ts';
import { draftLetter } from './letter-template.ts';
import * as repository from './nexus-letters.repository.ts';

type Owner = { db: Db; userId: string };
type Place = Owner & { disabilityId: string };

const EMPTY_DETAILS: NexusDetails = {
  diagnosis: null,
  in_service_event: null,
  primary_condition: null,
  records_reviewed: [],
  provider: {
    name: null,
    credentials: null,
    specialty: null,
    license_number: null,
    address: null,
    phone: null,
  },
};

/** The stored JSON, checked against the contract (a row an older version wrote reads empty). */
function detailsOf(json: string): NexusDetails {
  const parsed = nexusDetailsSchema.safeParse(safeJson(json));
  return parsed.success ? parsed.data : EMPTY_DETAILS;
}

function negativeConditionsOf(json: string): NegativeCondition[] {
  const parsed = z.array(negativeConditionSchema).safeParse(safeJson(json));
  return parsed.success ? parsed.data : [];
}

function safeJson(json: string): unknown {
  try {
    return JSON.parse(json) as unknown;
  } catch {
    // A value that is not JSON reads as nothing recorded; the schema check above says so.
    return null;
  }
}

function toLetter({ letter, title }: repository.LetterWithTitle): NexusLetter {
  return {
    id: letter.id,
    disability_id: letter.disabilityId,
    disability_title: title,
    status: letter.status as NexusLetterStatus,
    opinion_basis: letter.opinionBasis as OpinionBasis,
    details: detailsOf(letter.details),
    negative_conditions: negativeConditionsOf(letter.negativeConditions),
    content: letter.content,
    signed_file_id: letter.signedFileId,
    created_at: letter.createdAt.toISOString(),
    updated_at: letter.updatedAt.toISOString(),
  };
}

/** Empty text sent for a field clears it. */
const orNull = (value: string | null) => (value === null || value === '' ? null : value);

function pick<T>(sent: T | null | undefined, kept: T | null): T | null {
  return sent === undefined ? kept : sent;
}

/** The details with the fields sent put over `base` (those left out keep their value). */
function mergeDetails(base: NexusDetails, input: NexusDetailsInput | undefined): NexusDetails {
  if (!input) return base;
  const provider = input.provider ?? {};
  return {
    diagnosis: orNull(pick(input.diagnosis, base.diagnosis)),
    in_service_event: orNull(pick(input.in_service_event, base.in_service_event)),
    primary_condition: orNull(pick(input.primary_condition, base.primary_condition)),
    records_reviewed: input.records_reviewed ?? base.records_reviewed,
    provider: {
      name: orNull(pick(provider.name, base.provider.name)),
      credentials: orNull(pick(provider.credentials, base.provider.credentials)),
      specialty: orNull(pick(provider.specialty, base.provider.specialty)),
      license_number: orNull(pick(provider.license_number, base.provider.license_number)),
      address: orNull(pick(provider.address, base.provider.address)),
      phone: orNull(pick(provider.phone, base.provider.phone)),
    },
  };
}

function toNegativeConditions(input: NegativeConditionInput[]): NegativeCondition[] {
  return input.map((entry) => ({
    description: entry.description,
    response: orNull(entry.response ?? null),
  }));
}

// Prefilling from the disability ----------------------------------------------------------------

/** How the disability's claim connects to service, as an opinion's basis. */
export function basisForClaimType(claimType: ClaimType | null): OpinionBasis {
  if (claimType === 'secondary') return 'secondary';
  if (claimType === 'worsened_by_service') return 'aggravated';
  return 'caused';
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

function humanize(key: string): string {
  const words = key.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function rangeOf(start: string | null, end: string | null): string {
  if (start && end) return `, ${formatLongDay(start)} to ${formatLongDay(end)}`;
  if (start) return `, from ${formatLongDay(start)}`;
  if (end) return `, until ${formatLongDay(end)}`;
  return '';
}

function exposurePlace(exposure: DisabilityExport['exposures'][number]): string {
  const place = [
    exposure.location ? exposureLocationLabel(exposure.kind, exposure.location) : undefined,
    exposure.location_details,
  ].filter((part): part is string => Boolean(part) && part !== 'Another location');
  return place.length ? ` (${place.join(', ')})` : '';
}

/** The wizard's answers about service, when saved. */
function militaryAnswersOf(dossier: DisabilityExport) {
  const saved = dossier.answers.find((step) => step.step === 'military-symptoms');
  const parsed = disabilityWizardStepSchemas['military-symptoms'].safeParse(saved?.answers);
  return parsed.success ? parsed.data : null;
}

/** What happened in service, from the wizard's answer, else the exposures and traumatic events. */
function inServiceEventOf(dossier: DisabilityExport): string | null {
  const answered = militaryAnswersOf(dossier)?.in_service_event;
  if (answered) return clip(answered, NEXUS_FIELD_MAX);
  const events = [
    ...dossier.exposures.map(
      (exposure) =>
        `${EXPOSURE_KIND_LABELS[exposure.kind]} exposure${exposurePlace(exposure)}${rangeOf(exposure.start_date, exposure.end_date)}`,
    ),
    ...dossier.mental_health_conditions.flatMap((condition) =>
      condition.traumatic_events.map((event) => event.description),
    ),
  ];
  return events.length ? clip(events.join('; '), NEXUS_FIELD_MAX) : null;
}

/** The records the disability has, each named as a physician would list it. */
function recordsOf(dossier: DisabilityExport): string[] {
  const reported = militaryAnswersOf(dossier)?.reported_during_service === true;
  const conditions = dossier.mental_health_conditions;
  const records = [
    ...(reported ? ['Service treatment records of the in-service complaint'] : []),
    ...dossier.exposures.map(
      (exposure) =>
        `Service records of ${EXPOSURE_KIND_LABELS[exposure.kind]} exposure${exposurePlace(exposure)}${rangeOf(exposure.start_date, exposure.end_date)}`,
    ),
    ...dossier.treatments.map(
      (treatment) =>
        `Treatment records from ${treatment.facility_name}${treatment.provider_name ? ` (${treatment.provider_name})` : ''}${rangeOf(treatment.start_date, treatment.end_date)}`,
    ),
    ...conditions.flatMap((condition) =>
      condition.official_reports.map(
        (report) =>
          `${humanize(report.report_type)} report${report.agency ? ` from ${report.agency}` : ''}${report.report_number ? `, no. ${report.report_number}` : ''}${report.report_date ? `, dated ${formatLongDay(report.report_date)}` : ''}`,
      ),
    ),
    ...conditions.flatMap((condition) =>
      condition.evidence_sources.map(
        (source) => `${humanize(source.source_type)}${source.name ? ` from ${source.name}` : ''}`,
      ),
    ),
  ];
  return [...new Set(records.map((record) => clip(record, NEXUS_RECORD_MAX)))].slice(
    0,
    MAX_RECORDS_REVIEWED,
  );
}

/** The titles of the primaries a secondary disability rests on, joined for a sentence. */
async function primaryConditionOf(owner: Owner, dossier: DisabilityExport): Promise<string | null> {
  const ids = [...new Set(dossier.secondary_disabilities.flatMap((entry) => entry.primary_ids))];
  if (ids.length === 0) return null;
  const titles = (await findOwnDisabilities({ ...owner, ids })).map((primary) => primary.title);
  if (titles.length === 0) return null;
  return clip(
    titles.length === 1 ? titles[0]! : `${titles.slice(0, -1).join(', ')} and ${titles.at(-1)}`,
    400,
  );
}

async function prefillFrom(
  owner: Owner,
  dossier: DisabilityExport,
): Promise<{ basis: OpinionBasis; details: NexusDetails }> {
  return {
    basis: basisForClaimType(dossier.claim_type),
    details: {
      ...EMPTY_DETAILS,
      diagnosis: dossier.diagnosis ?? null,
      in_service_event: inServiceEventOf(dossier),
      primary_condition: await primaryConditionOf(owner, dossier),
      records_reviewed: recordsOf(dossier),
    },
  };
}

// The letters ----------------------------------------------------------------------------------

const QUOTA_FEATURE = 'nexus_letters';

/**
 * Drafts a letter under the owner's disability. What the input leaves out is taken from the
 * disability (its diagnosis, basis, primary, event and records). Counts against the month's
 * `nexus_letters` quota (refused when none is left, while billing is on), given back when the
 * letter then cannot be saved.
 */
export async function createLetter(
  place: Place & { input: CreateNexusLetterInput; billingEnabled: boolean },
): Promise<NexusLetter> {
  const dossier = await disabilityDossier({ ...place, id: place.disabilityId });
  const prefill = await prefillFrom(place, dossier);
  const details = mergeDetails(prefill.details, place.input.details);
  const now = new Date();
  const quota = { db: place.db, userId: place.userId, feature: QUOTA_FEATURE, now } as const;
  await consumeQuota({ ...quota, billingEnabled: place.billingEnabled });
  let saved: repository.LetterWithTitle | undefined;
  try {
    saved = await repository.insertLetter({
      ...place,
      values: {
        status: 'draft',
        opinionBasis: place.input.opinion_basis ?? prefill.basis,
        details: JSON.stringify(details),
        negativeConditions: JSON.stringify(
          toNegativeConditions(place.input.negative_conditions ?? []),
        ),
        content: null,
      },
    });
  } catch (error) {
    await refundQuota(quota);
    throw error;
  }
  if (!saved) {
    // The disability was deleted in between: nothing was made, so nothing is counted.
    await refundQuota(quota);
    throw new AppError(ERR.NOT_FOUND);
  }
  return toLetter(saved);
}

export async function listLetters(
  options: Owner & { disabilityId?: string; page: PageQuery },
): Promise<Paged<NexusLetter>> {
  const { rows, total } = await repository.listLetters(options);
  return {
    results: rows.map(toLetter),
    meta: { page: options.page.page, page_size: options.page.page_size, total },
  };
}

async function findOrThrow(place: Place & { id: string }): Promise<repository.LetterWithTitle> {
  const found = await repository.findLetter(place);
  if (!found) throw new AppError(ERR.NOT_FOUND);
  return found;
}

export async function getLetter(place: Place & { id: string }): Promise<NexusLetter> {
  return toLetter(await findOrThrow(place));
}

/** One of the owner's letters by its id alone (the letter's own page knows no disability). */
export async function getOwnLetter(owner: Owner & { id: string }): Promise<NexusLetter> {
  const found = await repository.findOwnLetter(owner);
  if (!found) throw new AppError(ERR.NOT_FOUND);
  return toLetter(found);
}

/** Changes the fields sent; details are merged field by field. */
export async function updateLetter(
  place: Place & { id: string; input: UpdateNexusLetterInput },
): Promise<NexusLetter> {
  const found = await findOrThrow(place);
  const { input } = place;
  const values: Partial<repository.LetterValues> = {};
  if (input.status !== undefined) values.status = input.status;
  if (input.opinion_basis !== undefined) values.opinionBasis = input.opinion_basis;
  if (input.details !== undefined) {
    values.details = JSON.stringify(mergeDetails(detailsOf(found.letter.details), input.details));
  }
  if (input.content !== undefined) values.content = orNull(input.content);
  const saved = await repository.updateLetter({ ...place, values });
  if (!saved) throw new AppError(ERR.NOT_FOUND);
  return toLetter(saved);
}

export async function deleteLetter(place: Place & { id: string }): Promise<void> {
  if (!(await repository.deleteLetter(place))) throw new AppError(ERR.NOT_FOUND);
}

export async function getNegativeConditions(
  place: Place & { id: string },
): Promise<NegativeConditions> {
  const letter = await getLetter(place);
  return { negative_conditions: letter.negative_conditions };
}

/** Replaces the whole list of facts against the claim. */
export async function replaceNegativeConditions(
  place: Place & { id: string; negativeConditions: NegativeConditionInput[] },
): Promise<NegativeConditions> {
  const saved = await repository.updateLetter({
    ...place,
    values: {
      negativeConditions: JSON.stringify(toNegativeConditions(place.negativeConditions)),
    },
  });
  if (!saved) throw new AppError(ERR.NOT_FOUND);
  return { negative_conditions: toLetter(saved).negative_conditions };
}

/** The veteran's name for the letter: the disability's record, else the primary one. */
async function veteranNameOf(owner: Owner, dossier: DisabilityExport): Promise<string | null> {
  const id = dossier.veteran_id ?? (await findPrimaryVeteranId(owner));
  if (!id) return null;
  try {
    const veteran = await getVeteran({ ...owner, id, reveal: false });
    return [veteran.first_name, veteran.middle_name, veteran.last_name]
      .filter((part) => part)
      .join(' ');
  } catch (error) {
    // Deleted between the two reads: the letter says "the veteran".
    if (error instanceof AppError && error.code === ERR.NOT_FOUND) return null;
    throw error;
  }
}

/** The letter's text drafted from its details, as it stands now. */
async function draftOf(
  place: Place & { today?: Date },
  found: repository.LetterWithTitle,
): Promise<string> {
  const letter = toLetter(found);
  const dossier = await disabilityDossier({ ...place, id: place.disabilityId });
  const text = draftLetter({
    basis: letter.opinion_basis,
    disabilityTitle: letter.disability_title,
    details: letter.details,
    negativeConditions: letter.negative_conditions,
    veteranName: await veteranNameOf(place, dossier),
    dateLabel: formatLongDay((place.today ?? new Date()).toISOString().slice(0, 10)),
  });
  return clip(text, NEXUS_CONTENT_MAX);
}

/**
 * Drafts the letter's text from its details, the disability and the facts against the claim, and
 * saves it as the letter's content (replacing what was there).
 */
export async function generateContent(
  place: Place & { id: string; today?: Date },
): Promise<NexusLetter> {
  const found = await findOrThrow(place);
  const content = await draftOf(place, found);
  const saved = await repository.updateLetter({ ...place, values: { content } });
  if (!saved) throw new AppError(ERR.NOT_FOUND);
  return toLetter(saved);
}

const CONTENT_TYPES: Record<NexusLetterFormat, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

function downloadName(title: string, format: NexusLetterFormat): string {
  const slug =
    title
      .normalize('NFKD')
      .replace(/[^\w\s-]/g, '')
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/g, '-')
      .slice(0, 60)
      .replace(/-+$/, '') || 'disability';
  return `nexus-letter-${slug}.${format}`;
}

/**
 * The letter as a file: its saved text, or when none is saved yet, the text drafted from its
 * details now (not saved).
 */
export async function letterDocument(
  place: Place & { id: string; format: NexusLetterFormat; today?: Date },
): Promise<{ bytes: Uint8Array; contentType: string; filename: string }> {
  const found = await findOrThrow(place);
  const content = found.letter.content ?? (await draftOf(place, found));
  const input = { disabilityTitle: found.title, content };
  const bytes =
    place.format === 'docx' ? await renderLetterDocx(input) : await renderLetterPdf(input);
  return {
    bytes,
    contentType: CONTENT_TYPES[place.format],
    filename: downloadName(found.title, place.format),
  };
}

/** Every nexus letter of the owner with its details and text (for the account export). */
export async function exportNexusLetters(owner: Owner): Promise<NexusLetter[]> {
  return (await repository.listAllLetters(owner)).map(toLetter);
}
